import { afterAll, describe, expect, it } from 'vitest';

import { checks } from '../checks/index.js';
import { latencyBudget } from '../checks/latency-budget.js';
import { load } from '../checks/load.js';
import { outputSchema } from '../checks/output-schema.js';
import { stateRecovery } from '../checks/state-recovery.js';
import { evaluateCheck } from '../test-support/evaluate-check.js';
import { tempFiles } from '../test-support/temp-files.js';
import { ENGINE_LABELS } from './engine-labels.js';

const files = tempFiles();
afterAll(() => files.remove());

const STALE = { tool: 'renamed_away', arguments: {}, read_only: true };

describe('a case whose tool the catalog does not list (a stale manifest)', () => {
  it.each([
    ['load, 200 calls', load, { ...STALE, clients: 4, requests: 200 }],
    ['latency-budget', latencyBudget, { ...STALE, max_latency_ms: 1_000 }],
    ['output-schema', outputSchema, STALE],
  ] as const)('is error / tool-not-listed with no tools/call sent: %s', async (name, check, params) => {
    const log = `${check.id}.jsonl`;
    const record = await evaluateCheck(check, params, 'reference', 'stdio', { env: { FIXTURE_CALL_LOG: files.path(log) } });
    expect(record, name).toMatchObject({ status: 'error', label: 'tool-not-listed', tool: 'renamed_away', measurements: {} });
    expect(record.findings).toBeUndefined();
    expect(files.calls(log)).toEqual([]);
  });

  it('names the first unlisted tool of a check that calls several (state-recovery), sending none', async () => {
    const log = 'state-recovery.jsonl';
    const step = { tool: 'echo', arguments: { message: 'hi' } };
    const params = { failure: { tool: 'gone_tool', arguments: {} }, recovery: step, validation: step, read_only: true };
    const record = await evaluateCheck(stateRecovery, params, 'reference', 'stdio', { env: { FIXTURE_CALL_LOG: files.path(log) } });
    expect(record).toMatchObject({ status: 'error', label: 'tool-not-listed', tool: 'gone_tool' });
    expect(files.calls(log)).toEqual([]);
  });

  it('lets a listed tool through: the case runs and calls it', async () => {
    const log = 'listed.jsonl';
    const params = { tool: 'echo', arguments: { message: 'hi' }, read_only: true, max_latency_ms: 60_000 };
    const record = await evaluateCheck(latencyBudget, params, 'reference', 'stdio', { env: { FIXTURE_CALL_LOG: files.path(log) } });
    expect(record.label).not.toBe('tool-not-listed');
    expect(files.calls(log).length).toBeGreaterThan(0);
  });

  it('is an engine label, documented with the others', () => {
    expect(ENGINE_LABELS['tool-not-listed']).toMatch(/manifest/);
  });

  it('is declared by every check whose parameters name a tool it calls', () => {
    const naming = checks.filter((check) => JSON.stringify(check.params).includes('"tool"'));
    expect(naming.filter((check) => check.calledTools === undefined).map((check) => check.id)).toEqual([]);
  });
});
