import { describe, expect, it } from 'vitest';
import type { ModelTool } from '../models/model-port.js';
import { canonicalJson, outcomeCacheKey, surfaceHash } from './outcome-cache-key.js';
import { isTrialOutcome, replayedTrial } from './trial-labels.js';

const tools: ModelTool[] = [
  { name: 'get_item', description: 'Fetch one item.', inputSchema: { type: 'object', properties: { id: { type: 'string' } } } },
];
const base = {
  case: { id: 'fetch', check: 'tool-selection', task: 'Show me item A-17', expect: { tool: 'get_item' } },
  surface: surfaceHash(tools),
  model: { provider: 'openai', model: 'gpt-4.1-mini', temperature: 0, maxOutputTokens: 512 },
  trial: 0,
};

describe('outcomeCacheKey', () => {
  it('is stable under key order and misses on every input that changes', () => {
    const key = outcomeCacheKey(base);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(
      outcomeCacheKey({ ...base, case: { expect: { tool: 'get_item' }, task: 'Show me item A-17', check: 'tool-selection', id: 'fetch' } }),
    ).toBe(key);
    const edited = surfaceHash([{ ...tools[0], description: 'Fetch one item by id.' } as ModelTool]);
    expect(edited).not.toBe(base.surface);
    expect(outcomeCacheKey({ ...base, surface: edited })).not.toBe(key);
    expect(outcomeCacheKey({ ...base, trial: 1 })).not.toBe(key);
    expect(outcomeCacheKey({ ...base, model: { ...base.model, temperature: 0.2 } })).not.toBe(key);
    expect(outcomeCacheKey({ ...base, model: { ...base.model, maxOutputTokens: 256 } })).not.toBe(key);
    expect(outcomeCacheKey({ ...base, model: { ...base.model, model: 'gpt-4.1' } })).not.toBe(key);
    expect(outcomeCacheKey({ ...base, case: { ...base.case, check: 'argument-correctness' } })).not.toBe(key);
    expect(canonicalJson({ b: [1, { d: 2, c: 3 }], a: null })).toBe('{"a":null,"b":[1,{"c":3,"d":2}]}');
  });
});

describe('isTrialOutcome', () => {
  it('accepts an outcome and refuses anything else', () => {
    const good = { status: 'pass', label: 'selected-expected', measurements: { requests: 1 } };
    expect(isTrialOutcome(good)).toBe(true);
    expect(isTrialOutcome({ ...good, label: 'ignore-previous-instructions' })).toBe(false);
    expect(isTrialOutcome({ ...good, status: 'great' })).toBe(false);
    expect(isTrialOutcome({ ...good, text: 'hi' })).toBe(false);
    expect(isTrialOutcome({ ...good, measurements: { requests: '1' } })).toBe(false);
    expect(isTrialOutcome({ ...good, measurements: { 'bad name': 1 } })).toBe(false);
    expect(isTrialOutcome({ ...good, measurements: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`m${i}`, i])) })).toBe(false);
    expect(isTrialOutcome([good])).toBe(false);
    expect(
      replayedTrial({ status: 'pass', label: 'no-call', measurements: { requests: 1, inputTokens: 9, latencyMs: 5 } }).measurements,
    ).toEqual({
      requests: 0,
      inputTokens: 0,
      outputTokens: 0,
      latencyMs: 5,
      cached: 1,
    });
  });
});
