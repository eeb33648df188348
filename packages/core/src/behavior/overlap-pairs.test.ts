import { describe, expect, it } from 'vitest';

import { MAX_OVERLAP_PAIRS, overlapPairs } from './overlap-pairs.js';

const tool = (name: string, description: string, props: string[]) => ({
  name,
  description,
  inputSchema: { type: 'object', properties: Object.fromEntries(props.map((p) => [p, { type: 'string' }])) },
});

describe('overlapPairs', () => {
  it("pairs the tools lint's near-duplicate measure finds close, once per couple, in catalog order", () => {
    const pairs = overlapPairs([
      tool('get_weather', 'Returns the current weather forecast for a city', ['city']),
      tool('add', 'Adds two numbers', ['a', 'b']),
      tool('fetch_weather', 'Returns the current weather forecast for a city', ['city']),
    ]);
    expect(pairs).toEqual([{ first: 0, second: 2 }]);
    expect(overlapPairs([tool('add', 'Adds two numbers', ['a']), tool('echo', 'Echoes a message back', ['message'])])).toEqual([]);
  });

  it('stops at MAX_OVERLAP_PAIRS', () => {
    const many = Array.from({ length: 2 * MAX_OVERLAP_PAIRS + 6 }, (_, i) =>
      tool(`lookup_${String(Math.floor(i / 2))}_${String(i % 2)}`, `Looks up record group ${String(Math.floor(i / 2))} kind`, ['key']),
    );
    expect(overlapPairs(many).length).toBe(MAX_OVERLAP_PAIRS);
  });
});
