import { CANARY } from '@mcp-eval/fixture-servers';
import { describe, expect, it } from 'vitest';

import { answeringPort, scriptedRoles, userText } from '../../test-support/answering-port.js';
import { runBehaviorCases, scriptedColumn, scriptedPort } from '../../test-support/behavior-harness.js';
import { overlapDisambiguation } from './overlap-disambiguation.js';

const CASE = `  - id: overlap\n    behavior: overlap-disambiguation\n`;
const write = (tool: string): string => `I need ${tool} ${CANARY}`;
const target = (text: string): string => /I need (\S+)/.exec(text)?.[1] ?? '';
// The catalog fixture's tools share their description words and schema: near-duplicates by lint's measure.
const NEAR: readonly ['catalog', Readonly<Record<string, string>>] = ['catalog', { FIXTURE_TOOLS: '3', FIXTURE_PAGE_SIZE: '10' }];

describe('overlap-disambiguation', () => {
  it('passes a column that picks the tool each request was written for and fails one that confuses the pair', async () => {
    const roles = scriptedRoles({ write });
    const right = answeringPort((r) => [[target(userText(r)), { query: 'q' }]]);
    const confused = answeringPort(() => [['tool_00001', { query: 'q' }]]);
    const run = await runBehaviorCases(CASE, [scriptedColumn('right', right), scriptedColumn('confused', confused)], {
      roles,
      trials: 2,
      fixture: NEAR,
    });
    const [ok, bad] = run.records;
    expect(ok).toMatchObject({ status: 'pass', label: 'disambiguated', measurements: { confusionRate: 0 } });
    const pairTools = ok?.measurements.pairTools ?? 0;
    expect(pairTools).toBeGreaterThanOrEqual(2);
    expect(bad).toMatchObject({ status: 'fail', label: 'confused' });
    expect(bad?.findings?.find((f) => f.tool === 'tool_00001')).toEqual({
      label: 'disambiguated',
      tool: 'tool_00001',
      measurements: { confusionRate: 0, trials: 2 },
    });
    expect(bad?.findings?.find((f) => f.tool === 'tool_00002')).toMatchObject({ label: 'confused', measurements: { confusionRate: 1 } });
    // Two requests per pair tool (trials), written once each per column.
    expect(right.requests).toBe(2 * pairTools);
    expect(JSON.stringify(run)).not.toContain(CANARY);
  });

  it('passes no-overlap without asking when no pair is close, and skips no-generator without a generator', async () => {
    const port = scriptedPort([]);
    const roles = scriptedRoles({ write });
    const single = await runBehaviorCases(CASE, [scriptedColumn('m', port)], { roles, fixture: ['catalog', { FIXTURE_TOOLS: '1' }] });
    expect(single.records[0]).toMatchObject({ status: 'pass', label: 'no-overlap' });
    const none = await runBehaviorCases(CASE, [scriptedColumn('m', port)], { fixture: NEAR });
    expect(none.records[0]).toMatchObject({ status: 'skip', label: 'no-generator' });
    expect(port.requests + roles.generatorPort.requests).toBe(0);
    expect(Object.keys(overlapDisambiguation.labels).sort()).toEqual(['confused', 'disambiguated', 'no-generator', 'no-overlap']);
  });
});
