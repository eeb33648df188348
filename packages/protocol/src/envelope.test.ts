import { describe, expect, it } from 'vitest';

import { paramsWithMeta } from './envelope.js';

describe('paramsWithMeta', () => {
  it('merges over existing _meta and leaves params alone without meta', () => {
    expect(paramsWithMeta({ a: 1, _meta: { x: 1 } }, { y: 2 })).toEqual({ a: 1, _meta: { x: 1, y: 2 } });
    expect(paramsWithMeta(undefined, undefined)).toBeUndefined();
    expect(paramsWithMeta(undefined, { y: 2 })).toEqual({ _meta: { y: 2 } });
  });
});
