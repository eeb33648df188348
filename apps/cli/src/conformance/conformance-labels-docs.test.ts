import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { ASSERTION_LEVEL_LABELS, EXPECTED_FAILURE_LABELS } from '@mcp-eval/core';
import { documentsLabel } from '@mcp-eval/core/testing';
import { describe, expect, it } from 'vitest';

// The labels conformance's gate puts on any assertion's record are documented beside the assertions.
const page = readFileSync(fileURLToPath(new URL('../../../../docs/conformance.md', import.meta.url)), 'utf8');
const cli = readFileSync(fileURLToPath(new URL('../../../../docs/cli.md', import.meta.url)), 'utf8');

describe('conformance gate labels', () => {
  it.each(Object.keys({ ...EXPECTED_FAILURE_LABELS, ...ASSERTION_LEVEL_LABELS }))(
    'docs/conformance.md and docs/cli.md document %s',
    (label) => {
      expect(documentsLabel(page, label)).toBe(true);
      expect(label === 'should-unmet' || documentsLabel(cli, label)).toBe(true);
    },
  );

  it('docs/cli.md documents the expected-failures file bound', () => {
    expect(cli).toContain('MAX_EXPECTED_FAILURES_BYTES');
  });
});
