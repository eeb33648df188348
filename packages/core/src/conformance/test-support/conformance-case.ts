import type { CheckDefinition } from '../../check.js';
import type { CaseRecord } from '../../record.js';
import type { FixtureName } from '@mcp-eval/fixture-servers';
import type { FixtureTransport } from '../../test-support/evaluate-check.js';
import { evaluateCheck } from '../../test-support/evaluate-check.js';
import { expectNoCanary } from '../../test-support/expect-no-canary.js';

export type Era = '2026-07-28' | '2025-11-25';

/**
 * One conformance assertion against a fixture, through the real engine and instrument, with the
 * record boundary checked on the way out: no assertion may ever let fixture text through.
 */
export async function conformanceCase(
  check: CheckDefinition,
  fixture: FixtureName,
  transport: FixtureTransport,
  protocol: Era | 'auto' = 'auto',
  env: Readonly<Record<string, string>> = {},
  timeoutMs = 15_000,
): Promise<CaseRecord> {
  const record = await evaluateCheck(check, {}, fixture, transport, { protocol, env, timeoutMs });
  expectNoCanary(record);
  return record;
}
