import type { JsonObject } from '@mcp-eval/core';
import { encodedBytes, entryTokens } from '@mcp-eval/core';

import { plural } from './plural.js';
import type { ToolProfile } from './tool-profile.js';
import type { StarterCase, YamlEntry } from './yaml-model.js';
import { YamlMap } from './yaml-model.js';

type Preference = (tool: ToolProfile) => boolean;

function pickAmong(tools: readonly ToolProfile[], preferences: readonly Preference[]): ToolProfile | undefined {
  for (const prefer of preferences) {
    const found = tools.find(prefer);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The first tool, in catalog order, that the earliest preference accepts; a tool whose description
 * marks it deprecated only when no other tool fits any preference.
 */
function pick(tools: readonly ToolProfile[], preferences: readonly Preference[]): ToolProfile | undefined {
  return pickAmong(tools.filter((t) => !t.deprecated), preferences) ?? pickAmong(tools, preferences);
}

const readOnly: Preference = (t) => t.readOnly;
const complete: Preference = (t) => t.complete;
const takesArguments: Preference = (t) => t.arguments.length > 0;
const all =
  (...preferences: Preference[]): Preference =>
  (t) =>
    preferences.every((p) => p(t));

/** A tool to call: read-only first (calling it changes nothing), fillable arguments next. */
const CALLABLE: readonly Preference[] = [all(readOnly, complete, takesArguments), all(readOnly, complete), readOnly, complete, () => true];

function args(tool: ToolProfile): YamlMap {
  return new YamlMap(tool.arguments.map((a) => ({ key: a.name, value: a.value, ...(a.todo === undefined ? {} : { todo: a.todo }) })));
}

/** `read_only: true` only where the server itself annotates the tool so (the mutation gate). */
function readOnlyEntries(tool: ToolProfile): YamlEntry[] {
  return tool.readOnly ? [{ key: 'read_only', value: true }] : [];
}

function callEntries(tool: ToolProfile): YamlEntry[] {
  return [{ key: 'tool', value: tool.name }, { key: 'arguments', value: args(tool) }, ...readOnlyEntries(tool)];
}

/** A TODO above a case whose tool the server does not promise is read-only: the gate keeps it shut. */
function unsafeNote(tool: ToolProfile, repeated: boolean): string[] {
  if (tool.readOnly) return [];
  return [
    `TODO: \`${tool.name}\` is not annotated readOnlyHint: true, so this case is skipped (mutation-not-allowed) and sends nothing.`,
    `Add \`read_only: true\` only if it only reads${repeated ? ' and is safe to call repeatedly' : ''}, or declare a sandbox and run with --allow-mutation.`,
  ];
}

function roundUp(value: number, step: number): number {
  return Math.ceil(value / step) * step;
}

/** Headroom over today's measurement: budgets that pass today and catch real growth. */
const CATALOG_HEADROOM = 1.25;
const TOTAL_TOKENS_HEADROOM = 1.25;
const TOOL_TOKENS_HEADROOM = 1.5;

function discovery(catalog: readonly JsonObject[]): StarterCase {
  const bytes = encodedBytes(catalog);
  return {
    comments: [
      `Catalog today: ${plural(catalog.length, 'tool')}, ${plural(bytes, 'byte')}. The budgets leave about 25% room to grow; tighten them to taste.`,
      'With `run --baseline <previous run.json>`, `budget` also fails a run whose catalog grew more than 10% at once.',
    ],
    entries: [
      { key: 'id', value: 'catalog-budget' },
      { key: 'dimension', value: 'discovery-cost' },
      { key: 'max_tools', value: catalog.length + Math.max(5, Math.ceil(catalog.length / 4)) },
      { key: 'max_schema_bytes', value: roundUp(bytes * CATALOG_HEADROOM + 1, 1024) },
      { key: 'budget', value: new YamlMap([{ key: 'catalog_bytes', value: 0.1 }]) },
    ],
  };
}

function tokenBudget(catalog: readonly JsonObject[]): StarterCase {
  // token-cost's own measure (name, description and input schema, bytes ÷ 4), so today passes.
  const perTool = catalog.map(entryTokens);
  const total = perTool.reduce((sum, tokens) => sum + tokens, 0);
  const largest = Math.max(0, ...perTool);
  const maxTotal = roundUp(total * TOTAL_TOKENS_HEADROOM + 1, 100);
  // One tool can never cost more than the whole catalog may.
  const maxTool = Math.min(roundUp(largest * TOOL_TOKENS_HEADROOM + 1, 50), maxTotal);
  return {
    comments: [
      `token-cost measures ${plural(total, 'token')} today, ${largest} for the largest tool (name, description and input schema, bytes ÷ 4).`,
      'The budgets leave about 25% room for the catalog and 50% for one tool (never more than the catalog).',
    ],
    entries: [
      { key: 'id', value: 'token-budget' },
      { key: 'probe', value: 'token-cost' },
      { key: 'max_total_tokens', value: maxTotal },
      { key: 'max_tool_tokens', value: maxTool },
    ],
  };
}

/**
 * One starter case per dimension and probe, from tool names and argument skeletons only. Where a
 * person must decide (failing arguments, what a tool promises, a mutating step), the case says
 * so in a `# TODO`. A case that needs a tool is left out, with a note, when no tool fits.
 */
export function starterCases(catalog: readonly JsonObject[], tools: readonly ToolProfile[]): { cases: StarterCase[]; omitted: string[] } {
  const cases: StarterCase[] = [discovery(catalog)];
  const omitted: string[] = [];
  const callable = pick(tools, CALLABLE);
  const withCall = (build: (tool: ToolProfile) => StarterCase, check: string): void => {
    if (callable === undefined) omitted.push(check);
    else cases.push(build(callable));
  };

  withCall(
    (tool) => ({
      comments: ['The tool, called with only its required arguments (placeholders), must succeed.', ...unsafeNote(tool, false)],
      entries: [{ key: 'id', value: 'schema-guessable' }, { key: 'dimension', value: 'schema-guessability' }, ...callEntries(tool)],
    }),
    'schema-guessability',
  );

  const failing = pick(tools, [all(readOnly, takesArguments), readOnly, takesArguments, () => true]);
  if (failing === undefined) omitted.push('error-honesty');
  else {
    cases.push({
      comments: ['A failing call must return a stable error code and honest retryable metadata.', ...unsafeNote(failing, true)],
      entries: [
        { key: 'id', value: 'errors-are-honest' },
        { key: 'dimension', value: 'error-honesty' },
        { key: 'tool', value: failing.name },
        {
          key: 'arguments',
          value: new YamlMap([]),
          todo:
            failing.arguments.length > 0
              ? 'leaving out the required arguments makes most servers refuse the call; use arguments that fail the way real calls do (e.g. an id that does not exist)'
              : 'arguments that make this call fail (the tool takes no required arguments, so {} probably succeeds)',
        },
        { key: 'expect_retryable', value: false, todo: 'true if this failure is transient and the server should say so' },
        ...readOnlyEntries(failing),
      ],
    });
  }

  const reader = pick(tools, CALLABLE);
  // A mutating step never goes to a tool that reaches the outside world (openWorldHint: true).
  const closedWorld = tools.filter((t) => !t.openWorld);
  const writer = pick(closedWorld, [all((t) => !t.readOnly, complete), (t) => !t.readOnly]);
  const recovery = writer ?? pick(closedWorld, CALLABLE);
  if (reader === undefined || recovery === undefined) omitted.push('state-recovery');
  else {
    const step = (tool: ToolProfile, extra: YamlEntry[]): YamlMap => new YamlMap([{ key: 'tool', value: tool.name }, ...extra]);
    cases.push({
      comments: [
        'A failure, a recovery that puts things right, and a validation that proves it.',
        'TODO: choose the three calls. The recovery is marked mutating, so without a sandbox and --allow-mutation',
        'this case is skipped (mutation-not-allowed) and sends nothing.',
        ...(writer === undefined
          ? ['TODO: the server lists no tool that is not read-only (and not openWorldHint: true); the recovery step is a placeholder.']
          : []),
        ...(reader.readOnly ? [] : unsafeNote(reader, false)),
      ],
      entries: [
        { key: 'id', value: 'state-recovers' },
        { key: 'dimension', value: 'state-recovery' },
        { key: 'failure', value: step(reader, [{ key: 'arguments', value: new YamlMap([]), todo: 'a call that fails while the state is broken' }]) },
        { key: 'recovery', value: step(recovery, [{ key: 'arguments', value: args(recovery) }, { key: 'mutating', value: true }]) },
        { key: 'validation', value: step(reader, [{ key: 'arguments', value: args(reader) }]) },
        ...readOnlyEntries(reader),
      ],
    });
  }

  withCall(
    (tool) => ({
      comments: ['Two independent clients call the tool at the same moment; both must succeed.', ...unsafeNote(tool, true)],
      entries: [{ key: 'id', value: 'concurrent-calls' }, { key: 'dimension', value: 'contention' }, ...callEntries(tool)],
    }),
    'contention',
  );

  cases.push(tokenBudget(catalog));

  withCall(
    (tool) => ({
      comments: ['The same call, again and again: the first error fails the case.', ...unsafeNote(tool, true)],
      entries: [{ key: 'id', value: 'repeated-calls-stay-up' }, { key: 'probe', value: 'degradation-over-n' }, ...callEntries(tool), { key: 'max_attempts', value: 20 }],
    }),
    'degradation-over-n',
  );

  const promising = pick(tools, [all((t) => t.outputFields.length > 0, readOnly, complete), all((t) => t.outputFields.length > 0, readOnly), (t) => t.outputFields.length > 0]) ?? callable;
  if (promising === undefined) omitted.push('instruction-fidelity');
  else {
    const fields = promising.outputFields.length > 0 ? promising.outputFields : ['TODO'];
    cases.push({
      comments: ['The call\'s machine-readable outcome must hold what the tool promises.', ...unsafeNote(promising, false)],
      entries: [
        { key: 'id', value: 'does-what-it-says' },
        { key: 'probe', value: 'instruction-fidelity' },
        ...callEntries(promising),
        {
          key: 'expect',
          value: new YamlMap([
            {
              key: 'fields',
              value: [...fields],
              todo: promising.outputFields.length > 0 ? 'fields its output schema requires; add values: { field: expected } for claims in its description' : 'the fields the tool promises to return',
            },
          ]),
        },
      ],
    });
  }

  const timed = pick(tools, [all(readOnly, complete), readOnly]);
  const latencyTool = timed ?? callable;
  if (latencyTool === undefined) omitted.push('latency-budget');
  else {
    cases.push({
      comments: timed
        ? ['Every attempt must answer within max_latency_ms.']
        : [
            'TODO: no tool is annotated readOnlyHint: true, so this case is skipped (mutation-not-allowed) and sends nothing.',
            'Add `read_only: true` only for a tool that is safe to call repeatedly, or declare a sandbox and run with --allow-mutation.',
          ],
      entries: [
        { key: 'id', value: 'answers-in-time' },
        { key: 'probe', value: 'latency-budget' },
        ...callEntries(latencyTool),
        { key: 'max_latency_ms', value: 2000, todo: 'your latency budget' },
        { key: 'max_attempts', value: 5 },
      ],
    });
  }

  cases.push({
    comments: ['tools/list pages must be well formed, without duplicates or repeated cursors.'],
    entries: [{ key: 'id', value: 'catalog-pages' }, { key: 'probe', value: 'pagination' }, { key: 'max_pages', value: 100 }],
  });

  const inflatable = pick(tools, [all(readOnly, complete, (t) => t.stringField !== undefined), all(readOnly, (t) => t.stringField !== undefined), (t) => t.stringField !== undefined]);
  const payloadTool = inflatable ?? callable;
  if (payloadTool === undefined) omitted.push('payload-bounds');
  else {
    cases.push({
      comments: ['One string argument of exactly 1 MiB: the server must neither crash nor hang.', ...unsafeNote(payloadTool, false)],
      entries: [
        { key: 'id', value: 'large-argument-survives' },
        { key: 'probe', value: 'payload-bounds' },
        ...callEntries(payloadTool),
        payloadTool.stringField === undefined
          ? { key: 'field', value: 'payload', todo: 'a string argument of this tool' }
          : { key: 'field', value: payloadTool.stringField },
        { key: 'length', value: 1048576 },
      ],
    });
  }

  cases.push({
    comments: ['resources/list, resources/templates/list and prompts/list, where the server declares them, must list cleanly.'],
    entries: [{ key: 'id', value: 'surfaces-list-cleanly' }, { key: 'probe', value: 'surface-listing' }],
  });

  const structured = pick(tools, [all((t) => t.hasOutputSchema, readOnly, complete), all((t) => t.hasOutputSchema, readOnly), (t) => t.hasOutputSchema]);
  const outputTool = structured ?? callable;
  if (outputTool === undefined) omitted.push('output-schema');
  else {
    cases.push({
      comments: structured
        ? ['A tool with an outputSchema must return structuredContent with its required fields.', ...unsafeNote(outputTool, false)]
        : ['No tool declares an outputSchema: this case passes (no-output-schema) without a call until one does.'],
      entries: [{ key: 'id', value: 'output-matches-schema' }, { key: 'probe', value: 'output-schema' }, ...callEntries(outputTool)],
    });
  }

  return { cases, omitted };
}
