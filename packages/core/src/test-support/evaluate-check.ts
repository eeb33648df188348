import type { HttpFixture } from '@mcp-eval/fixture-servers';
import { startHttpFixture, stdioFixture } from '@mcp-eval/fixture-servers';
import type { FixtureName } from '@mcp-eval/fixture-servers';
import type { ConnectorOptions, Target } from '@mcp-eval/transports';
import { createConnector } from '@mcp-eval/transports';

import type { CatalogBudget } from '../catalog/catalog-budget.js';
import type { CheckDefinition } from '../check.js';
import type { CaseRecord, Gate } from '../record.js';
import { evaluate } from '../engine/evaluate.js';

export type FixtureTransport = 'stdio' | 'http';

export interface EvaluateCheckOptions {
  readonly protocol?: ConnectorOptions['protocol'];
  readonly timeoutMs?: number;
  readonly caseTimeoutMs?: number;
  readonly allowMutation?: boolean;
  readonly repeat?: number;
  readonly gate?: Gate;
  /** Extra environment for the fixture process (e.g. FIXTURE_CALL_LOG). */
  readonly env?: Readonly<Record<string, string>>;
  readonly catalogBudget?: CatalogBudget;
}

/**
 * Runs one check against a real fixture server through the real instrument and the real engine,
 * exactly as `mcp-eval run` would, and returns the case record.
 */
export async function evaluateCheck(
  check: CheckDefinition,
  params: unknown,
  fixture: FixtureName,
  transport: FixtureTransport,
  options: EvaluateCheckOptions = {},
): Promise<CaseRecord> {
  let http: HttpFixture | undefined;
  try {
    let target: Target;
    if (transport === 'http') {
      http = await startHttpFixture(fixture, options.env);
      target = { transport: 'http', url: http.url };
    } else {
      target = stdioFixture(fixture, options.env);
    }
    return await evaluateTarget(check, params, target, options);
  } finally {
    await http?.close();
  }
}

/** The same against any target, e.g. a published server installed from npm. */
export async function evaluateTarget(check: CheckDefinition, params: unknown, target: Target, options: EvaluateCheckOptions = {}): Promise<CaseRecord> {
  const connector = createConnector(target, {
    protocol: options.protocol ?? 'auto',
    timeoutMs: options.timeoutMs ?? 5_000,
  });
  const evaluation = await evaluate({
    connector,
    cases: [{ id: 'case-under-test', check, params, ...(options.gate ? { gate: options.gate } : {}) }],
    repeat: options.repeat ?? 1,
    allowMutation: options.allowMutation ?? false,
    timeoutMs: options.timeoutMs ?? 5_000,
    ...(options.caseTimeoutMs === undefined ? {} : { caseTimeoutMs: options.caseTimeoutMs }),
    ...(options.catalogBudget === undefined ? {} : { catalogBudget: options.catalogBudget }),
    concurrency: 1,
  });
  const [record] = evaluation.records;
  if (!record) throw new Error('the engine returned no record');
  return record;
}
