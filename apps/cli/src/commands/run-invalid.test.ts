import { describe, expect, it } from 'vitest';

import { runCli, scratchDir, writeManifest } from '../test-support/run-cli.js';

const SERVER = `server:
  stdio: { command: node, args: [server.js] }
`;

// Each bad manifest, the line:column its first problem is reported at, and words the message must say.
const BAD_MANIFESTS: readonly (readonly [string, string, string, RegExp])[] = [
  ['malformed YAML', `version: 1\n${SERVER}cases:\n  - id: a\n    dimension: [discovery-cost\n`, '7:1', /YAML/i],
  ['a wrong type', `version: 1\nserver:\n  stdio: { command: node, args: server.js }\ncases: []\n`, '3:33', /args.*list of strings/],
  [
    'a missing server',
    `version: 1\ncases:\n  - { id: a, dimension: discovery-cost, max_tools: 1, max_schema_bytes: 1 }\n`,
    '1:1',
    /server/,
  ],
  [
    'both stdio and http',
    `version: 1\nserver:\n  stdio: { command: node }\n  http: { url: "http://127.0.0.1:1/mcp" }\ncases:\n  - { id: a, dimension: discovery-cost, max_tools: 1, max_schema_bytes: 1 }\n`,
    '4:3',
    /exactly one of `stdio` or `http`/,
  ],
  [
    'both dimension and probe',
    `version: 1\n${SERVER}cases:\n  - id: a\n    dimension: discovery-cost\n    probe: token-cost\n    max_tools: 1\n    max_schema_bytes: 1\n`,
    '7:5',
    /both `dimension` and `probe`/,
  ],
  [
    'duplicate case ids',
    `version: 1\n${SERVER}cases:\n  - { id: a, dimension: discovery-cost, max_tools: 1, max_schema_bytes: 1 }\n  - { id: a, dimension: discovery-cost, max_tools: 1, max_schema_bytes: 1 }\n`,
    '6:11',
    /duplicate case id `a`/,
  ],
  [
    'an unknown key (a typo)',
    `version: 1\n${SERVER}cases:\n  - id: a\n    dimension: discovery-cost\n    max_tool: 1\n    max_schema_bytes: 1\n`,
    '5:5',
    /unknown key `max_tool`.*max_tools/,
  ],
  [
    'a missing required parameter',
    `version: 1\n${SERVER}cases:\n  - id: a\n    dimension: schema-guessability\n    arguments: {}\n`,
    '5:5',
    /missing required parameter `tool`/,
  ],
  [
    'an unknown check',
    `version: 1\n${SERVER}cases:\n  - { id: a, dimension: discovery-costs }\n`,
    '5:25',
    /unknown dimension `discovery-costs`/,
  ],
  [
    'an unset environment variable',
    `version: 1\nserver:\n  http: { url: "http://127.0.0.1:1/mcp", headers: { Authorization: "Bearer \${env:MCP_EVAL_TEST_UNSET}" } }\ncases:\n  - { id: a, dimension: discovery-cost, max_tools: 1, max_schema_bytes: 1 }\n`,
    '3:',
    /MCP_EVAL_TEST_UNSET.*not set/,
  ],
];

describe('mcp-eval run with an invalid manifest', () => {
  it.each(BAD_MANIFESTS)('%s: exit 2 and a message naming file:line:column', async (_name, yaml, position, message) => {
    const { dir, cleanup } = await scratchDir();
    try {
      await writeManifest(dir, yaml, 'bad.yaml');
      const result = await runCli(['run', 'bad.yaml'], { cwd: dir });
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      const first = result.stderr.split('\n')[0] ?? '';
      expect(first.startsWith(`bad.yaml:${position}`), first).toBe(true);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).not.toMatch(/\bat .*\.js:\d+/); // never a stack trace
    } finally {
      await cleanup();
    }
  });

  it('a manifest that does not exist: exit 2, located at 1:1', async () => {
    const result = await runCli(['run', 'nowhere.yaml']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^nowhere\.yaml:1:1: cannot read the manifest/);
  });

  it.each([
    [['run', 'x.yaml', '--repeat', '0'], /--repeat must be a positive integer/],
    [['run', 'x.yaml', '--reporter', 'xml'], /unknown reporter `xml`/],
    [['run', 'x.yaml', '--reporter', 'json', '--reporter', 'sarif'], /only one reporter can write to the console/],
    [['run', 'x.yaml', '--bogus'], /Unknown option `--bogus`/],
    [['frobnicate'], /unknown command `frobnicate`/],
  ])('invalid flags %j: exit 2 with a clear message', async (args, message) => {
    const result = await runCli(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
  });
});
