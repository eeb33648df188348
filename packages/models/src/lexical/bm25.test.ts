import type { ModelTool } from '@mcp-eval/core';
import { describe, expect, it } from 'vitest';
import { rankTools, toolTerms } from './bm25.js';

const tool = (name: string, description: string, properties: Record<string, string> = {}): ModelTool => ({
  name,
  description,
  inputSchema: {
    type: 'object',
    properties: Object.fromEntries(Object.entries(properties).map(([k, d]) => [k, { type: 'string', description: d }])),
  },
});

const catalog = [
  tool('get_weather', 'Current weather conditions for a city', { city: 'City name' }),
  tool('search_issues', 'Search the tracker for issues matching a query', { query: 'Words to match', state: 'open or closed' }),
  tool('create_ticket', 'File a new ticket in the tracker', { title: 'Ticket title', body: 'Ticket text' }),
];

describe('rankTools', () => {
  it('ranks the tool whose name, description and parameters share the task words first', () => {
    expect(rankTools('What is the weather in Paris?', catalog)[0]?.name).toBe('get_weather');
    expect(rankTools('Find open issues about login', catalog)[0]?.name).toBe('search_issues');
    expect(rankTools('File a ticket titled login broken', catalog)[0]?.name).toBe('create_ticket');
  });
  it('scores parameter names and parameter descriptions', () => {
    const tools = [tool('alpha', 'Does a thing', { zipcode: 'postal zone' }), tool('beta', 'Does a thing')];
    expect(rankTools('by zipcode', tools)[0]).toMatchObject({ name: 'alpha' });
    expect(rankTools('postal', tools)[0]).toMatchObject({ name: 'alpha' });
    expect(toolTerms(tools[0]!)).toEqual(expect.arrayContaining(['zipcode', 'postal', 'zone']));
  });
  it('gives every tool 0 when no term is shared, and breaks ties by name', () => {
    const ranked = rankTools('Thanks, that is all', catalog);
    expect(ranked.map((r) => r.score)).toEqual([0, 0, 0]);
    expect(ranked.map((r) => r.name)).toEqual(['create_ticket', 'get_weather', 'search_issues']);
  });
  it('gives the same scores every run', () => {
    const first = rankTools('search tracker tickets', catalog);
    for (let i = 0; i < 5; i += 1) expect(rankTools('search tracker tickets', catalog)).toEqual(first);
  });
});
