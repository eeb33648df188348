import type { HttpFixture } from '@mcp-eval/fixture-servers';
import { startHttpFixture, stdioFixture } from '@mcp-eval/fixture-servers';
import type { FixtureName } from '@mcp-eval/fixture-servers';
import type { ConnectorOptions, Target } from '@mcp-eval/transports';
import { createConnector } from '@mcp-eval/transports';

import type { CheckDefinition } from '../check.js';
import type { CaseRecord } from '../record.js';
import { CHECK_CASE_TIMEOUT_MS, evaluateCheckCase } from '../testing/evaluate-check-case.js';
import type { CheckCaseOptions } from '../testing/evaluate-check-case.js';

export type FixtureTransport = 'stdio' | 'http';

/** The published harness's options, plus what a fixture server needs. */
export interface EvaluateCheckOptions extends CheckCaseOptions {
  readonly protocol?: ConnectorOptions['protocol'];
  /** Extra environment for the fixture process (e.g. FIXTURE_CALL_LOG). */
  readonly env?: Readonly<Record<string, string>>;
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
  const timeoutMs = options.timeoutMs ?? CHECK_CASE_TIMEOUT_MS;
  const connector = createConnector(target, { protocol: options.protocol ?? 'auto', timeoutMs });
  return evaluateCheckCase(check, params, connector, { ...options, timeoutMs });
}
