import { CANARY } from '@mcp-eval/fixture-servers';
import { describe, expect, it } from 'vitest';

import type { TrialOutcome } from '../../behavior/trial-outcome.js';
import { catalogRoles, evaluateCatalogChecks } from '../../engine/catalog-checks.js';
import { scriptedRoles } from '../../test-support/answering-port.js';
import { runBehaviorCases, scriptedColumn, scriptedPort } from '../../test-support/behavior-harness.js';
import { descriptionClarity } from './description-clarity.js';

const CASE = `  - id: clarity\n    behavior: description-clarity\n`;
const columns = () => [scriptedColumn('m1', scriptedPort([])), scriptedColumn('m2', scriptedPort([]))];

async function run(rate: (tool: string, vote: number) => unknown) {
  const roles = scriptedRoles({ rate: (tool, vote) => rate(tool, vote) as number });
  const result = await runBehaviorCases(CASE, columns(), { roles });
  return { result, judge: { port: roles.judgePort } };
}

describe('description-clarity', () => {
  it('labels by the median rating: clear, adequate, unclear, and judge-unparseable for garbage; every column gets a verdict', async () => {
    const clear = await run(() => 9);
    expect(clear.result.records.map((r) => [r.model, r.status, r.label])).toEqual([
      ['m1', 'pass', 'clear'],
      ['m2', 'pass', 'clear'],
    ]);
    const record = clear.result.records[0];
    // The judge is asked once per tool and vote (3 votes), whatever the number of columns.
    const tools = record?.findings?.length ?? 0;
    expect(tools).toBeGreaterThan(5);
    expect(clear.judge.port.requests).toBe(3 * tools);
    expect(record?.findings?.[0]).toEqual({ label: 'clear', tool: 'echo', measurements: { rating: 9, judgeAgreement: 1 } });
    // 2-1 split votes: median 6, agreement 2/3.
    const adequate = await run((tool, vote) => (tool === 'add' ? ([6, 6, 9][vote] ?? 6) : 8));
    expect(adequate.result.records[0]).toMatchObject({ status: 'pass', label: 'adequate' });
    expect(adequate.result.records[0]?.findings?.find((f) => f.tool === 'add')).toMatchObject({
      label: 'adequate',
      measurements: { rating: 6, judgeAgreement: 2 / 3 },
    });
    const unclear = await run((tool) => (tool === 'explode' ? 2 : 9));
    expect(unclear.result.records[1]).toMatchObject({ status: 'fail', label: 'unclear', measurements: { unclearTools: 1, minRating: 2 } });
    const garbage = await run((tool) => (tool === 'echo' ? 'ten' : 9));
    expect(garbage.result.records[0]).toMatchObject({ status: 'error', label: 'judge-unparseable' });
    expect(garbage.result.records[0]?.findings?.find((f) => f.tool === 'echo')).toEqual({
      label: 'judge-unparseable',
      tool: 'echo',
      measurements: {},
    });
    // Nothing the server said (its descriptions carry the canary) reaches a record; the judge did see it.
    expect(JSON.stringify([clear, adequate, unclear, garbage].map((r) => r.result))).not.toContain(CANARY);
    expect(JSON.stringify(clear.judge.port.seen)).toContain(CANARY);
  });

  it('is skipped no-judge without a judge, sending nothing', async () => {
    const port = scriptedPort([]);
    const result = await runBehaviorCases(CASE, [scriptedColumn('m', port)]);
    expect(result.records[0]).toMatchObject({ status: 'skip', label: 'no-judge', model: 'm' });
    expect(port.requests).toBe(0);
    expect(Object.keys(descriptionClarity.labels).sort()).toEqual(['adequate', 'clear', 'judge-unparseable', 'no-judge', 'unclear']);
  });

  it('caches each tool on its own: a changed description re-judges that tool only, a rerun sends nothing', async () => {
    const stored = new Map<string, TrialOutcome>();
    const cache = { read: (key: string) => stored.get(key), write: (key: string, o: TrialOutcome) => (stored.set(key, o), true) };
    const spec = {
      id: 'clarity',
      kind: 'behavior' as const,
      check: 'description-clarity',
      params: {},
      location: { file: 'm.yaml', line: 1, column: 1 },
    };
    const tools = ['a', 'b', 'c'].map((name) => ({ name, description: `Does ${name}. ${CANARY}`, inputSchema: { type: 'object' } }));
    const roles = scriptedRoles({ rate: () => 9 });
    const run = (catalog: typeof tools) =>
      evaluateCatalogChecks([spec], {
        tools: catalog,
        rawTools: catalog,
        schemas: new Map(),
        columns: [scriptedColumn('m', scriptedPort([]))],
        trials: 1,
        golden: [],
        cache,
        ...catalogRoles(roles),
      });
    await run(tools);
    expect(roles.judgePort.requests).toBe(9);
    const [replayed] = await run(tools);
    expect(roles.judgePort.requests).toBe(9);
    expect(replayed).toMatchObject({ status: 'pass', label: 'clear', measurements: { cachedTrials: 3, requests: 0 } });
    await run(tools.map((t) => (t.name === 'b' ? { ...t, description: 'Does b, differently.' } : t)));
    expect(roles.judgePort.requests).toBe(12);
    expect(JSON.stringify([...stored.values()])).not.toContain(CANARY);
  });
});
