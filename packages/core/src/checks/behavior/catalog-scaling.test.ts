import { CANARY } from '@mcp-eval/fixture-servers';
import { describe, expect, it } from 'vitest';

import { answeringPort, scriptedRoles, userText } from '../../test-support/answering-port.js';
import { runBehaviorCases, scriptedColumn, scriptedPort } from '../../test-support/behavior-harness.js';
import { catalogScaling } from './catalog-scaling.js';

const GOLDEN = `  - id: show
    behavior: tool-selection
    task: "show get_item a"
    expect: { tool: get_item }
  - id: sum
    behavior: tool-selection
    task: "sum add 1 2"
    expect: { tool: add }
`;
const SCALING = `  - id: scaling\n    behavior: catalog-scaling\n`;
const named = (text: string): string => /(get_item|add|echo|delete_item|create_item)/.exec(text)?.[1] ?? 'echo';

// Picks the tool its request names, whatever the catalog size.
const steady = () => answeringPort((r) => [[named(userText(r)), {}]]);
// Picks it in the real catalog; once distractors are added, a near-duplicate of it for `add` (2×) and for both (4×).
const swayed = () =>
  answeringPort((r) => {
    const tool = named(userText(r));
    const size = r.tools.length;
    const sway = size >= 44 || (size >= 22 && tool === 'add');
    return [[sway ? (r.tools.find((t) => t.name.startsWith(`${tool}_`))?.name ?? tool) : tool, {}]];
  });

describe('catalog-scaling', () => {
  it('measures accuracy and token cost at 1×, 2× and 4× on the golden set: holds when 4× keeps the ratio, degrades when it falls', async () => {
    const run = await runBehaviorCases(`${GOLDEN}${SCALING}`, [scriptedColumn('steady', steady()), scriptedColumn('swayed', swayed())], {
      trials: 2,
    });
    const scaling = run.records.filter((r) => r.check === 'catalog-scaling');
    expect(scaling.map((r) => [r.model, r.status, r.label])).toEqual([
      ['steady', 'pass', 'holds'],
      ['swayed', 'fail', 'degrades'],
    ]);
    expect(scaling[0]?.measurements).toMatchObject({
      accuracyAt1x: 1,
      accuracyAt2x: 1,
      accuracyAt4x: 1,
      toolsAt1x: 11,
      toolsAt2x: 22,
      toolsAt4x: 44,
    });
    expect(scaling[1]?.measurements).toMatchObject({ accuracyAt1x: 1, accuracyAt2x: 0.5, accuracyAt4x: 0, minAccuracyRatio: 0.9 });
    const m = scaling[0]?.measurements ?? {};
    // The token cost grows with the catalog: estimated catalog tokens and the tokens the column reported (2 cases × 2 trials).
    expect(m.catalogTokensAt1x).toBeGreaterThan(0);
    expect(m.catalogTokensAt4x).toBeGreaterThan(3 * (m.catalogTokensAt1x ?? 0));
    expect([m.inputTokensAt1x, m.inputTokensAt2x, m.inputTokensAt4x]).toEqual([4 * 110, 4 * 220, 4 * 440]);
    expect(JSON.stringify(run)).not.toContain(CANARY);
  });

  it('honours min_accuracy_ratio, and runs on generated requests when no golden case does', async () => {
    const lenient = await runBehaviorCases(`${GOLDEN}${SCALING}    min_accuracy_ratio: 0\n`, [scriptedColumn('swayed', swayed())]);
    expect(lenient.records.find((r) => r.check === 'catalog-scaling')).toMatchObject({ status: 'pass', label: 'holds' });
    const roles = scriptedRoles({ write: (tool) => `do ${tool} ${CANARY}` });
    const generated = await runBehaviorCases(SCALING, [scriptedColumn('swayed', swayed())], { roles });
    const record = generated.records[0];
    // One request written per tool, asked at every size.
    expect(roles.generatorPort.requests).toBe(11);
    expect(record).toMatchObject({ status: 'fail', label: 'degrades', measurements: { units: 11 } });
    expect(record?.measurements.accuracyAt1x).toBeGreaterThan(record?.measurements.accuracyAt4x ?? 1);
    expect(JSON.stringify(generated)).not.toContain(CANARY);
  });

  it('is skipped no-requests with neither a golden case nor a generator', async () => {
    const port = scriptedPort([]);
    const run = await runBehaviorCases(SCALING, [scriptedColumn('m', port)]);
    expect(run.records[0]).toMatchObject({ status: 'skip', label: 'no-requests' });
    expect(port.requests).toBe(0);
    expect(Object.keys(catalogScaling.labels).sort()).toEqual(['degrades', 'holds', 'no-requests']);
  });
});
