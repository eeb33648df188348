import { describe, expect, it } from 'vitest';
import type { ModelOutcome, ModelPort } from '../models/model-port.js';
import type { ConversationOptions } from './conversation.js';
import { runConversation } from './conversation.js';
import { prepareInputSchema } from './input-schema.js';
import { NO_CALL_POLICY } from './no-call.js';
import { selectionPolicy } from './tool-selection.js';
import { sequencePolicy } from './tool-sequence.js';
import { noCallTrial, selectionTrial, sequenceTrial } from './trial-outcome.js';

const spend = { requests: 2, usage: { inputTokens: 30, outputTokens: 0 }, latencyMs: 5 };
const failing = (outcome: ModelOutcome): ModelPort => ({ decide: () => Promise.resolve(outcome) });
const converse = (port: ModelPort, policy: Pick<ConversationOptions, 'maxTurns' | 'more' | 'feed'>) =>
  runConversation({ port, tools: [], task: 'task', params: { maxOutputTokens: 10, timeoutMs: 1000, maxRetries: 0 }, ...policy });
const expected = { tool: 'get_item', acceptPrerequisite: [] };

describe('trial outcomes of interrupted conversations', () => {
  it('maps port failures to the engine labels with their numbers', async () => {
    const limited = await converse(
      failing({ kind: 'failure', failure: 'rate-limited', retryAfterMs: 1000, ...spend }),
      selectionPolicy(expected),
    );
    const args = { expected: {}, schema: prepareInputSchema({ type: 'object' }) };
    expect(selectionTrial(limited, expected, args)).toEqual({
      selection: {
        status: 'error',
        label: 'rate-limited',
        measurements: { requests: 2, inputTokens: 30, outputTokens: 0, latencyMs: 5, temperatureApplied: 1, retryAfterMs: 1000 },
      },
      arguments: { status: 'error', label: 'rate-limited', measurements: {} },
    });
    const broken = await converse(failing({ kind: 'failure', failure: 'provider-error', httpStatus: 500, ...spend }), NO_CALL_POLICY);
    expect(noCallTrial(broken)).toMatchObject({ status: 'error', label: 'provider-error', measurements: { httpStatus: 500 } });
    const unavailable = await converse(failing({ kind: 'failure', failure: 'model-unavailable', ...spend, requests: 0 }), NO_CALL_POLICY);
    expect(noCallTrial(unavailable)).toMatchObject({ status: 'skip', label: 'model-unavailable', measurements: { requests: 0 } });
  });

  it('skips a sequence whose live step the gate refused, having asked the model once', async () => {
    const decision: ModelOutcome = {
      kind: 'decision',
      calls: [{ kind: 'call', id: 'a', name: 'create_ticket', input: {} }],
      textChars: 0,
      textLooksLikeToolCall: false,
      finish: 'tool-calls',
      temperatureApplied: 0,
      ...spend,
    };
    const chain = {
      order: 'strict',
      maxExtraSteps: 0,
      steps: [
        { tool: 'create_ticket', result: 'live' },
        { tool: 'search_issues', result: 'live' },
      ],
    } as const;
    const expectation = { ...chain, steps: [...chain.steps] };
    const refused = await converse(
      failing(decision),
      sequencePolicy(expectation, () => Promise.resolve({ kind: 'refused' })),
    );
    expect(refused.end).toBe('mutation-not-allowed');
    expect(sequenceTrial(refused, expectation, new Map()).sequence).toMatchObject({
      status: 'skip',
      label: 'mutation-not-allowed',
      measurements: { requests: 2, temperatureApplied: 0 },
    });
  });
});
