import { describe, expect, it } from 'vitest';

import { escapeServerText } from './server-text.js';

describe('escapeServerText', () => {
  it('turns C0, DEL and C1 controls (so terminal escape sequences) into visible escapes, keeping newlines', () => {
    expect(escapeServerText('a\u001b[31mred\u0007\r\tb\u007f\u009b\nnext')).toBe('a\\x1b[31mred\\x07\\x0d\\x09b\\x7f\\x9b\nnext');
  });

  it('defuses the bidirectional overrides that reorder what a terminal shows', () => {
    expect(escapeServerText('x\u202ey\u2066z\u200f')).toBe('x\\u202ey\\u2066z\\u200f');
  });

  it('leaves printable text, including non-ASCII, as it is', () => {
    expect(escapeServerText('Größe: 3 — ok ✓')).toBe('Größe: 3 — ok ✓');
  });
});
