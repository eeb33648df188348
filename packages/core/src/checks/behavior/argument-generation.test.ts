import { CANARY } from '@mcp-eval/fixture-servers';
import type { JsonValue } from '@mcp-eval/protocol';
import { describe, expect, it } from 'vitest';

import type { Answer } from '../../test-support/answering-port.js';
import { answeringPort, scriptedRoles } from '../../test-support/answering-port.js';
import { runBehaviorCases, scriptedColumn, scriptedPort } from '../../test-support/behavior-harness.js';
import { argumentGeneration } from './argument-generation.js';

const CASE = `  - id: args\n    behavior: argument-generation\n`;
const write = (tool: string): string => `fill ${tool} ${CANARY}`;

// Valid arguments for each reference tool.
const VALID: Readonly<Record<string, JsonValue>> = {
  echo: { message: 'hi' },
  add: { a: 1, b: 2 },
  get_item: { id: 'a' },
  create_item: { id: 'z', value: 'v' },
  delete_item: { id: 'a' },
  flaky_read: { key: 'k' },
  strict_lookup: { id: 'a' },
  slow_read: { ms: 0 },
  big_read: { bytes: 1 },
  explode: {},
  confirm_action: { what: 'x' },
};

/** A column that fills every tool validly except get_item, which it fills with `getItem` (none: no call). */
function column(getItem: JsonValue | undefined) {
  return answeringPort((request): Answer => {
    const [tool] = request.tools;
    if (tool === undefined) return [];
    if (tool.name !== 'get_item') return [[tool.name, VALID[tool.name] ?? {}]];
    return getItem === undefined ? [] : [['get_item', getItem]];
  });
}

describe('argument-generation', () => {
  it('passes valid arguments and fails each schema violation with its label, per tool, never executing them', async () => {
    const roles = scriptedRoles({ write });
    const scripts = {
      valid: column({ id: 'a' }),
      missing: column({}),
      hallucinated: column({ id: 'a', colour: 'red' }),
      mistyped: column({ id: 7 }),
      silent: column(undefined),
    };
    const run = await runBehaviorCases(
      CASE,
      Object.entries(scripts).map(([id, port]) => scriptedColumn(id, port)),
      { roles },
    );
    const got: Record<string, unknown[]> = Object.fromEntries(
      run.records.map((r) => [r.model, [r.status, r.label, r.measurements.validRate]]),
    );
    expect(got).toEqual({
      valid: ['pass', 'schema-valid', 1],
      missing: ['fail', 'missing-required', 0.9091],
      // get_item's schema leaves additionalProperties unstated, so an extra name is allowed:
      // hallucinated-argument is for closed schemas (validate-generated-arguments.test.ts).
      hallucinated: ['pass', 'schema-valid', 1],
      mistyped: ['fail', 'type-mismatch', 0.9091],
      silent: ['fail', 'not-called', 0.9091],
    });
    const missing = run.records.find((r) => r.model === 'missing');
    expect(missing?.findings?.find((f) => f.tool === 'get_item')).toEqual({
      label: 'missing-required',
      tool: 'get_item',
      measurements: { validRate: 0, trials: 1 },
    });
    expect(missing?.findings?.find((f) => f.tool === 'echo')).toMatchObject({ label: 'schema-valid', measurements: { validRate: 1 } });
    // Each column is handed one tool at a time: the one the request was written for.
    expect(scripts.valid.seen.every((r) => r.tools.length === 1)).toBe(true);
    expect(roles.generatorPort.requests).toBe(5 * 11);
    expect(JSON.stringify(run)).not.toContain(CANARY);
    expect(Object.keys(argumentGeneration.labels).sort()).toEqual(
      // No reference tool has a closed schema: hallucinated-argument is proven in validate-generated-arguments.test.ts.
      [...new Set(Object.values(got).map(([, l]) => l as string)), 'no-generator', 'hallucinated-argument'].sort(),
    );
  });

  it('is skipped no-generator without a generator', async () => {
    const port = scriptedPort([]);
    const run = await runBehaviorCases(CASE, [scriptedColumn('m', port)]);
    expect(run.records[0]).toMatchObject({ status: 'skip', label: 'no-generator' });
    expect(port.requests).toBe(0);
  });
});
