import type { HttpFixture } from '@mcp-eval/fixture-servers';
import { inMemoryFixture, startHttpFixture, stdioFixture } from '@mcp-eval/fixture-servers';
import type { FixtureName } from '@mcp-eval/fixture-servers';
import type { ConnectorOptions, Target } from '@mcp-eval/transports';
import { createConnector, inMemoryConnector } from '@mcp-eval/transports';
import type { Connector } from '@mcp-eval/protocol';

import type { CheckDefinition } from '../check.js';
import type { CaseRecord } from '../record.js';
import { CHECK_CASE_TIMEOUT_MS, evaluateCheckCase } from '../testing/evaluate-check-case.js';
import type { CheckCaseOptions } from '../testing/evaluate-check-case.js';

/**
 * How a test reaches its fixture: a process over stdio, a loopback HTTP server in a child process,
 * or `memory`, the same stdio binding to the fixture's SDK server in this process (no process to
 * start: for tests whose subject is not the process; SDK-built profiles only).
 */
export type FixtureTransport = 'stdio' | 'http' | 'memory';

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
  if (transport === 'memory') {
    const server = inMemoryFixture(fixture, options.env);
    return evaluateOver(check, params, (settings) => inMemoryConnector(server, settings), options);
  }
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
export function evaluateTarget(
  check: CheckDefinition,
  params: unknown,
  target: Target,
  options: EvaluateCheckOptions = {},
): Promise<CaseRecord> {
  return evaluateOver(check, params, (settings) => createConnector(target, settings), options);
}

/** One case over the connector `connect` builds, with the harness's protocol and timeout. */
function evaluateOver(
  check: CheckDefinition,
  params: unknown,
  connect: (settings: ConnectorOptions) => Connector,
  options: EvaluateCheckOptions,
): Promise<CaseRecord> {
  const timeoutMs = options.timeoutMs ?? CHECK_CASE_TIMEOUT_MS;
  return evaluateCheckCase(check, params, connect({ protocol: options.protocol ?? 'auto', timeoutMs }), { ...options, timeoutMs });
}
