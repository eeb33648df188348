import { describe, expect, it } from 'vitest';
import { MODEL_FAILURE_KINDS, MODEL_FINISHES } from './model-port.js';

describe('model port closed sets', () => {
  it('are kebab-case labels, each once', () => {
    for (const set of [MODEL_FAILURE_KINDS, MODEL_FINISHES]) {
      expect(new Set(set).size).toBe(set.length);
      for (const label of set) expect(label).toMatch(/^[a-z]+(-[a-z]+)*$/);
    }
    expect(MODEL_FAILURE_KINDS).toEqual(expect.arrayContaining(['model-timeout', 'rate-limited', 'provider-error', 'model-unavailable']));
  });
});
