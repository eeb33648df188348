import { describe, expect, it } from 'vitest';

import { TRANSPORT_ERAS } from '../test-support/matrix.js';
import { invalidCursor } from './invalid-cursor.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('invalid-cursor', () => {
  it.each(TRANSPORT_ERAS)(
    'passes the reference server over $transport on $protocol: -32602 on every list',
    async ({ transport, protocol }) => {
      const record = await conformanceCase(invalidCursor, 'reference', transport, protocol);
      expect(record).toMatchObject({ status: 'pass', label: 'invalid-cursor-rejected', measurements: { probes: 3 } });
      expect(record.findings?.map((f) => f.label)).toEqual(['tools-rejected', 'resources-rejected', 'prompts-rejected']);
    },
  );

  it.each(['2026-07-28', '2025-11-25'] as const)('fails a server that answers an unknown cursor with a page (%s)', async (protocol) => {
    const record = await conformanceCase(invalidCursor, 'should-flaws', 'stdio', protocol, { FIXTURE_FLAW: 'cursor-served' });
    expect(record).toMatchObject({ status: 'fail', label: 'tools-served', measurements: { probes: 3 } });
    expect(record.findings?.map((f) => f.label)).toEqual(['tools-served', 'resources-served', 'prompts-served']);
  });

  it('passes the same server without the flaw over HTTP', async () => {
    const record = await conformanceCase(invalidCursor, 'should-flaws', 'http', '2026-07-28', { FIXTURE_FLAW: 'none' });
    expect(record).toMatchObject({ status: 'pass', label: 'invalid-cursor-rejected' });
  });

  it('probes only the lists the server declares, and skips a server that declares none', async () => {
    const toolsOnly = await conformanceCase(invalidCursor, 'should-flaws', 'stdio', '2025-11-25', {
      FIXTURE_FLAW: 'none',
      FIXTURE_CAPABILITIES: 'tools',
    });
    expect(toolsOnly).toMatchObject({ status: 'pass', measurements: { probes: 1 } });
    expect(toolsOnly.findings?.map((f) => f.label)).toEqual(['tools-rejected']);
    const none = await conformanceCase(invalidCursor, 'should-flaws', 'stdio', 'auto', {
      FIXTURE_FLAW: 'none',
      FIXTURE_CAPABILITIES: 'logging',
    });
    expect(none).toMatchObject({ status: 'skip', label: 'capability-not-declared' });
  });

  it('does not judge a list that fails without any cursor: a finding, and a skip when no list could be judged', async () => {
    const record = await conformanceCase(invalidCursor, 'unreadable-lists', 'stdio');
    // resources/list answers (and serves the bogus cursor); tools/list and prompts/list fail outright.
    expect(record).toMatchObject({ status: 'fail', label: 'resources-served', measurements: { probes: 1 } });
    expect(record.findings?.map((f) => f.label)).toEqual(['tools-list-unreadable', 'resources-served', 'prompts-list-unreadable']);
  });

  it('names what happened, never a header, in its labels', () => {
    for (const meaning of Object.values(invalidCursor.labels)) expect(meaning).not.toMatch(/header/i);
  });
});
