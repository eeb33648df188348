import { describe, expect, it } from 'vitest';
import type { ModelDecision } from '../models/model-port.js';
import type { VerdictSchema } from './judge-verdict.js';
import { MAX_LISTED_INTEGERS, MAX_VERDICT_FIELDS, parseVote, tallyVotes, VERDICT_TOOL_NAME, verdictTool } from './judge-verdict.js';

const RUBRIC: VerdictSchema = { a: { kind: 'enum', values: ['met', 'partial', 'not-met'] }, rating: { kind: 'integer', min: 1, max: 10 } };

const decision = (calls: ModelDecision['calls']): ModelDecision => ({
  kind: 'decision',
  calls,
  textChars: 0,
  textLooksLikeToolCall: false,
  finish: 'tool-calls',
  temperatureApplied: 1,
  requests: 1,
  usage: { inputTokens: 1, outputTokens: 1 },
  latencyMs: 1,
});
const vote = (input: unknown) => decision([{ kind: 'call', id: 'c', name: VERDICT_TOOL_NAME, input: input as never }]);

describe('the forced-verdict schema', () => {
  it('holds only enums and integers, every field required, nothing else allowed', () => {
    expect(verdictTool(RUBRIC).inputSchema).toEqual({
      type: 'object',
      properties: {
        a: { type: 'string', enum: ['met', 'partial', 'not-met'] },
        rating: { type: 'integer', minimum: 1, maximum: 10, enum: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
      },
      required: ['a', 'rating'],
      additionalProperties: false,
    });
  });

  it("lists an integer field's values only up to MAX_LISTED_INTEGERS (the bounds always)", () => {
    const wide = verdictTool({ n: { kind: 'integer', min: 0, max: MAX_LISTED_INTEGERS } }).inputSchema.properties as Record<string, object>;
    expect(wide['n']).toEqual({ type: 'integer', minimum: 0, maximum: MAX_LISTED_INTEGERS });
    const listed = verdictTool({ n: { kind: 'integer', min: 1, max: MAX_LISTED_INTEGERS } }).inputSchema.properties as Record<
      string,
      object
    >;
    expect((listed['n'] as { enum: number[] }).enum).toHaveLength(MAX_LISTED_INTEGERS);
  });

  it('refuses an empty schema, too many fields, and ids outside the safe alphabet', () => {
    expect(() => verdictTool({})).toThrow();
    const many = Object.fromEntries(
      Array.from({ length: MAX_VERDICT_FIELDS + 1 }, (_, i) => [`c${i}`, { kind: 'integer', min: 0, max: 1 }]),
    );
    expect(() => verdictTool(many as VerdictSchema)).toThrow();
    expect(() => verdictTool({ 'Bad Id': { kind: 'integer', min: 0, max: 1 } })).toThrow();
  });
});

describe('parseVote', () => {
  it('reads a vote that fits the schema', () => {
    expect(parseVote(vote({ a: 'partial', rating: 7 }), RUBRIC)).toEqual({ a: 'partial', rating: 7 });
  });

  it.each([
    ['no call', decision([])],
    [
      'two calls',
      decision([
        { kind: 'call', id: '1', name: VERDICT_TOOL_NAME, input: { a: 'met', rating: 1 } },
        { kind: 'call', id: '2', name: VERDICT_TOOL_NAME, input: { a: 'met', rating: 1 } },
      ]),
    ],
    ['another tool', decision([{ kind: 'call', id: '1', name: 'other', input: { a: 'met', rating: 1 } }])],
    ['unparseable input', decision([{ kind: 'unparseable-input', id: '1', name: VERDICT_TOOL_NAME }])],
    ['a missing field', vote({ a: 'met' })],
    ['an extra (reason) field', vote({ a: 'met', rating: 5, reason: 'because' })],
    ['a value outside the enum', vote({ a: 'great', rating: 5 })],
    ['an integer out of range', vote({ a: 'met', rating: 11 })],
    ['a fraction', vote({ a: 'met', rating: 5.5 })],
    ['a number as text', vote({ a: 'met', rating: '5' })],
    ['not an object', vote(['met', 5])],
  ])('%s does not parse: no default value', (_, d) => {
    expect(parseVote(d, RUBRIC)).toBeUndefined();
  });
});

describe('tallyVotes', () => {
  it('unanimous: agreement 1', () => {
    expect(
      tallyVotes(
        [
          { a: 'met', rating: 8 },
          { a: 'met', rating: 8 },
          { a: 'met', rating: 8 },
        ],
        RUBRIC,
      ),
    ).toEqual({
      verdict: { a: 'met', rating: 8 },
      agreement: 1,
    });
  });

  it('2–1: the majority and the median; agreement is the share of agreeing (vote, field) pairs', () => {
    const { verdict, agreement } = tallyVotes(
      [
        { a: 'met', rating: 9 },
        { a: 'not-met', rating: 2 },
        { a: 'met', rating: 8 },
      ],
      RUBRIC,
    );
    expect(verdict).toEqual({ a: 'met', rating: 8 });
    expect(agreement).toBeCloseTo(3 / 6, 10);
    const one = tallyVotes(
      [
        { a: 'met', rating: 1 },
        { a: 'partial', rating: 1 },
        { a: 'met', rating: 1 },
      ],
      { a: RUBRIC['a']! },
    );
    expect(one.agreement).toBeCloseTo(2 / 3, 10);
  });

  it('a tie goes to the worse value; an even count of integers to the lower middle', () => {
    expect(
      tallyVotes(
        [
          { a: 'met', rating: 9 },
          { a: 'not-met', rating: 4 },
        ],
        RUBRIC,
      ).verdict,
    ).toEqual({ a: 'not-met', rating: 4 });
    expect(tallyVotes([{ a: 'met' }, { a: 'partial' }, { a: 'not-met' }], { a: RUBRIC['a']! }).verdict).toEqual({ a: 'not-met' });
  });
});
