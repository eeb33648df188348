import { APICallError, ToolChoiceViolationError } from 'ai';
import { describe, expect, it } from 'vitest';

import type { OutcomeContext } from './ai-sdk-outcome.js';
import { decisionOfResult, outcomeOfError, tokenCount } from './ai-sdk-outcome.js';
import { ResponseTooLargeError } from './outbound-fetch.js';
import { aliasToolNames } from './tool-aliases.js';

const aliases = aliasToolNames(['files/read']);
const readAlias = aliases.toProvider.get('files/read') ?? '';
const spend = { requests: 2, usage: { inputTokens: 0, outputTokens: 0 }, latencyMs: 12 };
const ctx: OutcomeContext = { aliases, toolNames: ['files/read'], temperatureApplied: 1, spend };

function httpError(statusCode: number, responseHeaders?: Record<string, string>) {
  return new APICallError({
    message: 'http error',
    url: 'http://127.0.0.1:1/v1',
    requestBodyValues: {},
    statusCode,
    ...(responseHeaders === undefined ? {} : { responseHeaders }),
  });
}

describe('decisionOfResult', () => {
  it('maps calls back to catalog names and keeps counts, finish and spend', () => {
    const decision = decisionOfResult(
      {
        toolCalls: [{ toolCallId: 't1', toolName: readAlias, input: { path: 'a' } }],
        text: 'files/read(',
        finishReason: 'tool-calls',
        usage: { inputTokens: 11, outputTokens: 3 },
      },
      ctx,
    );
    expect(decision).toEqual({
      kind: 'decision',
      calls: [{ kind: 'call', id: 't1', name: 'files/read', input: { path: 'a' } }],
      textChars: 11,
      textLooksLikeToolCall: true,
      finish: 'tool-calls',
      temperatureApplied: 1,
      requests: 2,
      usage: { inputTokens: 11, outputTokens: 3 },
      latencyMs: 12,
    });
  });

  it('an unknown finish is other, a bad token count 0, a temperature warning temperatureApplied 0', () => {
    const decision = decisionOfResult(
      {
        toolCalls: [],
        text: '',
        finishReason: 'unknown',
        usage: { inputTokens: -1, outputTokens: 1.5 },
        warnings: [{ type: 'unsupported', feature: 'temperature' }],
      },
      ctx,
    );
    expect(decision).toMatchObject({ finish: 'other', usage: { inputTokens: 0, outputTokens: 0 }, temperatureApplied: 0 });
    expect([tokenCount(undefined), tokenCount(Number.NaN), tokenCount(7)]).toEqual([0, 0, 7]);
  });
});

describe('outcomeOfError', () => {
  it('a forced call not made is an answer with no call, its text counted and never kept', () => {
    const error = new ToolChoiceViolationError({
      toolChoice: { type: 'tool', toolName: 'verdict' },
      content: [{ type: 'text', text: 'files/read(maybe)' }],
      finishReason: 'stop',
      provider: 'scripted',
      modelId: 'm',
    });
    expect(outcomeOfError(error, ctx)).toEqual({
      kind: 'decision',
      calls: [],
      textChars: 17,
      textLooksLikeToolCall: true,
      finish: 'stop',
      temperatureApplied: 1,
      ...spend,
    });
  });

  it('a 429 is rate-limited with the wait it asked; another status provider-error with it', () => {
    expect(outcomeOfError(httpError(429, { 'retry-after': '2' }), ctx)).toEqual({
      kind: 'failure',
      failure: 'rate-limited',
      retryAfterMs: 2000,
      ...spend,
    });
    expect(outcomeOfError(httpError(429), ctx)).toEqual({ kind: 'failure', failure: 'rate-limited', ...spend });
    expect(outcomeOfError(httpError(503), ctx)).toEqual({ kind: 'failure', failure: 'provider-error', httpStatus: 503, ...spend });
  });

  it('a body over the limit is response-too-large; any other error provider-error with no message kept', () => {
    expect(outcomeOfError(new Error('x', { cause: new ResponseTooLargeError() }), ctx)).toEqual({
      kind: 'failure',
      failure: 'response-too-large',
      ...spend,
    });
    const outcome = outcomeOfError(new Error('secret text'), ctx);
    expect(outcome).toEqual({ kind: 'failure', failure: 'provider-error', ...spend });
  });
});
