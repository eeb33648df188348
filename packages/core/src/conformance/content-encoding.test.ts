import { describe, expect, it } from 'vitest';

import { contentEncoding } from './content-encoding.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('content-encoding', () => {
  it.each([
    ['stdio', '2026-07-28'],
    ['http', '2026-07-28'],
    ['stdio', '2025-11-25'],
    ['http', '2025-11-25'],
  ] as const)('passes the reference server over %s (%s): prompt messages, the add result and resource reads', async (transport, era) => {
    const record = await conformanceCase(contentEncoding, 'reference', transport, era);
    expect(record).toMatchObject({ status: 'pass', label: 'content-encoded', measurements: { defects: 0 } });
    expect(record.measurements.checked).toBeGreaterThan(0);
  });

  it.each(['stdio', 'http'] as const)(
    'passes content-flaws without a flaw (image, audio, embedded text, a blob) over %s',
    async (transport) => {
      for (const era of ['2026-07-28', '2025-11-25'] as const) {
        const record = await conformanceCase(contentEncoding, 'content-flaws', transport, era, { FIXTURE_FLAW: 'none' });
        // 3 prompt blocks, 3 tool blocks, 2 read contents.
        expect(record).toMatchObject({ status: 'pass', label: 'content-encoded', measurements: { checked: 8, defects: 0 } });
      }
    },
  );

  it.each([
    ['image-base64', 'prompt-data-not-base64', { index: 0, block: 1 }],
    ['mime-type', 'tool-media-type-invalid', { index: 0, block: 1 }],
    ['embedded-uri', 'prompt-embedded-uri-missing', { index: 0, block: 2 }],
    ['blob-base64', 'contents-blob-not-base64', { index: 1, block: 0 }],
  ] as const)('fails content-flaws %s over stdio and HTTP, naming the position', async (flaw, label, measurements) => {
    for (const transport of ['stdio', 'http'] as const) {
      const record = await conformanceCase(contentEncoding, 'content-flaws', transport, '2026-07-28', { FIXTURE_FLAW: flaw });
      expect(record).toMatchObject({ status: 'fail', label, findings: [{ label, measurements }] });
    }
  });

  it('fails a legacy server too', async () => {
    const record = await conformanceCase(contentEncoding, 'content-flaws', 'stdio', '2025-11-25', { FIXTURE_FLAW: 'blob-base64' });
    expect(record).toMatchObject({ status: 'fail', label: 'contents-blob-not-base64' });
  });

  it('skips when nothing was returned to check (a tools-only server whose read-only tools declare no outputSchema)', async () => {
    const record = await conformanceCase(contentEncoding, 'mrtr-flaws', 'stdio', '2026-07-28', { FIXTURE_FLAW: 'none' });
    expect(record).toMatchObject({ status: 'skip', label: 'nothing-returned', measurements: { checked: 0 } });
  });
});
