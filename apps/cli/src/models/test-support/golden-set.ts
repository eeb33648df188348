import { pushAll } from '@mcp-eval/protocol';
import { CANARY } from '@mcp-eval/fixture-servers';
import type { CanonicalMessage, Json, Reply, Script, ScriptedCall } from '@mcp-eval/fixture-models';

/**
 * Twelve golden cases against the reference fixture, and what two scripted models answer to each:
 * `scripted-gpt` (served on the OpenAI wire) gets every case right; `scripted-claude` (Anthropic
 * wire) picks the wrong tool once, invents an argument once and over-triggers once. Their text and
 * the stub fed back carry the canary, so a test can prove neither reaches an output.
 */
interface GoldenCase {
  readonly id: string;
  readonly task: string;
  /** Per model: the calls of each response, in order (a sequence has two). */
  readonly answers: Readonly<Record<'scripted-gpt' | 'scripted-claude', readonly (readonly ScriptedCall[])[]>>;
}

const call = (name: string, input: Json = {}): ScriptedCall => ({ name, input });
const selection = (id: string, task: string, tool: string, args?: string) =>
  `  - id: ${id}\n    behavior: tool-selection\n    task: ${JSON.stringify(task)}\n    expect: { tool: ${tool}${args === undefined ? '' : `, arguments: ${args}`} }\n    gate: soft\n`;
const noCall = (id: string, task: string) => `  - id: ${id}\n    behavior: no-call\n    task: ${JSON.stringify(task)}\n`;

export const STUB = { value: 'seed', note: CANARY };

const same = (...turns: (readonly ScriptedCall[])[]) => ({ 'scripted-gpt': turns, 'scripted-claude': turns });

export const GOLDEN: readonly GoldenCase[] = [
  { id: 'echo-hello', task: 'Echo the word hello back to me', answers: same([call('echo', { message: 'hello' })]) },
  { id: 'add-two-three', task: 'What is 2 plus 3? Use the calculator', answers: same([call('add', { a: 2, b: 3 })]) },
  {
    id: 'read-item-a',
    task: 'Show me item a',

    answers: { 'scripted-gpt': [[call('get_item', { id: 'a' })]], 'scripted-claude': [[call('get_item', { id: 'a', verbose: true })]] },
  },
  { id: 'store-item', task: 'Store the value blue under id b', answers: same([call('create_item', { id: 'b', value: 'blue' })]) },
  {
    id: 'remove-item',
    task: 'Remove item c from the store',

    answers: { 'scripted-gpt': [[call('delete_item', { id: 'c' })]], 'scripted-claude': [[call('get_item', { id: 'c' })]] },
  },
  { id: 'flaky-key', task: 'Read the key k, retrying if it fails once', answers: same([call('flaky_read', { key: 'k' })]) },
  { id: 'lookup-id', task: 'Look up id z strictly', answers: same([call('strict_lookup', { id: 'z' })]) },
  { id: 'wait-briefly', task: 'Wait 20 milliseconds, then answer', answers: same([call('slow_read', { ms: 20 })]) },
  { id: 'big-text', task: 'Give me a text of exactly 64 bytes', answers: same([call('big_read', { bytes: 64 })]) },
  {
    id: 'thanks',
    task: "Thanks, that's all for today",
    answers: { 'scripted-gpt': [[]], 'scripted-claude': [[call('echo', { message: 'thanks' })]] },
  },
  { id: 'capital', task: 'What is the capital of France?', answers: same([]) },
  {
    id: 'copy-item',
    task: 'Read item a, then store a copy of it under id d',

    answers: same([call('get_item', { id: 'a' })], [call('create_item', { id: 'd', value: 'seed' })]),
  },
];

const YAML: Readonly<Record<string, string>> = {
  'echo-hello': selection('echo-hello', 'Echo the word hello back to me', 'echo', '{ message: { match: exact, value: hello } }'),
  'add-two-three': selection(
    'add-two-three',
    'What is 2 plus 3? Use the calculator',
    'add',
    '{ a: { match: exact, value: 2 }, b: { match: exact, value: 3 } }',
  ),
  'read-item-a': selection('read-item-a', 'Show me item a', 'get_item', '{ id: { match: normalized, value: A } }'),
  'store-item': selection('store-item', 'Store the value blue under id b', 'create_item'),
  'remove-item': selection('remove-item', 'Remove item c from the store', 'delete_item'),
  'flaky-key': selection('flaky-key', 'Read the key k, retrying if it fails once', 'flaky_read'),
  'lookup-id': selection('lookup-id', 'Look up id z strictly', 'strict_lookup'),
  'wait-briefly': selection(
    'wait-briefly',
    'Wait 20 milliseconds, then answer',
    'slow_read',
    '{ ms: { match: range, min: 0, max: 1000 } }',
  ),
  'big-text': selection('big-text', 'Give me a text of exactly 64 bytes', 'big_read'),
  thanks: noCall('thanks', "Thanks, that's all for today"),
  capital: noCall('capital', 'What is the capital of France?'),
  'copy-item': `  - id: copy-item
    behavior: tool-sequence
    task: "Read item a, then store a copy of it under id d"
    expect:
      steps:
        - { tool: get_item, result: { stub: ${JSON.stringify(STUB)} } }
        - { tool: create_item, arguments: { id: { match: exact, value: d } }, result: { stub: { ok: true } } }
`,
};

/** The manifest's `cases:` block for the twelve. */
export const GOLDEN_CASES_YAML = GOLDEN.map((c) => YAML[c.id]).join('');

/** The endpoint's scripts for both models, given the catalog's tool names and the host prompt's text. */
export function goldenScripts(tools: readonly string[], system: string | undefined): Script[] {
  const scripts: Script[] = [];
  for (const golden of GOLDEN) {
    for (const [model, turns] of Object.entries(golden.answers)) {
      const messages: CanonicalMessage[] = [
        ...(system === undefined ? [] : [{ role: 'system' as const, text: system }]),
        { role: 'user', text: golden.task },
      ];
      turns.forEach((calls, step) => {
        const reply: Reply = { kind: 'answer', calls, text: `Here you go. ${CANARY}` };
        scripts.push({ id: `${golden.id}-${model}-${step}`, request: { model, tools, messages: [...messages] }, reply });
        pushAll(messages, [
          { role: 'assistant', calls },
          ...calls.map((_call): CanonicalMessage => ({ role: 'tool', result: step === 0 && golden.id === 'copy-item' ? STUB : {} })),
        ]);
      });
    }
  }
  return scripts;
}
