import type { JsonObject } from '@mcp-eval/core';
import { checks, entryTokens, expandEnv, parseManifest } from '@mcp-eval/core';
import { describe, expect, it } from 'vitest';

import { renderManifest } from './render-manifest.js';
import { starterCases } from './starter-cases.js';
import { toolProfiles } from './tool-profile.js';
import { writtenServer } from './written-server.js';

const SECRET = 'SERVER-TEXT-MUST-NOT-APPEAR';

/** A catalog whose every piece of free text carries the marker, with hostile names mixed in. */
const CATALOG: JsonObject[] = [
  { name: `bad name ${SECRET}`, description: SECRET, inputSchema: { type: 'object' } },
  {
    name: 'weird_args',
    description: SECRET,
    inputSchema: { type: 'object', required: [`${SECRET} please`] },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  {
    name: 'lookup',
    title: SECRET,
    description: `Looks things up. ${SECRET}`,
    inputSchema: {
      type: 'object',
      properties: { id: { type: 'string', description: SECRET }, mode: { type: 'string', enum: [SECRET], default: SECRET } },
      required: ['id', 'mode'],
    },
    outputSchema: { type: 'object', properties: { value: { type: 'string', description: SECRET } }, required: ['value', `${SECRET}!`] },
    annotations: { readOnlyHint: true, openWorldHint: false, title: SECRET },
  },
  {
    name: 'say',
    description: SECRET,
    inputSchema: { type: 'object', properties: { text: { type: 'string', examples: [SECRET] } }, required: ['text'] },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  {
    name: 'ns/write.item',
    description: SECRET,
    inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    annotations: { openWorldHint: false },
  },
];

function render(catalog: JsonObject[]): string {
  const { cases } = starterCases(catalog, toolProfiles(catalog));
  const { server, notes } = writtenServer({
    transport: 'stdio',
    command: 'node',
    args: ['server.js'],
    env: { API_KEY: 'hunter2', LEVEL: '${env:LEVEL}' },
    protocol: 'auto',
    timeoutMs: 10_000,
  });
  return renderManifest({ header: ['# test'], server, secretNotes: notes, cases });
}

describe('the starter manifest', () => {
  it('names only valid tools with plain argument names, and writes nothing else the server said', () => {
    const text = render(CATALOG);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('bad name');
    expect(text).not.toContain('weird_args');
    expect(text).toMatch(/^ {4}tool: say$/m);
    expect(text).toMatch(/^ {6}tool: ns\/write\.item$/m);
  });

  it('is a valid manifest with one case per dimension and probe that has a starter (the fault probes are opt-in)', () => {
    const parsed = parseManifest(render(CATALOG), 'mcp-eval.yaml', checks);
    if (!parsed.ok) throw new Error(parsed.errors.map((e) => `${e.line}:${e.column} ${e.message}`).join('\n'));
    const started = checks.filter((c) => c.starter !== undefined).map((c) => c.id);
    expect(started).not.toContain('stream-drop');
    expect(parsed.manifest.cases.map((c) => c.check).sort()).toEqual(started.sort());
    expect(parsed.manifest.sandbox).toBeUndefined();
  });

  it('prefers read-only tools with fillable arguments, a writer for the recovery step, the output schema’s plain fields', () => {
    const parsed = parseManifest(render(CATALOG), 'mcp-eval.yaml', checks);
    if (!parsed.ok) throw new Error('invalid');
    const params = Object.fromEntries(parsed.manifest.cases.map((c) => [c.check, c.params]));
    expect(params['schema-guessability']).toEqual({ tool: 'say', arguments: { text: 'example' }, read_only: true });
    expect(params['latency-budget']).toMatchObject({ tool: 'say', max_latency_ms: 2000 });
    expect(params['payload-bounds']).toMatchObject({ tool: 'say', field: 'text', length: 1048576 });
    expect(params['state-recovery']).toMatchObject({ recovery: { tool: 'ns/write.item', arguments: { id: 'example' }, mutating: true } });
    expect(params['instruction-fidelity']).toMatchObject({
      tool: 'lookup',
      arguments: { id: 'example', mode: 'TODO' },
      expect: { fields: ['value'] },
    });
    expect(params['output-schema']).toMatchObject({ tool: 'lookup' });
    expect(params['error-honesty']).toMatchObject({ tool: 'lookup', arguments: {}, expect_retryable: false });
  });

  it('never writes an --env or --header value, only ${env:…} references', () => {
    const text = render(CATALOG);
    expect(text).not.toContain('hunter2');
    expect(text).toMatch(/^ {6}API_KEY: "\$\{env:API_KEY\}"$/m);
    expect(text).toMatch(/^ {6}LEVEL: "\$\{env:LEVEL\}"$/m);
    expect(text).toMatch(/# TODO: set API_KEY in the environment/);
    const parsed = parseManifest(text, 'm.yaml', checks);
    if (!parsed.ok) throw new Error('invalid');
    const expanded = expandEnv(parsed.manifest, { API_KEY: 'k', LEVEL: 'warn' });
    expect(expanded.ok && expanded.manifest.server).toMatchObject({ env: { API_KEY: 'k', LEVEL: 'warn' } });
  });

  it('a header value becomes a variable named after the header', () => {
    const { server, notes } = writtenServer({
      transport: 'http',
      url: 'http://127.0.0.1:1/mcp',
      headers: { 'X-Api-Key': 'k', Authorization: 'Bearer ${env:T}' },
      protocol: 'auto',
      timeoutMs: 1,
    });
    expect(server).toMatchObject({ headers: { 'X-Api-Key': '${env:X_API_KEY}', Authorization: 'Bearer ${env:T}' } });
    expect(notes).toEqual(['TODO: set X_API_KEY in the environment of every run: init never writes the values given on its command line.']);
  });

  it('writes read_only: true only for tools the server annotates so, and a TODO above every other tool-calling case', () => {
    const text = render(CATALOG);
    const parsed = parseManifest(text, 'mcp-eval.yaml', checks);
    if (!parsed.ok) throw new Error('invalid');
    const profiles = new Map(toolProfiles(CATALOG).map((t) => [t.name, t]));
    for (const c of parsed.manifest.cases) {
      const params = c.params as { tool?: string; read_only?: boolean; failure?: { tool: string } };
      const tool = params.tool ?? params.failure?.tool;
      if (tool === undefined) continue;
      expect(params.read_only === true, c.id).toBe(profiles.get(tool)?.readOnly === true);
    }
    // ns/write.item is the only tool not annotated read-only; it is the recovery step, which is mutating.
    const unsafe = render([CATALOG[4] as JsonObject]);
    expect(unsafe).not.toMatch(/^ +read_only: true/m);
    expect(unsafe).toMatch(
      /# TODO: `ns\/write\.item` is not annotated readOnlyHint: true, so this case is skipped \(mutation-not-allowed\)/,
    );
  });

  it('does not choose a tool whose description marks it deprecated when another fits, and never copies the description', () => {
    const catalog: JsonObject[] = [
      {
        name: 'read_file',
        description: `DEPRECATED: use read_text_file. ${SECRET}`,
        inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
        annotations: { readOnlyHint: true },
      },
      {
        name: 'read_text_file',
        description: SECRET,
        inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
        annotations: { readOnlyHint: true },
      },
    ];
    const text = render(catalog);
    expect(text).not.toMatch(/tool: read_file$/m);
    expect(text).toMatch(/tool: read_text_file$/m);
    expect(text).not.toContain(SECRET);
    expect(text).not.toMatch(/deprecated/i);
    // Alone, a deprecated tool is still better than no case.
    expect(render([catalog[0] as JsonObject])).toMatch(/tool: read_file$/m);
  });

  it('puts no mutating step on a tool annotated openWorldHint: true', () => {
    const catalog: JsonObject[] = [
      {
        name: 'lookup',
        inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      {
        name: 'fetch_url',
        inputSchema: { type: 'object', properties: { url: { type: 'string' } } },
        annotations: { readOnlyHint: false, openWorldHint: true },
      },
      {
        name: 'save',
        inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
        annotations: { openWorldHint: false },
      },
    ];
    const parsed = parseManifest(render(catalog), 'mcp-eval.yaml', checks);
    if (!parsed.ok) throw new Error('invalid');
    const recovery = parsed.manifest.cases.find((c) => c.check === 'state-recovery')?.params;
    expect(recovery).toMatchObject({ recovery: { tool: 'save', mutating: true } });
    // With only an open-world writer, the recovery placeholder is a closed-world tool, never it.
    const onlyOpen = parseManifest(render([catalog[0] as JsonObject, catalog[1] as JsonObject]), 'm.yaml', checks);
    if (!onlyOpen.ok) throw new Error('invalid');
    expect(onlyOpen.manifest.cases.find((c) => c.check === 'state-recovery')?.params).toMatchObject({
      recovery: { tool: 'lookup', mutating: true },
    });
  });

  it('never vouches for a read-only tool that leaves openWorldHint out, nor calls it repeatedly, and says why', () => {
    // Shaped like Sentry's `whoami` and context7's `resolve-library-id`: read-only, open-world by default.
    const openWorld: JsonObject[] = [
      { name: 'whoami', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
      {
        name: 'resolve-library-id',
        inputSchema: { type: 'object', properties: { libraryName: { type: 'string' } }, required: ['libraryName'] },
        annotations: { readOnlyHint: true },
      },
    ];
    const { cases, omitted } = starterCases(openWorld, toolProfiles(openWorld));
    const text = render(openWorld);
    expect(text).not.toMatch(/^ +read_only: true/m);
    const repeated = ['load', 'latency-budget', 'degradation-over-n', 'contention'];
    expect(omitted).toEqual(expect.arrayContaining(repeated));
    const written = cases.map((c) => c.entries.find((e) => e.key === 'probe' || e.key === 'dimension')?.value);
    for (const check of repeated) expect(written).not.toContain(check);
    // A single-call case may name it (its own annotation opens the gate), and says so.
    expect(text).toMatch(/# `whoami` is read-only but open-world \(no openWorldHint: false\), so init does not write read_only: true/);

    // Next to a closed-world writer, the repeated cases take the writer (gated shut) and name what they left out.
    const withWriter = [...openWorld, { name: 'save', inputSchema: { type: 'object' }, annotations: { openWorldHint: false } }];
    const parsed = parseManifest(render(withWriter), 'm.yaml', checks);
    if (!parsed.ok) throw new Error('invalid');
    for (const check of repeated) {
      expect(parsed.manifest.cases.find((c) => c.check === check)?.params, check).toMatchObject({ tool: 'save' });
    }
    expect(render(withWriter)).toMatch(
      /# `whoami` was left out: it is open-world under the MCP spec's defaults \(no openWorldHint: false\), so init never calls it repeatedly\./,
    );
  });

  it('vouches for and repeats a read-only tool that says openWorldHint: false', () => {
    const catalog: JsonObject[] = [
      { name: 'list_remote', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
      { name: 'list_local', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true, openWorldHint: false } },
    ];
    const parsed = parseManifest(render(catalog), 'm.yaml', checks);
    if (!parsed.ok) throw new Error('invalid');
    for (const check of ['load', 'latency-budget', 'degradation-over-n', 'contention']) {
      expect(parsed.manifest.cases.find((c) => c.check === check)?.params, check).toMatchObject({ tool: 'list_local', read_only: true });
    }
    for (const c of parsed.manifest.cases) {
      const params = c.params as { tool?: string; read_only?: boolean };
      if (params.tool === 'list_remote') expect(params.read_only, c.id).toBeUndefined();
    }
  });

  it("sizes token budgets with token-cost's own measure, with headroom, the per-tool budget never above the total", () => {
    const big = { type: 'object', properties: { q: { type: 'string', description: 'x'.repeat(4000) } } };
    const catalog: JsonObject[] = [
      {
        name: 'only',
        description: 'd',
        inputSchema: big,
        annotations: { readOnlyHint: true },
        outputSchema: { type: 'object', description: 'y'.repeat(40_000) },
      },
    ];
    const parsed = parseManifest(render(catalog), 'mcp-eval.yaml', checks);
    if (!parsed.ok) throw new Error('invalid');
    const params = parsed.manifest.cases.find((c) => c.check === 'token-cost')?.params as {
      max_total_tokens: number;
      max_tool_tokens: number;
    };
    const measured = entryTokens(catalog[0] as JsonObject);
    // The outputSchema is not what token-cost measures: the budget follows the measure, not the entry.
    expect(measured).toBeLessThan(1100);
    expect(params.max_total_tokens).toBeGreaterThan(measured);
    expect(params.max_total_tokens).toBeLessThanOrEqual(Math.ceil((measured * 1.25 + 1) / 100) * 100);
    expect(params.max_tool_tokens).toBeLessThanOrEqual(params.max_total_tokens);
    expect(params.max_tool_tokens).toBeGreaterThanOrEqual(measured);
  });

  it('with no usable tool, still writes the catalog-wide cases and says what it left out', () => {
    const catalog: JsonObject[] = [{ name: 'bad name', inputSchema: { type: 'object' } }];
    const { cases, omitted } = starterCases(catalog, toolProfiles(catalog));
    expect(cases.map((c) => c.entries[1]?.value)).toEqual(['discovery-cost', 'token-cost', 'pagination', 'surface-listing']);
    expect(omitted).toEqual([
      'schema-guessability',
      'error-honesty',
      'state-recovery',
      'contention',
      'degradation-over-n',
      'instruction-fidelity',
      'latency-budget',
      'payload-bounds',
      'output-schema',
      'load',
      'response-cost',
    ]);
  });
});
