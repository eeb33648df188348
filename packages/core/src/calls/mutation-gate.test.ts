import type { FixtureName } from '@mcp-eval/fixture-servers';
import { afterAll, describe, expect, it } from 'vitest';

import type { CheckDefinition } from '../check.js';
import { cancellation } from '../checks/cancellation.js';
import { contention } from '../checks/contention.js';
import { degradationOverN } from '../checks/degradation-over-n.js';
import { errorHonesty } from '../checks/error-honesty.js';
import { checks } from '../checks/index.js';
import { instructionFidelity } from '../checks/instruction-fidelity.js';
import { latencyBudget } from '../checks/latency-budget.js';
import { load } from '../checks/load.js';
import { outputSchema } from '../checks/output-schema.js';
import { payloadBounds } from '../checks/payload-bounds.js';
import { responseCost } from '../checks/response-cost.js';
import { restartRecovery } from '../checks/restart-recovery.js';
import { schemaGuessability } from '../checks/schema-guessability.js';
import { stateRecovery } from '../checks/state-recovery.js';
import { statelessRoundRobin } from '../checks/stateless-round-robin.js';
import { streamDrop } from '../checks/stream-drop.js';
import { evaluateCheck } from '../test-support/evaluate-check.js';
import { tempFiles } from '../test-support/temp-files.js';

const files = tempFiles();
afterAll(() => files.remove());

interface GatedCase {
  readonly check: CheckDefinition;
  /** A case calling `tool`, which the fixture does not annotate `readOnlyHint: true`. */
  readonly params: Record<string, unknown>;
  readonly fixture: FixtureName;
  readonly tool: string;
  /** stdio unless the check applies only over HTTP (stream-drop: a response stream to drop). */
  readonly transport?: 'http';
}

// create_item is annotated `readOnlyHint: false`; missing-output's `add` carries no annotations at
// all (the spec's defaults: potentially destructive) and is the only such tool with an outputSchema.
const created = { tool: 'create_item', arguments: { id: 'gate', value: 'v' } };
const GATED: readonly GatedCase[] = [
  { check: schemaGuessability, params: created, fixture: 'reference', tool: 'create_item' },
  { check: errorHonesty, params: { ...created, expect_retryable: false }, fixture: 'reference', tool: 'create_item' },
  {
    check: stateRecovery,
    // No step is declared mutating, yet create_item is not read-only: the one gate still applies.
    params: {
      failure: { tool: 'get_item', arguments: { id: 'gate' } },
      recovery: created,
      validation: { tool: 'get_item', arguments: { id: 'gate' } },
    },
    fixture: 'reference',
    tool: 'create_item',
  },
  { check: contention, params: created, fixture: 'reference', tool: 'create_item' },
  { check: degradationOverN, params: { ...created, max_attempts: 2 }, fixture: 'reference', tool: 'create_item' },
  { check: instructionFidelity, params: { ...created, expect: { fields: ['id'] } }, fixture: 'reference', tool: 'create_item' },
  { check: latencyBudget, params: { ...created, max_latency_ms: 5_000, max_attempts: 1 }, fixture: 'reference', tool: 'create_item' },
  { check: payloadBounds, params: { ...created, field: 'value', length: 64 }, fixture: 'reference', tool: 'create_item' },
  { check: outputSchema, params: { tool: 'add', arguments: { a: 1, b: 2 } }, fixture: 'missing-output', tool: 'add' },
  { check: load, params: { ...created, clients: 1, requests: 2 }, fixture: 'reference', tool: 'create_item' },
  { check: responseCost, params: created, fixture: 'reference', tool: 'create_item' },
  { check: cancellation, params: { ...created, watch_ms: 0 }, fixture: 'reference', tool: 'create_item' },
  { check: restartRecovery, params: created, fixture: 'reference', tool: 'create_item' },
  { check: statelessRoundRobin, params: { ...created, rounds: 2 }, fixture: 'reference', tool: 'create_item' },
  { check: streamDrop, params: created, fixture: 'reference', tool: 'create_item', transport: 'http' },
];

let logs = 0;
function callLog(): { env: Record<string, string>; calls: () => string[] } {
  logs += 1;
  const name = `gate-${logs}.jsonl`;
  return { env: { FIXTURE_CALL_LOG: files.path(name) }, calls: () => files.calls(name) };
}

describe('the one mutation gate', () => {
  it('covers every check whose parameters name a tool to call, each accepting read_only', () => {
    const calling = checks.filter((c) => 'tool' in ((c.params.properties ?? {}) as object) || c.id === 'state-recovery').map((c) => c.id);
    expect(calling.sort()).toEqual(GATED.map((g) => g.check.id).sort());
    for (const check of checks.filter((c) => calling.includes(c.id))) {
      expect((check.params.properties as Record<string, unknown>).read_only, check.id).toMatchObject({ type: 'boolean' });
      expect(check.labels, check.id).toHaveProperty('mutation-not-allowed');
    }
  });

  describe.each(GATED)('$check.id', ({ check, params, fixture, tool, transport: over }) => {
    const transport = over ?? 'stdio';
    it('sends nothing to a tool that is not annotated read-only, and skips', async () => {
      const log = callLog();
      const record = await evaluateCheck(check, params, fixture, transport, { env: log.env });
      expect(record).toMatchObject({ status: 'skip', label: 'mutation-not-allowed', tool, measurements: { listed: 1 } });
      expect(log.calls()).toEqual([]);
    });

    it('calls it when the case declares read_only: true', async () => {
      const log = callLog();
      await evaluateCheck(check, { ...params, read_only: true }, fixture, transport, { env: log.env });
      expect(log.calls()).toContain(tool);
    });

    it('calls it with a sandbox and --allow-mutation', async () => {
      const log = callLog();
      await evaluateCheck(check, params, fixture, transport, { env: log.env, allowMutation: true });
      expect(log.calls()).toContain(tool);
    });
  });

  it('read_only: false vouches for nothing', async () => {
    const log = callLog();
    const record = await evaluateCheck(degradationOverN, { ...created, max_attempts: 1, read_only: false }, 'reference', 'stdio', {
      env: log.env,
    });
    expect(record).toMatchObject({ status: 'skip', label: 'mutation-not-allowed' });
    expect(log.calls()).toEqual([]);
  });

  it('a tool the catalog does not list is never called: the engine names it before the gate', async () => {
    const log = callLog();
    const record = await evaluateCheck(
      errorHonesty,
      { tool: 'no_such_tool', arguments: {}, expect_retryable: false },
      'reference',
      'stdio',
      { env: log.env },
    );
    expect(record).toMatchObject({ status: 'error', label: 'tool-not-listed', tool: 'no_such_tool' });
    expect(log.calls()).toEqual([]);
  });

  it('a tool annotated readOnlyHint: true is called with no declaration', async () => {
    const log = callLog();
    const record = await evaluateCheck(
      degradationOverN,
      { tool: 'get_item', arguments: { id: 'a' }, max_attempts: 2 },
      'reference',
      'stdio',
      { env: log.env },
    );
    expect(record).toMatchObject({ status: 'pass', label: 'stable' });
    expect(log.calls()).toEqual(['get_item', 'get_item']);
  });

  it("state-recovery's mutating steps need the sandbox and the flag, whatever read_only says", async () => {
    const log = callLog();
    const plan = {
      failure: { tool: 'get_item', arguments: { id: 'm' } },
      recovery: { ...created, mutating: true },
      validation: { tool: 'get_item', arguments: { id: 'm' } },
      read_only: true,
    };
    const record = await evaluateCheck(stateRecovery, plan, 'reference', 'stdio', { env: log.env });
    expect(record).toMatchObject({ status: 'skip', label: 'mutation-not-allowed', measurements: { mutatingSteps: 1 } });
    expect(log.calls()).toEqual([]);
  });

  it('a catalog that cannot be walked to the tool keeps the gate shut, as an error', async () => {
    const log = callLog();
    const record = await evaluateCheck(
      latencyBudget,
      { tool: 'not_listed', arguments: {}, max_latency_ms: 1_000 },
      'broken-pagination',
      'stdio',
      {
        env: { ...log.env, FIXTURE_FLAW: 'loop' },
      },
    );
    expect(record).toMatchObject({ status: 'error', label: 'catalog-unreadable' });
    expect(log.calls()).toEqual([]);
  });
});
