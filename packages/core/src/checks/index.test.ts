import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { documentsLabel } from '../testing/documents-label.js';
import type { JsonValue } from '@mcp-eval/protocol';

import { parseManifest } from '../manifest/parse-manifest.js';
import type { StarterInput, YamlEntry } from '../starter/starter-case.js';
import { YamlMap } from '../starter/starter-case.js';
import type { CheckId } from './index.js';
import { CHECKS, checks, findCheck } from './index.js';

const checksDir = fileURLToPath(new URL('.', import.meta.url));
const docsDir = fileURLToPath(new URL('../../../../docs/checks/', import.meta.url));
const architecture = fileURLToPath(new URL('../../../../docs/architecture.md', import.meta.url));
const KEBAB = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/**
 * Checks `mcp-eval init` writes no case for, each with its reason. The fault probes are opt-in:
 * `stream-drop` and `cancellation` need a call that streams or runs long, which a catalog does not
 * say; `restart-recovery` kills server processes; `stateless-round-robin` needs a second instance.
 */
const NO_STARTER: readonly CheckId[] = ['stream-drop', 'cancellation', 'restart-recovery', 'stateless-round-robin'];

/** A small server as init sees it: a read-only tool with a string argument and an output schema, and a writer. */
const STARTER_INPUT: StarterInput = {
  catalog: [
    {
      name: 'get_item',
      inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
      annotations: { readOnlyHint: true },
    },
    { name: 'create_item', inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } },
  ],
  tools: [
    {
      name: 'get_item',
      readOnly: true,
      openWorld: false,
      deprecated: false,
      arguments: [{ name: 'id', value: 'a' }],
      complete: true,
      stringField: 'id',
      hasOutputSchema: true,
      outputFields: ['id'],
    },
    {
      name: 'create_item',
      readOnly: false,
      openWorld: false,
      deprecated: false,
      arguments: [{ name: 'id', value: 'a' }],
      complete: true,
      stringField: 'id',
      hasOutputSchema: false,
      outputFields: [],
    },
  ],
};

function plain(value: JsonValue | YamlMap): JsonValue {
  return value instanceof YamlMap ? entriesObject(value.entries) : value;
}

function entriesObject(entries: readonly YamlEntry[]): JsonValue {
  return Object.fromEntries(entries.map((e) => [e.key, plain(e.value)]));
}

describe('the check registry', () => {
  it('lists every check module once, keyed by its id, which is its file name', () => {
    const modules = readdirSync(checksDir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'index.ts')
      .map((f) => f.slice(0, -3));
    expect(Object.keys(CHECKS).sort()).toEqual(modules.sort());
    for (const [key, check] of Object.entries(CHECKS)) expect(check.id).toBe(key);
    expect(checks).toEqual(Object.values(CHECKS));
    expect(findCheck('pagination')).toBe(CHECKS.pagination);
    expect(findCheck('nope')).toBeUndefined();
    expect(findCheck('toString')).toBeUndefined();
  });

  it('puts the headline dimensions before the probes', () => {
    const kinds = checks.map((c) => c.kind);
    expect(kinds).toEqual([...kinds].sort());
    expect(new Set(kinds)).toEqual(new Set(['dimension', 'probe']));
  });

  it.each(checks.map((c) => [c.id, c] as const))('%s is well formed, tested and documented', (id, check) => {
    expect(id).toMatch(KEBAB);
    expect(check.title.length).toBeGreaterThan(0);
    expect(check.summary.length).toBeGreaterThan(0);
    expect(check.params).toMatchObject({ type: 'object', additionalProperties: false });
    const labels = Object.keys(check.labels);
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) expect(label).toMatch(KEBAB);
    expect(existsSync(`${checksDir}${id}.test.ts`), `${id}.test.ts`).toBe(true);
    const page = readFileSync(`${docsDir}${id}.md`, 'utf8');
    expect(page.startsWith(`# ${id} (${check.kind})\n`)).toBe(true);
    for (const label of labels) expect(documentsLabel(page, label), `label ${label}`).toBe(true);
    for (const param of Object.keys(check.params.properties as object)) expect(page, `parameter ${param}`).toContain(`\`${param}\``);
  });

  it.each(checks.map((c) => [c.id, c] as const))('%s writes a starter case init can use, valid against its own schema', (id, check) => {
    if (NO_STARTER.includes(id as CheckId)) {
      expect(check.starter).toBeUndefined();
      return;
    }
    const starter = check.starter?.(STARTER_INPUT);
    expect(starter, id).toBeDefined();
    const item = entriesObject(starter?.entries ?? []) as Record<string, JsonValue>;
    expect(item[check.kind]).toBe(id);
    const text = `version: 1\nserver:\n  stdio: { command: node }\ncases:\n  - ${JSON.stringify(item)}\n`;
    const parsed = parseManifest(text, 'mcp-eval.yaml', [check]);
    expect(parsed.ok ? [] : parsed.errors, id).toEqual([]);
  });

  it('is the recipe docs/architecture.md gives: a module, its test, its docs page and one registry line', () => {
    const recipe =
      readFileSync(architecture, 'utf8')
        .split(/^## /m)
        .find((s) => s.startsWith('Adding a check\n')) ?? '';
    const files = [...recipe.matchAll(/^\| `([^`]+)` \|/gm)].map(([, file]) => file);
    expect(files).toEqual([
      'packages/core/src/checks/<id>.ts',
      'packages/core/src/checks/<id>.test.ts',
      'docs/checks/<id>.md',
      'packages/core/src/checks/index.ts',
    ]);
  });
});
