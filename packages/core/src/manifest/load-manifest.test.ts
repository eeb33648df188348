import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadManifest } from './load-manifest.js';
import { EXAMPLE_MANIFEST } from './test-support/example-manifest.js';
import { testChecks } from './test-support/test-checks.js';

describe('loadManifest', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mcp-eval-manifest-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads and parses a file, naming it as given', async () => {
    const path = join(dir, 'mcp-eval.yaml');
    await writeFile(path, EXAMPLE_MANIFEST);
    const result = await loadManifest(path, testChecks, 'mcp-eval.yaml');
    expect(result.ok && result.manifest.file).toBe('mcp-eval.yaml');
    expect(result.ok && result.manifest.cases[0]?.location).toEqual({ file: 'mcp-eval.yaml', line: 10, column: 5 });
  });

  it('reports parse errors against the display name', async () => {
    const path = join(dir, 'broken.yaml');
    await writeFile(path, 'version: 1\nserver: [\n');
    const result = await loadManifest(path, testChecks, 'broken.yaml');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors.every((e) => e.file === 'broken.yaml')).toBe(true);
  });

  it.each([
    ['a missing file', 'absent.yaml', 'cannot read the manifest: no such file'],
    ['a directory', '.', 'cannot read the manifest: it is a directory'],
  ])('turns %s into one error at 1:1', async (_name, name, message) => {
    const path = join(dir, name);
    expect(await loadManifest(path, testChecks)).toEqual({ ok: false, errors: [{ file: path, line: 1, column: 1, message }] });
  });
});
