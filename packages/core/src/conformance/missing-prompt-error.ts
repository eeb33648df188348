import type { JsonObject } from '@mcp-eval/protocol';
import { ERROR_CODES, isRecord } from '@mcp-eval/protocol';

import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { SKIP_LABELS, unlessDeclared } from './support/applicability.js';
import type { ErrorProbe, ProbeLabel } from './support/error-probes.js';
import { probeLabels, runErrorProbes } from './support/error-probes.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import { unknownName } from './support/unknown-names.js';

const PROBES = {
  'unknown-prompt': 'prompts/get of a name the server cannot have',
  'missing-arguments': 'prompts/get of a listed prompt with a required argument, sent without arguments',
} as const;

type Probe = keyof typeof PROBES;

export type MissingPromptErrorLabel = 'missing-prompt-rejected' | ProbeLabel<Probe> | 'capability-not-declared';

const LABELS: Record<MissingPromptErrorLabel, string> = {
  'missing-prompt-rejected':
    'prompts/get of an unknown prompt, and of a listed prompt without its required arguments where one is listed, got -32602 (Invalid params).',
  ...probeLabels(PROBES),
  'capability-not-declared': SKIP_LABELS['capability-not-declared'],
};

function requiresArguments(prompt: unknown): prompt is JsonObject & { name: string } {
  return (
    isRecord(prompt) &&
    typeof prompt.name === 'string' &&
    Array.isArray(prompt.arguments) &&
    prompt.arguments.some((argument) => isRecord(argument) && argument.required === true)
  );
}

/**
 * Both revisions, Server features › Prompts › Error handling: an invalid prompt name and missing
 * required arguments SHOULD be -32602. The name comes from `unknownName`, so it exists nowhere; the
 * second probe runs only when the first page of `prompts/list` names a prompt with a required
 * argument (getting a prompt has no side effects, so it is safe to send).
 */
export const missingPromptError = defineCheck<ConformanceParams, MissingPromptErrorLabel>({
  id: 'missing-prompt-error',
  kind: 'conformance',
  requirements: ['L58'],
  level: 'should',
  title: 'Missing prompt is -32602',
  summary: 'prompts/get of an unknown prompt, or without required arguments, is -32602, never a result (a SHOULD).',
  params: NO_PARAMS,
  labels: LABELS,
  async run(ctx): Promise<Outcome<MissingPromptErrorLabel>> {
    const skip = unlessDeclared(ctx.connection, 'prompts');
    if (skip) return skip;
    const { connection } = ctx;
    const options = { timeoutMs: ctx.timeoutMs, signal: ctx.signal };
    const expected = { codes: [ERROR_CODES.invalidParams] };
    const probes: ErrorProbe<Probe>[] = [
      { probe: 'unknown-prompt', expected, send: () => connection.request('prompts/get', { name: unknownName('prompt') }, options) },
    ];
    const listing = await connection.request('prompts/list', {}, options);
    const listed = listing.outcome === 'result' && Array.isArray(listing.result.prompts) ? listing.result.prompts : [];
    const needy = listed.find(requiresArguments);
    if (needy)
      probes.push({ probe: 'missing-arguments', expected, send: () => connection.request('prompts/get', { name: needy.name }, options) });
    const { findings, failure } = await runErrorProbes(probes);
    const measurements = { probes: probes.length };
    if (failure) return { status: 'fail', label: failure, measurements, findings };
    return { status: 'pass', label: 'missing-prompt-rejected', measurements, findings };
  },
});
