import { describe, expect, it } from 'vitest';

import { annotatedEffect, isPotentiallyDestructive } from './destructive-tools.js';

describe('annotatedEffect', () => {
  it('reads the spec defaults: destructive unless readOnlyHint: true or destructiveHint: false', () => {
    expect(annotatedEffect(undefined)).toBe('destructive');
    expect(annotatedEffect({})).toBe('destructive');
    expect(annotatedEffect({ readOnlyHint: false })).toBe('destructive');
    expect(annotatedEffect({ destructiveHint: true })).toBe('destructive');
    expect(annotatedEffect({ readOnlyHint: 'true', destructiveHint: 'false' })).toBe('destructive');
    expect(annotatedEffect({ readOnlyHint: true, destructiveHint: true })).toBe('read-only');
    expect(annotatedEffect({ readOnlyHint: false, destructiveHint: false })).toBe('non-destructive');
    expect(isPotentiallyDestructive({ destructiveHint: false })).toBe(false);
    expect(isPotentiallyDestructive(null)).toBe(true);
  });
});
