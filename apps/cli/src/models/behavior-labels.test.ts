import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { HOST_PROMPTS } from '@mcp-eval/core';
import type { RunReport } from '@mcp-eval/core';
import type { CanonicalMessage, Json, ModelEndpoint, Script, ScriptedCall } from '@mcp-eval/fixture-models';
import { startModelEndpoint } from '@mcp-eval/fixture-models';
import { CANARY } from '@mcp-eval/fixture-servers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { inScratch, runCli, writeManifest } from '../test-support/run-cli.js';
import { stdioServerYaml } from '../test-support/server-yaml.js';
import { referenceToolNames } from './test-support/reference-tool-names.js';

/** One scripted response: calls, or text (a tool call written out, or a plain answer). */
type Turn = { readonly calls: readonly ScriptedCall[]; readonly text?: string };
const calls = (...list: [string, Json][]): Turn => ({ calls: list.map(([name, input]) => ({ name, input })) });

const ITEM = 'Show me item a';
const WAIT = 'Wait five milliseconds';
const CHAIN = 'Read item a, then store a copy as b';
const THANKS = "Thanks, that's all";
const STEP_STUB: Json = { value: 'x', note: CANARY };

/** Column id → [task, wire, turns]: every label of the four checks, over both provider wires. */
const COLUMNS: Record<string, readonly [string, 'openai' | 'anthropic', readonly Turn[]]> = {
  'sel-expected': [ITEM, 'openai', [calls(['get_item', { id: 'a' }])]],
  'sel-prereq': [ITEM, 'anthropic', [calls(['create_item', { id: 'a' }]), calls(['get_item', { id: 'a' }])]],
  'sel-other': [ITEM, 'openai', [calls(['delete_item', { id: 'a' }])]],
  'sel-none': [ITEM, 'anthropic', [{ calls: [], text: `No need. ${CANARY}` }]],
  'sel-unknown': [ITEM, 'openai', [calls(['fetch_record', { id: 'a' }])]],
  'sel-text': [ITEM, 'anthropic', [{ calls: [], text: `{"name": "get_item", "arguments": {"id": "a"}} ${CANARY}` }]],
  'sel-extra': [ITEM, 'openai', [calls(['get_item', { id: 'a' }], ['echo', { message: 'x' }])]],
  'arg-missing': [ITEM, 'anthropic', [calls(['get_item', {}])]],
  'arg-unexpected': [ITEM, 'openai', [calls(['get_item', { id: 'a', colour: CANARY }])]],
  'arg-type': [ITEM, 'anthropic', [calls(['get_item', { id: 17 }])]],
  'arg-value': [ITEM, 'openai', [calls(['get_item', { id: 'b' }])]],
  'arg-schema': [WAIT, 'anthropic', [calls(['slow_read', { ms: -5 }])]],
  'seq-match': [CHAIN, 'openai', [calls(['get_item', { id: 'a' }]), calls(['create_item', { id: 'b' }])]],
  'seq-order': [CHAIN, 'anthropic', [calls(['create_item', { id: 'b' }])]],
  'seq-missing': [CHAIN, 'openai', [calls(['get_item', { id: 'a' }]), { calls: [], text: `Done. ${CANARY}` }]],
  'seq-extra': [CHAIN, 'anthropic', [calls(['get_item', { id: 'a' }]), calls(['echo', { message: 'x' }])]],
  'seq-unknown': [CHAIN, 'openai', [calls(['fetch_record', {}])]],
  'nc-quiet': [THANKS, 'anthropic', [{ calls: [], text: `You are welcome. ${CANARY}` }]],
  'nc-eager': [THANKS, 'openai', [calls(['echo', { message: 'thanks' }])]],
};

/** What the engine feeds back after a call: a step's stub, else `{}` (the prerequisite is not read-only). */
const fedBack = (task: string, call: ScriptedCall): Json =>
  task === CHAIN && call.name === 'get_item' ? STEP_STUB : task === CHAIN && call.name === 'create_item' ? { ok: true } : {};

function scripts(tools: readonly string[]): Script[] {
  const system = HOST_PROMPTS['neutral-v1'];
  return Object.entries(COLUMNS).flatMap(([id, [task, , turns]]) => {
    const messages: CanonicalMessage[] = [
      { role: 'system', text: system },
      { role: 'user', text: task },
    ];
    return turns.map((turn, step): Script => {
      const script: Script = {
        id: `${id}-${step}`,
        request: { model: id, tools, messages: [...messages] },
        reply: { kind: 'answer', calls: turn.calls, ...(turn.text === undefined ? {} : { text: turn.text }) },
      };
      messages.push(
        { role: 'assistant', calls: turn.calls },
        ...turn.calls.map((c): CanonicalMessage => ({ role: 'tool', result: fedBack(task, c) })),
      );
      return script;
    });
  });
}

const only = (prefix: string) =>
  `[${Object.keys(COLUMNS)
    .filter((k) => k.startsWith(prefix))
    .join(', ')}]`;
const SELECTION_CASES = `cases:
  - id: pick
    behavior: tool-selection
    task: "${ITEM}"
    expect: { tool: get_item, arguments: { id: { match: exact, value: a } } }
    accept_prerequisite: [create_item]
    models: [${Object.keys(COLUMNS)
      .filter((k) => k.startsWith('sel-') || (k.startsWith('arg-') && k !== 'arg-schema'))
      .join(', ')}]
  - id: wait
    behavior: tool-selection
    task: "${WAIT}"
    expect: { tool: slow_read, arguments: { ms: { match: present } } }
    models: [arg-schema]
`;
const SEQUENCE_CASES = `cases:
  - id: chain
    behavior: tool-sequence
    task: "${CHAIN}"
    expect:
      steps:
        - { tool: get_item, result: { stub: ${JSON.stringify(STEP_STUB)} } }
        - { tool: create_item, arguments: { id: { match: exact, value: b } }, result: { stub: { ok: true } } }
    models: ${only('seq-')}
  - id: thanks
    behavior: no-call
    task: "${THANKS}"
    models: ${only('nc-')}
`;

let endpoint: ModelEndpoint;
beforeAll(async () => {
  endpoint = await startModelEndpoint(scripts(await referenceToolNames()));
}, 30_000);
afterAll(async () => endpoint.close());

describe('every label of the four behavior checks, through the real openai and anthropic providers', () => {
  it('one scripted model passes each check and the others fail it with each of its labels', async () => {
    await inScratch(async (dir) => {
      // At most MAX_MODEL_COLUMNS (16) per manifest: selection and arguments in one run, the rest in another.
      const runColumns = async (prefixes: readonly string[], cases: string) => {
        const models = Object.entries(COLUMNS)
          .filter(([id]) => prefixes.some((p) => id.startsWith(p)))
          .map(
            ([id, [, wire]]) => `  - { id: ${id}, provider: ${wire}, model: ${id}, base_url: "${endpoint.baseUrl}", api_key: test-key }\n`,
          )
          .join('');
        await writeManifest(dir, `version: 1\n${stdioServerYaml('reference')}\nmodels:\n${models}golden: { trials: 2 }\n${cases}`);
        const result = await runCli(['run', '--no-cache', '--reporter', 'json=out.json'], { cwd: dir });
        if (result.code === 2) throw new Error(result.stderr);
        const json = await readFile(join(dir, 'out.json'), 'utf8');
        return { result, json, report: JSON.parse(json) as RunReport };
      };
      const first = await runColumns(['sel-', 'arg-'], SELECTION_CASES);
      const second = await runColumns(['seq-', 'nc-'], SEQUENCE_CASES);
      const records = [...first.report.cases, ...second.report.cases];
      const got = (check: string) =>
        Object.fromEntries(records.filter((r) => r.check === check).map((r) => [r.model, `${r.status} ${r.label}`]));
      expect(got('tool-selection')).toEqual({
        'sel-expected': 'pass selected-expected',
        'sel-prereq': 'pass selected-prerequisite',
        'sel-other': 'fail selected-other',
        'sel-none': 'fail no-call',
        'sel-unknown': 'fail unknown-tool',
        'sel-text': 'fail tool-call-as-text',
        'sel-extra': 'fail extra-calls',
        'arg-missing': 'pass selected-expected',
        'arg-unexpected': 'pass selected-expected',
        'arg-type': 'pass selected-expected',
        'arg-value': 'pass selected-expected',
        'arg-schema': 'pass selected-expected',
      });
      expect(got('argument-correctness')).toMatchObject({
        'sel-expected': 'pass args-match',
        'sel-other': 'skip no-correct-selection',
        'arg-missing': 'fail missing-required',
        'arg-unexpected': 'fail unexpected-argument',
        'arg-type': 'fail type-mismatch',
        'arg-value': 'fail value-mismatch',
        'arg-schema': 'fail schema-invalid',
      });
      expect(got('tool-sequence')).toEqual({
        'seq-match': 'pass sequence-match',
        'seq-order': 'fail sequence-order',
        'seq-missing': 'fail sequence-missing-step',
        'seq-extra': 'fail sequence-extra-step',
        'seq-unknown': 'fail unknown-tool',
      });
      expect(got('no-call')).toEqual({ 'nc-quiet': 'pass no-call', 'nc-eager': 'fail over-triggered' });
      expect([first.result.code, second.result.code]).toEqual([1, 1]);
      for (const text of [first.result.stdout, first.result.stderr, first.json, second.result.stdout, second.result.stderr, second.json]) {
        expect(text).not.toMatch(/provider-error/);
        expect(text).not.toContain(CANARY);
        expect(text).not.toContain('fetch_record'); // an unknown tool name is never printed
      }
    });
  }, 120_000);
});
