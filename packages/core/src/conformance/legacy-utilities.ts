import type { Exchange, JsonObject } from '@mcp-eval/protocol';
import { isRecord } from '@mcp-eval/protocol';

import type { CheckContext, Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import type { Finding } from '../record.js';
import { SKIP_LABELS, declares, unlessLegacy } from './support/applicability.js';
import { answerMeasurements } from './support/expected-error.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';

/** `completion/complete` may return at most this many values (2025-11-25 Completion, `values`). */
export const COMPLETION_MAX_VALUES = 100;

const PROBES = {
  ping: 'ping (always)',
  'set-level': 'logging/setLevel to "error" (when the logging capability is declared)',
  complete: 'completion/complete for the first argument of the first listed prompt that has one (when completions are declared)',
  subscribe: 'resources/subscribe to the first listed resource (when resources.subscribe is declared)',
  unsubscribe: 'resources/unsubscribe from the same resource',
} as const;

type Probe = keyof typeof PROBES;
/** What one probe's answer was: `answered` is conformant. */
type ProbeResult = 'answered' | 'not-empty' | 'malformed' | 'error' | 'no-answer';
const RESULT_MEANINGS: Record<ProbeResult, string> = {
  answered: 'answered as 2025-11-25 specifies',
  'not-empty': 'answered with a result that is not empty (only _meta may be there)',
  malformed: 'answered with a result of the wrong shape (completion.values must be an array of at most 100 strings)',
  error: 'answered with a JSON-RPC error (jsonRpcCode) although the server declared the capability',
  'no-answer': 'not answered: timeout, crash, closed connection or an unparseable reply',
};

type ProbeLabel = `${Probe}-${ProbeResult}`;
type NotProbed =
  | 'set-level-not-declared'
  | 'complete-not-declared'
  | 'complete-nothing-to-complete'
  | 'subscribe-not-declared'
  | 'subscribe-nothing-listed';

export type LegacyUtilitiesLabel = 'utilities-answered' | ProbeLabel | NotProbed | 'era-modern';

function probeLabels(): Record<ProbeLabel, string> {
  const labels: Record<string, string> = {};
  for (const [probe, what] of Object.entries(PROBES)) {
    for (const [result, meaning] of Object.entries(RESULT_MEANINGS)) labels[`${probe}-${result}`] = `${what}: ${meaning}.`;
  }
  return labels as Record<ProbeLabel, string>;
}

const LABELS: Record<LegacyUtilitiesLabel, string> = {
  'utilities-answered':
    'ping answered an empty result, and every declared utility probed (logging/setLevel, completion/complete, resources/subscribe and unsubscribe) was answered as 2025-11-25 specifies.',
  ...probeLabels(),
  'set-level-not-declared': 'Finding: logging is not declared, so logging/setLevel was not sent.',
  'complete-not-declared': 'Finding: completions are not declared, so completion/complete was not sent.',
  'complete-nothing-to-complete':
    'Finding: completions are declared but no listed prompt has an argument and no resource template has a variable, so there was nothing to complete.',
  'subscribe-not-declared': 'Finding: resources.subscribe is not declared, so resources/subscribe was not sent.',
  'subscribe-nothing-listed': 'Finding: resources.subscribe is declared but resources/list lists nothing to subscribe to.',
  'era-modern': SKIP_LABELS['era-modern'],
};

type Shape = 'empty' | 'completion';

function judge(exchange: Exchange, shape: Shape): ProbeResult {
  if (exchange.outcome === 'transport-failure') return 'no-answer';
  if (exchange.outcome === 'error') return 'error';
  const { result } = exchange;
  if (shape === 'empty') return Object.keys(result).every((key) => key === '_meta') ? 'answered' : 'not-empty';
  const completion = result.completion;
  if (!isRecord(completion) || !Array.isArray(completion.values)) return 'malformed';
  const { values } = completion;
  return values.length <= COMPLETION_MAX_VALUES && values.every((v) => typeof v === 'string') ? 'answered' : 'malformed';
}

function firstPage(exchange: Exchange, key: string): readonly JsonObject[] {
  if (exchange.outcome !== 'result' || !Array.isArray(exchange.result[key])) return [];
  return (exchange.result[key] as unknown[]).filter(isRecord) as JsonObject[];
}

/** A completion reference and argument taken from the server's own first prompt page or template page. */
async function completionTarget(ctx: CheckContext): Promise<JsonObject | undefined> {
  const options = { timeoutMs: ctx.timeoutMs, signal: ctx.signal };
  if (declares(ctx.connection, 'prompts')) {
    for (const prompt of firstPage(await ctx.connection.request('prompts/list', {}, options), 'prompts')) {
      const argument = Array.isArray(prompt.arguments)
        ? prompt.arguments.find((a) => isRecord(a) && typeof a.name === 'string')
        : undefined;
      if (typeof prompt.name === 'string' && isRecord(argument)) {
        return { ref: { type: 'ref/prompt', name: prompt.name }, argument: { name: argument.name as string, value: '' } };
      }
    }
  }
  if (declares(ctx.connection, 'resources')) {
    for (const template of firstPage(await ctx.connection.request('resources/templates/list', {}, options), 'resourceTemplates')) {
      const variable = typeof template.uriTemplate === 'string' ? /\{[+#./;?&]?([A-Za-z0-9_]+)/.exec(template.uriTemplate)?.[1] : undefined;
      if (variable !== undefined)
        return { ref: { type: 'ref/resource', uri: template.uriTemplate as string }, argument: { name: variable, value: '' } };
    }
  }
  return undefined;
}

function capability(ctx: CheckContext, name: string): JsonObject | undefined {
  const value = ctx.connection.serverCapabilities[name];
  return isRecord(value) ? value : undefined;
}

/**
 * The legacy era's utilities, each only where the server declares it (2025-11-25 Utilities and
 * Server Features): `ping` MUST be answered promptly with an empty result; `logging/setLevel`,
 * `completion/complete` and `resources/subscribe`/`unsubscribe` are served when `logging`,
 * `completions` and `resources.subscribe` are declared, with their specified result shapes
 * (empty, `completion.values` of at most 100 strings, empty, empty). A utility not declared is a
 * finding saying so, never a pass of its own. Everything sent is harmless: a log level, an empty
 * completion prefix, a subscription ended at once.
 */
export const legacyUtilities = defineCheck<ConformanceParams, LegacyUtilitiesLabel>({
  id: 'legacy-utilities',
  kind: 'conformance',
  requirements: ['L36', 'L53', 'L65', 'L66'],
  title: 'Legacy utilities answer as declared',
  summary:
    'On 2025-11-25, ping answers an empty result, and logging/setLevel, completion/complete and resources/subscribe/unsubscribe work when declared.',
  params: NO_PARAMS,
  labels: LABELS,
  async run(ctx): Promise<Outcome<LegacyUtilitiesLabel>> {
    const skip = unlessLegacy(ctx.connection);
    if (skip) return skip;
    const { connection } = ctx;
    const options = { timeoutMs: ctx.timeoutMs, signal: ctx.signal };
    const findings: (Finding & { label: LegacyUtilitiesLabel })[] = [];
    let failure: LegacyUtilitiesLabel | undefined;
    let probes = 0;
    const probe = async (name: Probe, method: string, params: JsonObject, shape: Shape): Promise<void> => {
      probes += 1;
      const exchange = await connection.request(method, params, options);
      const result = judge(exchange, shape);
      const label: ProbeLabel = `${name}-${result}`;
      if (result !== 'answered') failure ??= label;
      findings.push({ label, measurements: answerMeasurements(exchange) });
    };
    const note = (label: NotProbed): void => {
      findings.push({ label });
    };

    await probe('ping', 'ping', {}, 'empty');
    if (capability(ctx, 'logging')) await probe('set-level', 'logging/setLevel', { level: 'error' }, 'empty');
    else note('set-level-not-declared');
    if (capability(ctx, 'completions')) {
      const target = await completionTarget(ctx);
      if (target) await probe('complete', 'completion/complete', target, 'completion');
      else note('complete-nothing-to-complete');
    } else note('complete-not-declared');
    if (capability(ctx, 'resources')?.subscribe === true) {
      const [resource] = firstPage(await connection.request('resources/list', {}, options), 'resources').filter(
        (r) => typeof r.uri === 'string',
      );
      if (resource) {
        await probe('subscribe', 'resources/subscribe', { uri: resource.uri as string }, 'empty');
        await probe('unsubscribe', 'resources/unsubscribe', { uri: resource.uri as string }, 'empty');
      } else note('subscribe-nothing-listed');
    } else note('subscribe-not-declared');

    const measurements = { probes };
    if (failure) return { status: 'fail', label: failure, measurements, findings };
    return { status: 'pass', label: 'utilities-answered', measurements, findings };
  },
});
