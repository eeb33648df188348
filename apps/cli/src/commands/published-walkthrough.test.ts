import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { JsonObject } from '@mcp-eval/core';
import { checks, isRecord, listTools, parseManifest } from '@mcp-eval/core';
import type { ListeningServer } from '@mcp-eval/fixture-servers';
import {
  everythingStdio,
  filesystemStdio,
  memoryStdio,
  onePasswordStdio,
  sequentialThinkingStdio,
  startEverythingHttp,
} from '@mcp-eval/fixture-servers';
import type { ServerTarget } from '@mcp-eval/protocol';
import { createConnector } from '@mcp-eval/transports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runCli, scratchDir } from '../test-support/run-cli.js';

// A new user's walk-through on each published server: `init`, then `run` on the manifest exactly as
// written (its TODOs unfinished), then `explain` on every red case. It proves that nothing was sent
// to a tool that is not read-only (file state for filesystem and memory, the gate's verdicts for
// every server) and that explain shows each red case's shape without one line of server text.

interface CaseRecord {
  readonly id: string;
  readonly status: 'pass' | 'fail' | 'error' | 'skip';
  readonly label?: string;
}

interface Walkthrough {
  readonly name: string;
  /** The target, for reading the catalog directly (annotations and descriptions). */
  target(): ServerTarget;
  /** init's target flags. */
  initFlags(): string[];
  /** The environment every CLI invocation gets (init writes `${env:NAME}` for values it was given). */
  readonly env: Record<string, string>;
  /** What a mutating call would change; must be equal before and after the walk-through. */
  state(): Promise<string>;
  /** `state` sees this server's writes: with a sandbox and --allow-mutation, state-recovery's recovery must change it. */
  readonly watchesWrites: boolean;
}

/** A command line for `--stdio`, every word quoted as a shell would need. */
function commandLine(command: string, args: readonly string[]): string {
  return [command, ...args].map((word) => `'${word.replaceAll("'", "'\\''")}'`).join(' ');
}

const stdioFlags = (target: ServerTarget): string[] =>
  target.transport === 'stdio' ? ['--stdio', commandLine(target.command, target.args ?? [])] : ['--url', target.url];

/** Every entry under `dir` with its size and modification time, sorted: any write changes it. */
async function treeState(dir: string): Promise<string> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const lines = await Promise.all(
    entries.map(async (entry) => {
      const path = join(entry.parentPath, entry.name);
      const info = await stat(path);
      return `${path} ${entry.isDirectory() ? 'dir' : info.size} ${info.mtimeMs}`;
    }),
  );
  return lines.sort().join('\n');
}

/** A file's size and modification time, or `absent`. */
async function fileState(path: string): Promise<string> {
  try {
    const info = await stat(path);
    return `${info.size} ${info.mtimeMs}`;
  } catch {
    return 'absent';
  }
}

/** The live catalog, read the way the checks read it. */
async function catalogOf(target: ServerTarget): Promise<Map<string, JsonObject>> {
  const connection = await createConnector(target, { protocol: 'auto', timeoutMs: 10_000 }).connect();
  try {
    const walk = await listTools({ timeoutMs: 10_000, signal: new AbortController().signal }, connection);
    return new Map(walk.items.map((tool) => [String(tool.name), tool]));
  } finally {
    await connection.close();
  }
}

const readOnlyHint = (tool: JsonObject | undefined): boolean => isRecord(tool?.annotations) && tool.annotations.readOnlyHint === true;

/** Lines of the servers' own descriptions long enough that finding one in our output can only mean it was copied. */
function descriptionLines(catalog: Map<string, JsonObject>): string[] {
  return [...catalog.values()].flatMap((tool) =>
    typeof tool.description === 'string'
      ? tool.description
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line.length >= 20)
      : [],
  );
}

interface CaseTools {
  readonly tools: readonly string[];
  readonly readOnly: boolean;
  readonly mutatingStep: boolean;
}

/** The tools each case names (state-recovery's three steps included), and what the manifest vouches for. */
function caseTools(params: Record<string, unknown>): CaseTools {
  const steps = ['failure', 'recovery', 'validation'].map((key) => params[key]).filter(isRecord);
  const tools = [params.tool, ...steps.map((step) => step.tool)].filter((tool): tool is string => typeof tool === 'string');
  return { tools, readOnly: params.read_only === true, mutatingStep: steps.some((step) => step.mutating === true) };
}

async function walkThrough(server: Walkthrough, dir: string): Promise<void> {
  const catalog = await catalogOf(server.target());
  const before = await server.state();
  const cli = (args: string[]) => runCli(args, { cwd: dir, env: server.env });

  const init = await cli(['init', ...server.initFlags(), '--out', 'walk/mcp-eval.yaml']);
  expect(init.code, init.stderr).toBe(0);
  const manifestPath = join(dir, 'walk/mcp-eval.yaml');
  const parsed = parseManifest(await readFile(manifestPath, 'utf8'), 'mcp-eval.yaml', checks);
  if (!parsed.ok) throw new Error(`${server.name}: init wrote an invalid manifest`);

  const run = await cli(['run', manifestPath, '--reporter', 'json=walk/run.json', '--quiet']);
  // 0 or 1: judged. Never 2 (invalid), 3 (crash) or 4 (nothing evaluated).
  expect([0, 1], run.stderr).toContain(run.code);
  const reportText = await readFile(join(dir, 'walk/run.json'), 'utf8');
  const report = JSON.parse(reportText) as { cases: CaseRecord[] };
  expect(report.cases.map((c) => c.id)).toEqual(parsed.manifest.cases.map((c) => c.id));

  // The gate, at tool-name level: a case that names a tool the server does not annotate
  // readOnlyHint: true, and that the manifest does not vouch for, sent nothing.
  let gated = 0;
  for (const c of parsed.manifest.cases) {
    const { tools, readOnly, mutatingStep } = caseTools(c.params as Record<string, unknown>);
    const unvouched = tools.some((tool) => !readOnlyHint(catalog.get(tool))) && !readOnly;
    if (!unvouched && !mutatingStep) continue;
    const record = report.cases.find((r) => r.id === c.id);
    // output-schema reads the catalog first and sends no call for a tool with no outputSchema.
    if (c.check === 'output-schema' && record?.label === 'no-output-schema') continue;
    gated += 1;
    expect(record, `${server.name} ${c.id}`).toMatchObject({ status: 'skip', label: 'mutation-not-allowed' });
  }
  expect(gated, `${server.name}: the manifest has at least one case the gate must stop`).toBeGreaterThan(0);

  const serverLines = descriptionLines(catalog);
  expect(serverLines.length).toBeGreaterThan(0);
  const red = report.cases.filter((c) => c.status === 'fail' || c.status === 'error');
  for (const c of red) {
    const explain = await cli(['explain', c.id, manifestPath]);
    // A latency verdict follows the machine's load: explain's one re-run may come in under budget.
    const timing = c.label === 'latency-exceeded';
    if (timing) expect([0, 1], `${server.name} ${c.id}`).toContain(explain.code);
    else expect(explain.code, `${server.name} ${c.id}`).toBe(1);
    const [verdict] = explain.stdout.split('\n');
    const seen = timing && explain.code === 0 ? 'pass [a-z-]*' : `${c.status} ${c.label ?? ''}`;
    expect(verdict, `${server.name} ${c.id}`).toMatch(new RegExp(`^${c.id} \\((dimension|probe) [a-z-]+\\): ${seen}`));
    // At least one connection and one request, shown as shapes.
    expect(explain.stdout).toMatch(/^ {2}connection 1: /m);
    expect(explain.stdout).toMatch(/^ {4}\d+\. [a-z/]+/m);
    for (const line of serverLines) expect(explain.stdout + explain.stderr, `${server.name} ${c.id}`).not.toContain(line);
  }
  for (const line of serverLines) expect(init.stdout + init.stderr + run.stdout + run.stderr + reportText).not.toContain(line);

  expect(await server.state(), `${server.name}: nothing that would change state was sent`).toBe(before);

  if (!server.watchesWrites) return;
  // The control: the same manifest with a sandbox, under --allow-mutation, does change the state,
  // so an unchanged state above means nothing was written, not that the probe is blind.
  const sandboxed = join(dir, 'walk/sandboxed.yaml');
  await writeFile(sandboxed, `${await readFile(manifestPath, 'utf8')}\nsandbox: { name: test-temp-dir }\n`, 'utf8');
  const control = await cli(['run', sandboxed, '--allow-mutation', '--only', 'state-recovers', '--quiet']);
  expect(control.code, control.stderr).toBe(0);
  expect(await server.state(), `${server.name}: the state probe sees a real write`).not.toBe(before);
}

describe('the walk-through on the published servers: init, run as written, explain every red case', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let http: ListeningServer;
  let allowed: string;
  let memoryFile: string;

  beforeAll(async () => {
    ({ dir, cleanup } = await scratchDir());
    allowed = join(dir, 'allowed');
    await mkdir(join(allowed, 'notes'), { recursive: true });
    await writeFile(join(allowed, 'notes/today.txt'), 'first line\n', 'utf8');
    memoryFile = join(dir, 'memory-data/memory.jsonl');
    await mkdir(join(dir, 'memory-data'));
    http = await startEverythingHttp();
  });
  afterAll(async () => {
    await http.close();
    await cleanup();
  });

  const walk = (name: string, server: () => Walkthrough) => {
    it(
      name,
      async () => {
        const serverDir = join(dir, name);
        await mkdir(serverDir);
        await walkThrough(server(), serverDir);
      },
      90_000,
    );
  };

  walk('filesystem', () => ({
    name: 'filesystem',
    target: () => filesystemStdio(allowed),
    initFlags: () => stdioFlags(filesystemStdio(allowed)),
    env: {},
    state: () => treeState(allowed),
    watchesWrites: true,
  }));

  walk('memory', () => ({
    name: 'memory',
    target: () => memoryStdio(memoryFile),
    initFlags: () => [...stdioFlags(memoryStdio(memoryFile)), '--env', `MEMORY_FILE_PATH=${memoryFile}`],
    env: { MEMORY_FILE_PATH: memoryFile },
    state: () => fileState(memoryFile),
    watchesWrites: true,
  }));

  walk('sequential-thinking', () => ({
    name: 'sequential-thinking',
    target: () => sequentialThinkingStdio(),
    initFlags: () => stdioFlags(sequentialThinkingStdio()),
    env: {},
    // It keeps its thoughts in memory only: the gate's verdicts are the proof.
    state: () => Promise.resolve('in memory'),
    watchesWrites: false,
  }));

  walk('everything over stdio', () => ({
    name: 'everything-stdio',
    target: () => everythingStdio(),
    initFlags: () => stdioFlags(everythingStdio()),
    env: {},
    state: () => Promise.resolve('in memory'),
    watchesWrites: false,
  }));

  walk('everything over HTTP', () => ({
    name: 'everything-http',
    target: () => ({ transport: 'http', url: http.url }),
    initFlags: () => ['--url', http.url],
    env: {},
    state: () => Promise.resolve('in memory'),
    watchesWrites: false,
  }));

  walk('1password-mcp (no token)', () => ({
    name: '1password',
    target: () => onePasswordStdio(),
    initFlags: () => stdioFlags(onePasswordStdio()),
    env: {},
    state: () => Promise.resolve('no token, no vault'),
    watchesWrites: false,
  }));
});
