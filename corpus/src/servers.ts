import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { everythingStdio, filesystemStdio, memoryStdio, sequentialThinkingStdio } from '@mcp-eval/fixture-servers';

// Through the corpus's own node_modules: some packages export no ./package.json.
const packageDir = (name: string): string => fileURLToPath(new URL(`../node_modules/${name}`, import.meta.url));
const fixtureDir = packageDir('@mcp-eval/fixture-servers');

/** Every backend a server could reach: a loopback port nothing listens on (discard). */
export const CLOSED_PORT_URL = 'http://127.0.0.1:9';
export const GUARD = fileURLToPath(new URL('./loopback-guard.mjs', import.meta.url));

export interface StdioCommand {
  readonly command: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
}

/** A running target: a stdio command to spawn (per connection), or a loopback URL. */
export type Started =
  | { readonly transport: 'stdio'; readonly stdio: StdioCommand; close(): Promise<void> }
  | { readonly transport: 'http'; readonly url: string; close(): Promise<void> };

export interface CorpusServer {
  /** File name of its expectations: corpus/expected/<id>.json. */
  readonly id: string;
  readonly package: string;
  /** Started in `dir`, a fresh temp directory the server may write (its files, its kubeconfig). */
  start(dir: string, guardLog: string): Promise<Started>;
}

const guarded = (guardLog: string): Record<string, string> => ({ NODE_OPTIONS: `--import=${GUARD}`, CORPUS_GUARD_LOG: guardLog });

function node(entry: string, args: readonly string[], env: Record<string, string>) {
  return (_dir: string, guardLog: string): Promise<Started> =>
    Promise.resolve({
      transport: 'stdio',
      stdio: { command: process.execPath, args: [entry, ...args], env: { ...env, ...guarded(guardLog) } },
      close: () => Promise.resolve(),
    });
}

const KUBECONFIG = `apiVersion: v1
kind: Config
clusters: [{ name: c, cluster: { server: '${CLOSED_PORT_URL}' } }]
users: [{ name: u, user: { token: fake } }]
contexts: [{ name: c, context: { cluster: c, user: u } }]
current-context: c
`;

/**
 * server-everything's Streamable HTTP server behind fixture-servers' loopback preload, which pins
 * `listen` to 127.0.0.1 and reports the port; the guard rides along.
 */
function everythingHttp(_dir: string, guardLog: string): Promise<Started> {
  const entry = join(packageDir('@modelcontextprotocol/server-everything'), 'dist/index.js');
  const child = spawn(
    process.execPath,
    ['--import', join(fixtureDir, 'dist/published/loopback-listen.js'), '--import', GUARD, entry, 'streamableHttp'],
    {
      env: { PATH: process.env.PATH ?? '', PORT: '0', CORPUS_GUARD_LOG: guardLog },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stderr.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const match = /LOOPBACK_LISTENING (\d+)/.exec(buffered);
      if (match === null) return;
      buffered = '';
      resolve({
        transport: 'http',
        url: `http://127.0.0.1:${match[1] ?? ''}/mcp`,
        close: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGKILL');
          }),
      });
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`server-everything http exited early with code ${String(code)}`)));
  });
}

const bin = (name: string, path: string): string => join(packageDir(name), path);

/** The corpus: published servers that start offline with every backend at a closed loopback port. */
export const CORPUS: readonly CorpusServer[] = [
  {
    id: 'server-everything-stdio',
    package: '@modelcontextprotocol/server-everything',
    start: (_dir, log) => {
      const spec = everythingStdio();
      return node(spec.args[0] ?? '', spec.args.slice(1), { ...spec.env })(_dir, log);
    },
  },
  { id: 'server-everything-http', package: '@modelcontextprotocol/server-everything', start: everythingHttp },
  {
    id: 'server-filesystem',
    package: '@modelcontextprotocol/server-filesystem',
    start: (dir, log) => {
      const spec = filesystemStdio(dir);
      return node(spec.args[0] ?? '', spec.args.slice(1), { ...spec.env })(dir, log);
    },
  },
  {
    id: 'server-memory',
    package: '@modelcontextprotocol/server-memory',
    start: (dir, log) => {
      const spec = memoryStdio(join(dir, 'memory.jsonl'));
      return node(spec.args[0] ?? '', spec.args.slice(1), { ...spec.env })(dir, log);
    },
  },
  {
    id: 'server-sequential-thinking',
    package: '@modelcontextprotocol/server-sequential-thinking',
    start: (dir, log) => {
      const spec = sequentialThinkingStdio();
      return node(spec.args[0] ?? '', spec.args.slice(1), { ...spec.env })(dir, log);
    },
  },
  {
    id: 'notion',
    package: '@notionhq/notion-mcp-server',
    start: node(bin('@notionhq/notion-mcp-server', 'bin/cli.mjs'), [], { NOTION_TOKEN: 'ntn_corpus_fake', BASE_URL: CLOSED_PORT_URL }),
  },
  {
    id: 'context7',
    package: '@upstash/context7-mcp',
    start: node(bin('@upstash/context7-mcp', 'dist/index.js'), [], {
      CONTEXT7_API_URL: CLOSED_PORT_URL,
      CONTEXT7_API_KEY: 'ctx7sk-corpus-fake',
    }),
  },
  {
    id: 'firecrawl',
    package: 'firecrawl-mcp',
    start: node(bin('firecrawl-mcp', 'dist/index.js'), [], { FIRECRAWL_API_URL: CLOSED_PORT_URL, FIRECRAWL_API_KEY: 'fc-corpus-fake' }),
  },
  {
    id: 'kubernetes',
    package: 'mcp-server-kubernetes',
    start: (dir, log) => {
      writeFileSync(join(dir, 'kubeconfig'), KUBECONFIG);
      return node(bin('mcp-server-kubernetes', 'dist/index.js'), [], { KUBECONFIG: join(dir, 'kubeconfig') })(dir, log);
    },
  },
  {
    id: 'chrome-devtools',
    package: 'chrome-devtools-mcp',
    // --browserUrl: attach to a closed port rather than launch a browser; usage statistics and update checks off.
    start: node(
      bin('chrome-devtools-mcp', 'build/src/bin/chrome-devtools-mcp.js'),
      ['--no-usage-statistics', '--browserUrl', CLOSED_PORT_URL],
      {
        CHROME_DEVTOOLS_MCP_NO_USAGE_STATISTICS: '1',
        CHROME_DEVTOOLS_MCP_NO_UPDATE_CHECKS: '1',
      },
    ),
  },
  {
    id: 'playwright',
    package: '@playwright/mcp',
    start: node(bin('@playwright/mcp', 'cli.js'), ['--headless', '--cdp-endpoint', CLOSED_PORT_URL], {}),
  },
  {
    id: 'sentry',
    package: '@sentry/mcp-server',
    start: node(bin('@sentry/mcp-server', 'dist/index.js'), ['--access-token', 'sntrys_corpus_fake', '--host', '127.0.0.1:9'], {
      OPENAI_BASE_URL: CLOSED_PORT_URL,
    }),
  },
  {
    id: 'supabase',
    package: '@supabase/mcp-server-supabase',
    start: node(bin('@supabase/mcp-server-supabase', 'dist/cli.js'), ['--access-token', 'sbp_corpus_fake', '--api-url', CLOSED_PORT_URL], {
      SUPABASE_CONTENT_API_URL: `${CLOSED_PORT_URL}/graphql/v1`,
    }),
  },
];

/** The installed version of a corpus package (pinned exactly in corpus/package.json). */
export function installedVersion(name: string): string {
  return (JSON.parse(readFileSync(join(packageDir(name), 'package.json'), 'utf8')) as { version: string }).version;
}
