import { describe, expect, it } from 'vitest';

import { escapeLine, escapeTerminalText, SAFE_TEXT_PATTERN } from './terminal-text.js';

describe('escapeTerminalText', () => {
  it('escapes C0 (but the newline), DEL and C1, so no escape sequence reaches a terminal', () => {
    expect(escapeTerminalText('a\u001b[2K\u001b[1Ab\u0007\r\t\u007f\u009b\nnext')).toBe(
      'a\\x1b[2K\\x1b[1Ab\\x07\\x0d\\x09\\x7f\\x9b\nnext',
    );
  });

  it('escapes the bidirectional controls that reorder a line', () => {
    expect(escapeTerminalText('x\u202ey\u2066z\u200f\u200e\u202a\u2069')).toBe('x\\u202ey\\u2066z\\u200f\\u200e\\u202a\\u2069');
  });

  it('leaves other text alone', () => {
    expect(escapeTerminalText('Größe: 3 — ok ✓ "q" \\')).toBe('Größe: 3 — ok ✓ "q" \\');
  });
});

describe('escapeLine', () => {
  it('escapes newlines too and cuts a long name', () => {
    expect(escapeLine('a\nb\u001b')).toBe('a\\nb\\x1b');
    expect(escapeLine('x'.repeat(100))).toBe(`${'x'.repeat(80)}…`);
  });
});

describe('SAFE_TEXT_PATTERN', () => {
  const safe = new RegExp(SAFE_TEXT_PATTERN, 'u');
  it('accepts plain text and refuses every character escapeTerminalText escapes, and newlines', () => {
    expect(safe.test('cases/tool-a.yaml ✓ Größe')).toBe(true);
    for (const ch of [
      '\u0000',
      '\u001b',
      '\n',
      '\r',
      '\u007f',
      '\u0085',
      '\u009f',
      '\u200e',
      '\u200f',
      '\u202a',
      '\u202e',
      '\u2066',
      '\u2069',
    ])
      expect(safe.test(`a${ch}b`), JSON.stringify(ch)).toBe(false);
  });
});
