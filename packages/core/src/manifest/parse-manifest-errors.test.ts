import { describe, expect, it } from 'vitest';

import { parseManifest } from './parse-manifest.js';
import { testChecks } from './test-support/test-checks.js';

const FILE = 'suite/mcp-eval.yaml';

/** A valid manifest head; tests append cases or replace parts. */
const HEAD = `version: 1
server:
  stdio: { command: node, args: [server.js] }
cases:
`;

function errorsOf(text: string): { line: number; column: number; message: string }[] {
  const result = parseManifest(text, FILE, testChecks);
  if (result.ok) throw new Error('expected errors, the manifest was accepted');
  for (const error of result.errors) expect(error.file).toBe(FILE);
  return result.errors.map(({ line, column, message }) => ({ line, column, message }));
}

interface ErrorCase {
  readonly name: string;
  readonly yaml: string;
  readonly errors: readonly { line: number; column: number; message: string }[];
}

const CASE_BUDGET = '  - { id: budget, dimension: discovery-cost, max_tools: 5, max_schema_bytes: 1000 }\n';

const errorCases: readonly ErrorCase[] = [
  {
    name: 'malformed YAML (every syntax error, not just the first)',
    yaml: 'version: 1\nserver:\n  stdio: { command: [node }\ncases: [\n',
    errors: [
      { line: 3, column: 27, message: 'invalid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]' },
      { line: 3, column: 28, message: 'invalid YAML: Flow map in block collection must be sufficiently indented and end with a }' },
      { line: 5, column: 1, message: 'invalid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]' },
    ],
  },
  {
    name: 'duplicate YAML key',
    yaml: `version: 1\nversion: 1\nserver:\n  stdio: { command: node }\ncases:\n${CASE_BUDGET}`,
    errors: [{ line: 2, column: 1, message: 'invalid YAML: Map keys must be unique' }],
  },
  {
    name: 'an empty file',
    yaml: '# nothing yet\n',
    errors: [{ line: 1, column: 1, message: 'the manifest is empty (expected `version`, `server` and `cases`)' }],
  },
  {
    name: 'a top level that is not a mapping',
    yaml: '- version: 1\n',
    errors: [{ line: 1, column: 1, message: 'the manifest must be a mapping (got a list)' }],
  },
  {
    name: 'missing server',
    yaml: `version: 1\ncases:\n${CASE_BUDGET}`,
    errors: [{ line: 1, column: 1, message: 'the manifest is missing required key `server`' }],
  },
  {
    name: 'wrong version',
    yaml: `version: "1"\nserver:\n  stdio: { command: node }\ncases:\n${CASE_BUDGET}`,
    errors: [{ line: 1, column: 10, message: '`version` must be `1`' }],
  },
  {
    name: 'both stdio and http',
    yaml: `version: 1\nserver:\n  stdio: { command: node }\n  http: { url: "http://127.0.0.1:1/mcp" }\ncases:\n${CASE_BUDGET}`,
    errors: [{ line: 4, column: 3, message: '`server` must have exactly one of `stdio` or `http`, not both' }],
  },
  {
    name: 'neither stdio nor http',
    yaml: `version: 1\nserver:\n  protocol: auto\ncases:\n${CASE_BUDGET}`,
    errors: [{ line: 3, column: 3, message: '`server` must have exactly one of `stdio` or `http`' }],
  },
  {
    name: 'wrong type (a string where a list belongs, a number where a string belongs)',
    yaml: `version: 1\nserver:\n  stdio: { command: node, args: server.js, env: { DEBUG: 1 } }\ncases:\n${CASE_BUDGET}`,
    errors: [
      { line: 3, column: 33, message: '`args` in `server.stdio` must be a list of strings (got a string)' },
      { line: 3, column: 58, message: '`DEBUG` in `server.stdio.env` must be a string (got an integer)' },
    ],
  },
  {
    name: 'bad protocol enum',
    yaml: `version: 1\nserver:\n  stdio: { command: node }\n  protocol: 2025-06-18\ncases:\n${CASE_BUDGET}`,
    errors: [{ line: 4, column: 13, message: '`protocol` in `server` must be one of: auto, 2026-07-28, 2025-11-25' }],
  },
  {
    name: 'non-integer and non-positive numbers',
    yaml: `version: 1\nserver:\n  stdio: { command: node }\n  timeout_ms: 0\nrepeat: 2.5\ncases:\n${CASE_BUDGET}`,
    errors: [
      { line: 4, column: 15, message: '`timeout_ms` in `server` must be a positive integer' },
      { line: 5, column: 9, message: '`repeat` must be a positive integer (got a number)' },
    ],
  },
  {
    name: 'an http url that is not http(s)',
    yaml: `version: 1\nserver:\n  http: { url: "ftp://example.com/mcp" }\ncases:\n${CASE_BUDGET}`,
    errors: [{ line: 3, column: 16, message: '`url` in `server.http` must be an http:// or https:// URL with no user:password@ in it' }],
  },
  {
    name: 'unknown key at the top level',
    yaml: `version: 1\nserver:\n  stdio: { command: node }\nrepeats: 2\ncases:\n${CASE_BUDGET}`,
    errors: [
      {
        line: 4,
        column: 1,
        message:
          'unknown key `repeats` at the top level (expected one of: version, server, sandbox, repeat, models, model_defaults, golden, drift, judge, generator, cases)',
      },
    ],
  },
  {
    name: 'unknown key in server and in server.stdio',
    yaml: `version: 1\nserver:\n  stdio: { command: node, cmd: x }\n  timeout: 5\ncases:\n${CASE_BUDGET}`,
    errors: [
      { line: 3, column: 27, message: 'unknown key `cmd` in `server.stdio` (expected one of: command, args, env, cwd)' },
      {
        line: 4,
        column: 3,
        message:
          'unknown key `timeout` in `server` (expected one of: stdio, http, protocol, timeout_ms, pass_env, max_catalog_bytes, max_catalog_tools)',
      },
    ],
  },
  {
    name: 'a sandbox without a name',
    yaml: `version: 1\nserver:\n  stdio: { command: node }\nsandbox: {}\ncases:\n${CASE_BUDGET}`,
    errors: [{ line: 4, column: 10, message: '`sandbox` is missing required key `name`' }],
  },
  {
    name: 'no cases',
    yaml: 'version: 1\nserver:\n  stdio: { command: node }\ncases: []\n',
    errors: [{ line: 4, column: 8, message: '`cases` must have at least 1 item' }],
  },
  {
    name: 'a case that is not a mapping',
    yaml: `${HEAD}  - budget\n`,
    errors: [{ line: 5, column: 5, message: 'case #1 must be a mapping (got a string)' }],
  },
  {
    name: 'both dimension and probe on one case',
    yaml: `${HEAD}  - id: budget\n    dimension: discovery-cost\n    probe: token-cost\n    max_total_tokens: 10\n`,
    errors: [{ line: 7, column: 5, message: 'case `budget` has both `dimension` and `probe` (a case names exactly one check)' }],
  },
  {
    name: 'neither dimension nor probe',
    yaml: `${HEAD}  - id: budget\n    max_tools: 5\n`,
    errors: [{ line: 5, column: 5, message: 'case `budget` has neither `dimension` nor `probe` (a case names exactly one check)' }],
  },
  {
    name: 'unknown check id (the valid ids listed)',
    yaml: `${HEAD}  - id: budget\n    dimension: discovery-costs\n`,
    errors: [
      {
        line: 6,
        column: 16,
        message:
          'unknown dimension `discovery-costs` in case `budget` (expected one of: discovery-cost, schema-guessability, error-honesty, state-recovery, contention)',
      },
    ],
  },
  {
    name: 'a probe named as a dimension',
    yaml: `${HEAD}  - id: tokens\n    dimension: token-cost\n    max_total_tokens: 10\n`,
    errors: [{ line: 6, column: 16, message: '`token-cost` is a probe, not a dimension: write `probe: token-cost` in case `tokens`' }],
  },
  {
    name: 'a dimension named as a probe',
    yaml: `${HEAD}  - id: budget\n    probe: discovery-cost\n`,
    errors: [
      { line: 6, column: 12, message: '`discovery-cost` is a dimension, not a probe: write `dimension: discovery-cost` in case `budget`' },
    ],
  },
  {
    name: 'duplicate case ids (both locations named)',
    yaml: `${HEAD}${CASE_BUDGET}  - id: budget\n    probe: pagination\n`,
    errors: [{ line: 6, column: 9, message: `duplicate case id \`budget\` (first used at ${FILE}:5:11)` }],
  },
  {
    name: 'unknown key in a case (the check’s parameters listed)',
    yaml: `${HEAD}  - id: catalog-budget\n    dimension: discovery-cost\n    max_tool: 40\n    max_schema_bytes: 65536\n`,
    errors: [
      { line: 5, column: 5, message: 'case `catalog-budget` (discovery-cost) is missing required parameter `max_tools`' },
      { line: 7, column: 5, message: 'unknown key `max_tool` in case `catalog-budget` (expected one of: max_tools, max_schema_bytes)' },
    ],
  },
  {
    name: 'unknown key nested in a case parameter',
    yaml: `${HEAD}  - id: restore
    dimension: state-recovery
    failure: { tool: get_item, arguments: {} }
    recovery: { tool: create_item, arguments: {}, mutate: true }
    validation: { tool: get_item, arguments: {} }
`,
    errors: [
      { line: 8, column: 51, message: 'unknown key `mutate` in `recovery` of case `restore` (expected one of: tool, arguments, mutating)' },
    ],
  },
  {
    name: 'a key for a check without parameters of that name',
    yaml: `${HEAD}  - { id: pages, probe: pagination, max_page: 3 }\n`,
    errors: [{ line: 5, column: 37, message: 'unknown key `max_page` in case `pages` (expected one of: max_pages)' }],
  },
  {
    name: 'missing required parameter',
    yaml: `${HEAD}  - id: echo-guessable\n    dimension: schema-guessability\n    arguments: { message: hello }\n`,
    errors: [{ line: 5, column: 5, message: 'case `echo-guessable` (schema-guessability) is missing required parameter `tool`' }],
  },
  {
    name: 'missing required key nested in a parameter',
    yaml: `${HEAD}  - id: restore
    dimension: state-recovery
    failure: { tool: get_item }
    recovery: { tool: create_item, arguments: {} }
    validation: { tool: get_item, arguments: {} }
`,
    errors: [{ line: 7, column: 14, message: '`failure` in case `restore` is missing required key `arguments`' }],
  },
  {
    name: 'a case without an id',
    yaml: `${HEAD}  - dimension: discovery-cost\n    max_tools: 1\n    max_schema_bytes: 1\n`,
    errors: [{ line: 5, column: 5, message: 'case #1 (discovery-cost) is missing required key `id`' }],
  },
  {
    name: 'a case id with spaces',
    yaml: `${HEAD}  - { id: my budget, dimension: discovery-cost, max_tools: 1, max_schema_bytes: 1 }\n`,
    errors: [{ line: 5, column: 11, message: '`id` in case `my budget` must match `^[A-Za-z0-9][A-Za-z0-9._-]*$`' }],
  },
  {
    name: 'wrong parameter types and bounds',
    yaml: `${HEAD}  - id: honest
    dimension: error-honesty
    tool: ""
    arguments: []
    expect_retryable: "no"
    max_attempts: 1
    error_code_pointer: code
`,
    errors: [
      { line: 7, column: 11, message: '`tool` in case `honest` must be a non-empty string' },
      { line: 8, column: 16, message: '`arguments` in case `honest` must be a mapping (got a list)' },
      { line: 9, column: 23, message: '`expect_retryable` in case `honest` must be true or false (got a string)' },
      { line: 10, column: 19, message: '`max_attempts` in case `honest` must be an integer of at least 2' },
      { line: 11, column: 25, message: '`error_code_pointer` in case `honest` must be a valid json-pointer' },
    ],
  },
  {
    name: 'bad gate',
    yaml: `${HEAD}  - { id: pages, probe: pagination, gate: strict }\n`,
    errors: [{ line: 5, column: 43, message: '`gate` in case `pages` must be one of: hard, soft' }],
  },
  {
    name: 'an empty value where a number belongs',
    yaml: `version: 1\nserver:\n  stdio: { command: node }\n  timeout_ms:\ncases:\n${CASE_BUDGET}`,
    errors: [{ line: 4, column: 3, message: '`timeout_ms` in `server` must be a positive integer (got an empty value)' }],
  },
  {
    name: 'bad env reference syntax in server and case strings',
    yaml: `version: 1
server:
  http: { url: "http://127.0.0.1:1/mcp", headers: { Authorization: "Bearer \${TOKEN}" } }
cases:
  - id: guess
    dimension: schema-guessability
    tool: echo
    arguments: { message: "hi \${env:1ST} \${env:OK}" }
`,
    errors: [
      {
        line: 3,
        column: 76,
        message:
          'malformed environment reference `${TOKEN}` in `server.http.headers.Authorization` (expected `${env:NAME}` with NAME made of letters, digits and `_`; write `$${` for a literal `${`)',
      },
      {
        line: 8,
        column: 31,
        message:
          'malformed environment reference `${env:1ST}` in `arguments.message` in case `guess` (expected `${env:NAME}` with NAME made of letters, digits and `_`; write `$${` for a literal `${`)',
      },
    ],
  },
];

describe('parseManifest rejects, with file, line, column and what was expected', () => {
  it.each(errorCases)('$name', ({ yaml, errors }) => {
    expect(errorsOf(yaml)).toEqual(errors);
  });

  it('reports errors from every stage at once, in source order', () => {
    const errors = errorsOf(`version: 1
server:
  stdio: { command: node }
  protocol: modern
cases:
  - { id: a, dimension: discovery-cost, max_tools: -1, max_schema_bytes: 1 }
  - { id: a, probe: nope }
`);
    expect(errors.map((e) => `${e.line}:${e.column}`)).toEqual(['4:13', '6:52', '7:11', '7:21']);
  });

  it('never throws on hostile YAML (alias expansion is bounded)', () => {
    const lines = ['a: &a [x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 12; i += 1)
      lines.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(', ')}]`,
      );
    const errors = errorsOf(`${lines.join('\n')}\n`);
    // Located at the first alias (`b: &b [*a`), not 1:1.
    expect(errors.map((e) => `${e.line}:${e.column}`)).toEqual(['2:8']);
    expect(errors[0]?.message).toMatch(/^invalid YAML: aliases expand the document past/);
  });

  it('an unresolved YAML tag is an error, not a silent string', () => {
    expect(errorsOf(`version: 1\nserver:\n  stdio: { command: !secret node }\ncases:\n${CASE_BUDGET}`)).toEqual([
      { line: 3, column: 21, message: 'invalid YAML: Unresolved tag: !secret' },
    ]);
  });
});
