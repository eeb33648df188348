import { describe, expect, it } from 'vitest';

import { checks } from '../checks/index.js';
import { parseManifest } from '../manifest/parse-manifest.js';

const manifest = (drift: string): string =>
  `version: 1\nserver:\n  stdio: { command: node }\n${drift}cases:\n  - id: d\n    dimension: discovery-cost\n    max_tools: 10\n    max_schema_bytes: 1000\n`;

describe('manifest drift policy', () => {
  it.each(['breaking', 'any', 'none'] as const)('reads drift.fail_on: %s', (failOn) => {
    const result = parseManifest(manifest(`drift:\n  fail_on: ${failOn}\n`), 'm.yaml', checks);
    expect(result.ok && result.manifest.drift).toEqual({ failOn });
  });

  it('defaults an empty drift block to breaking, and leaves drift out when not written', () => {
    const empty = parseManifest(manifest('drift: {}\n'), 'm.yaml', checks);
    expect(empty.ok && empty.manifest.drift).toEqual({ failOn: 'breaking' });
    const none = parseManifest(manifest(''), 'm.yaml', checks);
    expect(none.ok && none.manifest.drift).toBeUndefined();
  });

  it('refuses a policy outside the set, and unknown keys, with their place', () => {
    const bad = parseManifest(manifest('drift:\n  fail_on: sometimes\n  warn: true\n'), 'm.yaml', checks);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors.map((e) => e.line)).toEqual(expect.arrayContaining([5]));
  });
});
