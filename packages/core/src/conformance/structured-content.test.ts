import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { filesystemStdio } from '@mcp-eval/fixture-servers';
import { describe, expect, it } from 'vitest';

import { evaluateTarget } from '../test-support/evaluate-check.js';

import { structuredContent } from './structured-content.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('structured-content', () => {
  it.each([
    ['stdio', '2026-07-28'],
    ['http', '2026-07-28'],
    ['stdio', '2025-11-25'],
    ['http', '2025-11-25'],
  ] as const)('passes the reference server over %s (%s): add returns a sum that matches its outputSchema', async (transport, era) => {
    const record = await conformanceCase(structuredContent, 'reference', transport, era);
    expect(record).toMatchObject({
      status: 'pass',
      label: 'structured-content-valid',
      measurements: { eligible: 1, judged: 1, validated: 1 },
    });
  });

  it.each(['stdio', 'http'] as const)('passes content-flaws without a flaw over %s in both eras', async (transport) => {
    for (const era of ['2026-07-28', '2025-11-25'] as const) {
      const record = await conformanceCase(structuredContent, 'content-flaws', transport, era, { FIXTURE_FLAW: 'none' });
      expect(record).toMatchObject({ status: 'pass', label: 'structured-content-valid' });
    }
  });

  it.each([
    ['structured-invalid', 'structured-content-invalid'],
    ['structured-missing', 'structured-content-missing'],
  ] as const)('fails content-flaws %s over stdio and HTTP, naming the call by position', async (flaw, label) => {
    for (const transport of ['stdio', 'http'] as const) {
      const record = await conformanceCase(structuredContent, 'content-flaws', transport, '2026-07-28', { FIXTURE_FLAW: flaw });
      expect(record).toMatchObject({ status: 'fail', label, findings: [{ label, measurements: { index: 0 } }] });
    }
  });

  it('fails a legacy server too', async () => {
    const record = await conformanceCase(structuredContent, 'content-flaws', 'stdio', '2025-11-25', { FIXTURE_FLAW: 'structured-invalid' });
    expect(record).toMatchObject({ status: 'fail', label: 'structured-content-invalid' });
  });

  it('skips, never passes, when every call is a tool error (placeholder arguments may be wrong)', async () => {
    const record = await conformanceCase(structuredContent, 'content-flaws', 'stdio', '2026-07-28', { FIXTURE_FLAW: 'tool-error' });
    expect(record).toMatchObject({ status: 'skip', label: 'every-call-errored', measurements: { calls: 1, judged: 0, toolErrors: 1 } });
  });

  it('skips a server whose read-only tools declare no outputSchema, without calling anything', async () => {
    const record = await conformanceCase(structuredContent, 'mrtr-flaws', 'stdio', '2026-07-28', { FIXTURE_FLAW: 'none' });
    expect(record).toMatchObject({ status: 'skip', label: 'no-structured-tools', measurements: { eligible: 0, calls: 0 } });
  });

  it('calls the tools callable with {} first: server-filesystem is judged on list_allowed_directories', async () => {
    // Its other read-only tools with an outputSchema all need a path; five of them came first in catalog order.
    const dir = mkdtempSync(join(tmpdir(), 'mcp-eval-structured-'));
    try {
      const record = await evaluateTarget(structuredContent, {}, filesystemStdio(dir), { protocol: '2025-11-25' });
      expect(record.status).not.toBe('skip');
      expect(record.measurements.judged).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
