import { describe, expect, it } from 'vitest';

import { evaluateCheck } from '../test-support/evaluate-check.js';
import { expectNoCanary } from '../test-support/expect-no-canary.js';
import { ERAS } from '../test-support/matrix.js';
import { surfaceListing } from './surface-listing.js';

describe.each(ERAS)('surface-listing (%s)', (protocol) => {
  it('passes the reference server, walking its paginated resources, templates and prompts', async () => {
    const record = await evaluateCheck(surfaceListing, { max_pages: 100 }, 'reference', 'memory', { protocol });
    expect(record).toMatchObject({
      status: 'pass',
      label: 'surfaces-valid',
      measurements: { surfaces: 3, resources: 3, resourceTemplates: 1, prompts: 2 },
    });
    expect(record.findings).toEqual([
      { label: 'resources-listed', measurements: { pages: 2, items: 3 } },
      { label: 'resource-templates-listed', measurements: { pages: 1, items: 1 } },
      { label: 'prompts-listed', measurements: { pages: 1, items: 2 } },
    ]);
    expectNoCanary(record);
  });

  it('fails resources/list answering a non-array', async () => {
    const record = await evaluateCheck(surfaceListing, {}, 'broken-surfaces', 'stdio', { protocol, env: { FIXTURE_FLAW: 'malformed' } });
    expect(record).toMatchObject({ status: 'fail', label: 'resources-page-malformed' });
    // The other surfaces are still listed and reported.
    expect(record.findings?.map((f) => f.label)).toEqual(['resources-page-malformed', 'resource-templates-listed', 'prompts-listed']);
    expectNoCanary(record);
  });

  it('fails a declared surface whose listing is an error', async () => {
    const record = await evaluateCheck(surfaceListing, {}, 'broken-surfaces', 'stdio', { protocol, env: { FIXTURE_FLAW: 'error' } });
    expect(record).toMatchObject({ status: 'fail', label: 'resource-templates-list-error' });
    expect(record.findings?.[1]).toMatchObject({ measurements: { jsonRpcCode: -32601 } });
  });

  it('terminates on looping prompt cursors', async () => {
    const record = await evaluateCheck(surfaceListing, {}, 'broken-surfaces', 'stdio', { protocol, env: { FIXTURE_FLAW: 'loop' } });
    expect(record).toMatchObject({ status: 'fail', label: 'prompts-cursor-repeated' });
  });

  it('fails a resource listed twice', async () => {
    const record = await evaluateCheck(surfaceListing, {}, 'broken-surfaces', 'stdio', { protocol, env: { FIXTURE_FLAW: 'duplicate' } });
    expect(record).toMatchObject({ status: 'fail', label: 'resources-duplicate-entry' });
  });

  it('fails a surface needing more than max_pages', async () => {
    const record = await evaluateCheck(surfaceListing, { max_pages: 1 }, 'reference', 'memory', { protocol });
    expect(record).toMatchObject({ status: 'fail', label: 'resources-too-many-pages' });
  });

  it('skips, never passes, when no surface is declared, calling nothing', async () => {
    const record = await evaluateCheck(surfaceListing, {}, 'catalog', 'memory', { protocol, env: { FIXTURE_TOOLS: '3' } });
    expect(record).toMatchObject({ status: 'skip', label: 'no-surfaces-declared', measurements: { surfaces: 0 } });
    expect(record.findings?.map((f) => f.label)).toEqual([
      'resources-not-declared',
      'resource-templates-not-declared',
      'prompts-not-declared',
    ]);
  });
});
