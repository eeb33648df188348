import { describe, expect, it } from 'vitest';

import { runBehaviorCases, scriptedColumn, scriptedPort } from '../../test-support/behavior-harness.js';
import type { ScriptedTurn } from '../../test-support/behavior-harness.js';
import { toolSelection } from './tool-selection.js';

const CASE = `  - id: pick
    behavior: tool-selection
    task: "Show me item a"
    expect: { tool: get_item }
    accept_prerequisite: [echo]
`;

const get: ScriptedTurn = { calls: [['get_item', { id: 'a' }]] };
const SCRIPTS: Record<string, readonly ScriptedTurn[]> = {
  right: [get],
  prereq: [{ calls: [['echo', { message: 'first' }]] }, get],
  other: [{ calls: [['delete_item', { id: 'a' }]] }],
  none: [{ calls: [], text: 'plain' }],
  unknown: [{ calls: ['?'] }],
  text: [{ calls: [], text: 'tool-call' }],
  extra: [
    {
      calls: [
        ['get_item', { id: 'a' }],
        ['echo', { message: 'x' }],
      ],
    },
  ],
};
const EXPECTED: Record<string, readonly [string, string]> = {
  right: ['pass', 'selected-expected'],
  prereq: ['pass', 'selected-prerequisite'],
  other: ['fail', 'selected-other'],
  none: ['fail', 'no-call'],
  unknown: ['fail', 'unknown-tool'],
  text: ['fail', 'tool-call-as-text'],
  extra: ['fail', 'extra-calls'],
};

describe('tool-selection', () => {
  it('passes a model that picks the tool (directly or after a prerequisite) and fails each other behaviour with its label', async () => {
    const ports = Object.fromEntries(Object.entries(SCRIPTS).map(([id, turns]) => [id, scriptedPort(turns)]));
    const run = await runBehaviorCases(
      CASE,
      Object.entries(ports).map(([id, port]) => scriptedColumn(id, port)),
      { trials: 2 },
    );
    const got = Object.fromEntries(run.records.map((r) => [r.model, [r.status, r.label]]));
    expect(got).toEqual(EXPECTED);
    expect(Object.keys(toolSelection.labels).sort()).toEqual([...new Set(Object.values(EXPECTED).map(([, l]) => l))].sort());
    for (const record of run.records) expect(record).toMatchObject({ id: 'pick', kind: 'behavior', check: 'tool-selection', runs: 2 });
    // One request per trial, two when a prerequisite is answered first.
    expect(ports.right?.requests).toBe(2);
    expect(ports.prereq?.requests).toBe(4);
    // The prerequisite (echo, annotated read-only) got a live result through the mutation gate.
    const fed = ports.prereq?.seen[1]?.messages.find((m) => m.role === 'tool');
    expect(fed).toMatchObject({ role: 'tool', name: 'echo', result: { content: [{ type: 'text' }] } });
    const right = run.records.find((r) => r.model === 'right');
    expect(right?.measurements).toMatchObject({ trials: 2, passes: 2, selectionRate: 1, requests: 2, flaky: 0 });
  });

  it('feeds an unannotated prerequisite the empty stub: nothing reaches the server', async () => {
    const port = scriptedPort([{ calls: [['create_item', { id: 'zz' }]] }, get]);
    const cases = `  - id: pick\n    behavior: tool-selection\n    task: "Show me item a"\n    expect: { tool: get_item }\n    accept_prerequisite: [create_item]\n`;
    const run = await runBehaviorCases(cases, [scriptedColumn('m', port)]);
    expect(run.records[0]).toMatchObject({ status: 'pass', label: 'selected-prerequisite' });
    expect(port.seen[1]?.messages.find((m) => m.role === 'tool')).toMatchObject({ result: {} });
  });
});
