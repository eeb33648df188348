import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

import { goldenTemplate } from './golden-template.js';

const profile = (name: string): { name: string } => ({ name });

describe('goldenTemplate', () => {
  it('gives every tool its own case id, `/` as `-`, duplicates numbered', () => {
    const { cases } = goldenTemplate(['a/b', 'a-b', 'a.b'].map(profile));
    const ids = cases.flatMap((line) => /^ {2}# - id: (.+)$/.exec(line)?.slice(1) ?? []);
    expect(ids).toEqual(['select-a-b', 'select-a-b-2', 'select-a.b', 'thanks-calls-nothing']);
  });

  it('every case line is a comment, and a tool name is quoted so YAML reads it as the name', () => {
    const { cases } = goldenTemplate(['yes', 'null', 'x.y'].map(profile));
    expect(cases.every((line) => line.startsWith('  #'))).toBe(true);
    const expects = cases
      .filter((line) => line.includes('expect:'))
      .map((line) => parse(line.replace(/^ {2}# {3}/, '')) as { expect: { tool: unknown } });
    expect(expects.map((e) => e.expect.tool)).toEqual(['yes', 'null', 'x.y']);
  });

  it('the models block is valid YAML with only the lexical column active', () => {
    const { models } = goldenTemplate([profile('t')]);
    expect(parse(models.join('\n'))).toEqual({ models: [{ id: 'lexical', provider: 'lexical' }] });
  });

  it('no tools: the models block, no golden cases', () => {
    expect(goldenTemplate([]).cases).toEqual([]);
  });
});
