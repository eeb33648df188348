import { everythingStdio, stdioFixture } from '@mcp-eval/fixture-servers';
import type { Target } from '@mcp-eval/transports';
import { createConnector } from '@mcp-eval/transports';
import { describe, expect, it } from 'vitest';

import { listTools } from '../catalog/list-tools.js';
import { fingerprintCatalog, fingerprintTool } from '../catalog/tool-fingerprint.js';
import type { CatalogFingerprints } from '../record.js';
import { expectNoCanary } from '../test-support/expect-no-canary.js';
import { ERAS } from '../test-support/matrix.js';
import { compareCatalogs } from './compare-catalogs.js';
import { driftRecords } from './drift-records.js';

const TIMEOUT_MS = 30_000;

async function snapshotOf(target: Target, protocol: (typeof ERAS)[number] | 'auto'): Promise<CatalogFingerprints> {
  const connection = await createConnector(target, { protocol, timeoutMs: TIMEOUT_MS }).connect();
  try {
    return fingerprintCatalog(await listTools({ timeoutMs: TIMEOUT_MS, signal: new AbortController().signal }, connection));
  } finally {
    await connection.close();
  }
}

const era = (name: 'before' | 'after') => stdioFixture('drifting-catalog', { FIXTURE_DRIFT_ERA: name });

describe.each(ERAS)('catalog drift (%s)', (protocol) => {
  it('labels and classes every change between the two releases, with no server text', async () => {
    const before = await snapshotOf(era('before'), protocol);
    const after = await snapshotOf(era('after'), protocol);
    expect(before.complete && after.complete).toBe(true);
    expectNoCanary(before);
    expectNoCanary(after);

    const changes = compareCatalogs(before, after);
    const seen = changes.map((c) => [c.tool, c.label, c.class, c.flag ?? '-', c.measurements]);
    expect(seen).toEqual([
      ['added_tool', 'tool-added', 'non-breaking', '-', {}],
      ['becomes_safe', 'annotation-flipped', 'non-breaking', 'destructiveHint', { baseline: 1, current: 0 }],
      ['description_edit', 'description-changed', 'informational', '-', {}],
      ['flips_read_only', 'annotation-flipped', 'breaking', 'readOnlyHint', { baseline: 1, current: 0 }],
      ['gains_required', 'required-parameter-added', 'breaking', '-', { parameters: 1 }],
      ['loses_param', 'parameter-removed', 'breaking', '-', { parameters: 1 }],
      ['output_changes', 'output-schema-changed', 'breaking', '-', { parameters: 1 }],
      ['removed_tool', 'tool-removed', 'breaking', '-', {}],
      ['type_changes', 'parameter-type-changed', 'breaking', '-', { parameters: 1 }],
    ]);
    // The way back: what was added is removed, the safer flip is now the unsafe one.
    const back = compareCatalogs(after, before);
    expect(back.find((c) => c.tool === 'becomes_safe')).toMatchObject({ class: 'breaking', measurements: { baseline: 0, current: 1 } });
    expect(back.find((c) => c.tool === 'added_tool')).toMatchObject({ label: 'tool-removed', class: 'breaking' });

    const records = driftRecords(changes, 'breaking');
    expectNoCanary(records);
    expect(records.find((r) => r.tool === 'flips_read_only')).toMatchObject({
      kind: 'drift',
      status: 'fail',
      label: 'annotation-flipped',
      findings: [{ label: 'breaking', pointer: '/annotations/readOnlyHint' }],
    });
    expect(records.find((r) => r.label === 'description-changed')).toMatchObject({
      status: 'pass',
      findings: [{ label: 'informational' }],
    });
    expect(driftRecords(changes, 'any').every((r) => r.status === 'fail')).toBe(true);
    expect(driftRecords(changes, 'none').every((r) => r.status === 'pass')).toBe(true);
  });

  it('a release compared with itself shows no drift', async () => {
    const first = await snapshotOf(era('after'), protocol);
    expect(compareCatalogs(first, await snapshotOf(era('after'), protocol))).toEqual([]);
  });
});

describe('fingerprints', () => {
  it('hash equal schemas equal whatever their key order, and different names differently', () => {
    const a = fingerprintTool({ name: 't', inputSchema: { type: 'object', required: ['x'], properties: { x: { type: 'string' } } } });
    const b = fingerprintTool({ name: 't', inputSchema: { properties: { x: { type: 'string' } }, type: 'object', required: ['x'] } });
    const c = fingerprintTool({ name: 't', inputSchema: { type: 'object', required: ['y'], properties: { y: { type: 'string' } } } });
    expect(b).toEqual(a);
    expect(c.input.paths[0]?.path).not.toBe(a.input.paths[0]?.path);
    expect(a.input.paths).toEqual([{ path: expect.stringMatching(/^sha256:[0-9a-f]{16}$/), types: ['string'], required: true }]);
  });

  it('bounds a summary: more paths than it keeps are counted as truncated', () => {
    const properties = Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`p${i}`, { type: 'string' }]));
    const summary = fingerprintTool({ name: 'wide', inputSchema: { type: 'object', properties } }).input;
    expect(summary.paths).toHaveLength(512);
    expect(summary.truncated).toBe(true);
  });

  it('a snapshot of server-everything compared with itself shows no drift', { timeout: 60_000 }, async () => {
    const target = everythingStdio();
    const first = await snapshotOf(target, 'auto');
    expect(first.tools.length).toBeGreaterThan(5);
    expect(compareCatalogs(first, await snapshotOf(target, 'auto'))).toEqual([]);
  });
});
