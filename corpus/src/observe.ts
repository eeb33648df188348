import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { collectFacts, LEGACY, MODERN, openSession, type OracleFacts, type OracleTarget } from '@mcp-eval/test-support';

import { type CorpusCommand, runCommand } from './cli-runner.js';
import type { CorpusServer, Started } from './servers.js';
import { toVerdicts, type Verdict } from './verdicts.js';

/** What one server looked like: the oracle's facts per era, every CLI verdict, what the guard refused. */
export interface Observation {
  readonly facts: Readonly<Record<string, OracleFacts>>;
  /** Conformance era tag (`modern`, `legacy`, or `''` for a one-era run) → the facts it is judged on. */
  readonly conformanceEras: Readonly<Record<string, OracleFacts>>;
  readonly primary: OracleFacts;
  readonly verdicts: readonly Verdict[];
  /** Non-loopback connections or lookups the guard refused; must stay empty. */
  readonly guardLog: string;
}

export const COMMANDS: readonly CorpusCommand[] = ['scan', 'conformance', 'lint', 'init', 'run'];

function oracleTarget(started: Started, dir: string): OracleTarget {
  return started.transport === 'http'
    ? { transport: 'http', url: started.url }
    : { transport: 'stdio', launch: { ...started.stdio, cwd: dir } };
}

/** The oracle's facts in every era the server speaks. */
export async function oracleFacts(started: Started, dir: string): Promise<Record<string, OracleFacts>> {
  const facts: Record<string, OracleFacts> = {};
  for (const era of [MODERN, LEGACY] as const) {
    const session = await openSession(oracleTarget(started, dir), era);
    if (session === undefined) continue;
    try {
      facts[era] = await collectFacts(session);
    } finally {
      await session.close();
    }
  }
  return facts;
}

/** `read-only/<tool>` for every tool the written manifest vouches `read_only: true` for. */
function vouchedReadOnly(manifestPath: string): Verdict[] {
  if (!existsSync(manifestPath)) return [];
  const vouched = new Set<string>();
  let tool: string | undefined;
  for (const line of readFileSync(manifestPath, 'utf8').split('\n')) {
    if (/^ {2}- /.test(line)) tool = undefined;
    const named = /^\s+(?:- )?tool: "?([^"\s]+)"?\s*$/.exec(line);
    if (named) tool ??= named[1];
    if (/^\s+read_only: true\b/.test(line) && tool !== undefined) vouched.add(tool);
  }
  return [...vouched]
    .sort()
    .map((name) => ({ command: 'init', id: `read-only/${name}`, check: 'read-only', tool: name, status: 'vouched' }));
}

/** Starts the server, asks the oracle, runs `commands` through the built CLI, stops the server. */
export async function observe(
  server: CorpusServer,
  commands: readonly CorpusCommand[] = COMMANDS,
  wrap?: (started: Started) => Promise<Started>,
): Promise<Observation> {
  const dir = mkdtempSync(join(tmpdir(), `corpus-${server.id}-`));
  const guardLogPath = join(dir, 'guard.log');
  const direct = await server.start(dir, guardLogPath);
  try {
    const facts = await oracleFacts(direct, dir);
    const modern = facts[MODERN];
    const legacy = facts[LEGACY];
    const primary = modern ?? legacy;
    if (primary === undefined) throw new Error(`${server.id}: the oracle could open no session`);
    const conformanceEras: Record<string, OracleFacts> = modern && legacy ? { modern, legacy } : { '': primary };
    const protocol = modern && legacy ? 'both' : primary.era;
    const target = wrap === undefined ? direct : await wrap(direct);
    const verdicts: Verdict[] = [];
    try {
      for (const command of commands) {
        const extra = command === 'conformance' ? ['--protocol', protocol] : [];
        verdicts.push(...toVerdicts(command, await runCommand(command, target, dir, extra)));
        if (command === 'init') verdicts.push(...vouchedReadOnly(join(dir, 'mcp-eval.yaml')));
      }
    } finally {
      if (target !== direct) await target.close();
    }
    return { facts, conformanceEras, primary, verdicts, guardLog: existsSync(guardLogPath) ? readFileSync(guardLogPath, 'utf8') : '' };
  } finally {
    await direct.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
