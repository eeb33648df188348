import { describe, expect, it } from 'vitest';

import { bodyDefect, isMediaType, isStrictBase64 } from './encoding.js';

describe('isStrictBase64', () => {
  it.each(['', 'AA==', 'AAA=', 'AAAA', 'aGVsbG8=', 'iVBORw0KGgo=', '+/+/'])('accepts %j', (value) => {
    expect(isStrictBase64(value)).toBe(true);
  });

  it.each(['A', 'AA', 'AAA', 'A===', 'AA=A', 'aGVs bG8=', 'aGVsbG8=\n', '-_-_', 'not base64!', '====', 'AAAA='])('rejects %j', (value) => {
    expect(isStrictBase64(value)).toBe(false);
  });

  it('rejects what is not a string', () => {
    expect(isStrictBase64(undefined)).toBe(false);
    expect(isStrictBase64(42)).toBe(false);
  });
});

describe('isMediaType', () => {
  it.each(['image/png', 'audio/wav', 'application/vnd.api+json', 'text/plain; charset=utf-8', 'text/plain;format="a b"'])(
    'accepts %j',
    (value) => {
      expect(isMediaType(value)).toBe(true);
    },
  );

  it.each(['', 'png', 'image/', '/png', 'image png', 'image/png/x', 'image/p(n)g', 'text/plain; charset', 42])('rejects %j', (value) => {
    expect(isMediaType(value)).toBe(false);
  });
});

describe('bodyDefect', () => {
  it('accepts exactly a text string or a base64 blob', () => {
    expect(bodyDefect({ uri: 'x:y', text: '' })).toBeUndefined();
    expect(bodyDefect({ uri: 'x:y', blob: 'AAAA' })).toBeUndefined();
  });

  it('names neither, both, a wrong type and a blob that is not base64', () => {
    expect(bodyDefect({ uri: 'x:y' })).toBe('body-missing');
    expect(bodyDefect({ text: 'a', blob: 'AAAA' })).toBe('body-missing');
    expect(bodyDefect({ text: 1 })).toBe('body-missing');
    expect(bodyDefect({ blob: 1 })).toBe('body-missing');
    expect(bodyDefect({ blob: 'not base64!' })).toBe('blob-not-base64');
  });
});
