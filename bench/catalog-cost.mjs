#!/usr/bin/env node
// What a big catalog costs the CLI, end to end, in fresh processes, rounds interleaved:
//
// run:  `mcp-eval run` with one discovery-cost and one token-cost case against the catalog fixture
//       (N tools, 50 per page, stdio, pinned 2025-11-25) vs `sdk-walk-pages.mjs`, the bare v1 SDK
//       client walking the same pages as often as the run does (twice: each check walks fresh).
// lint: `mcp-eval lint --catalog` on a saved tools/list of N of the same tools vs the floor, `node`
//       reading and `JSON.parse`-ing the same file.
//
// With `--old <cli.js>` (e.g. a copy of main's apps/cli/dist), that build runs as a further side
// in every round. Prints medians of wall time, the largest peak RSS per side (the kernel's
// high-water mark, via peak-rss.cjs), ratios, and the load average before and after.
// Targets: run ≤ 1.3× the SDK at 50,000 tools; lint of 100,000 tools < 10 s and < 800 MiB.
//
// Usage: pnpm build && node bench/catalog-cost.mjs [--rounds 5] [--sizes 5000,20000,50000]
//          [--lint 100000] [--old <path to another build's cli.js>]   (--sizes 0 or --lint 0 skips)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { catalogTools, stdioFixture } from '@mcp-eval/fixture-servers';

const PAGE_SIZE = 50;
const WALKS = 2;
const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : process.argv[at + 1];
};
const ROUNDS = Number(option('rounds', '5'));
const SIZES = option('sizes', '5000,20000,50000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const LINT_TOOLS = Number(option('lint', '100000'));
const OLD = option('old', undefined);
const cli = fileURLToPath(new URL('../apps/cli/dist/cli.js', import.meta.url));
const sdkWalk = fileURLToPath(new URL('./sdk-walk-pages.mjs', import.meta.url));
const hook = fileURLToPath(new URL('./peak-rss.cjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'mcp-eval-catalog-cost-'));
const rssFile = join(dir, 'peak-rss.txt');

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** One fresh process: wall ms and its peak RSS in MiB. */
function measure([command, ...args], env = {}) {
  writeFileSync(rssFile, '');
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--require', hook, command, ...args], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env, BENCH_PEAK_RSS_FILE: rssFile },
    maxBuffer: 1024 * 1024 * 1024,
  });
  const ms = performance.now() - started;
  if (result.status !== 0) throw new Error(`${[command, ...args].join(' ')} exited ${result.status}`);
  const peaks = readFileSync(rssFile, 'utf8').trim().split('\n').map(Number);
  return { ms, rssMiB: Math.max(...peaks) / 1024 };
}

function runManifest(tools) {
  const env = { FIXTURE_TOOLS: String(tools), FIXTURE_PAGE_SIZE: String(PAGE_SIZE) };
  const fixture = stdioFixture('catalog', env);
  const path = join(dir, `run-${tools}.yaml`);
  const server = `{ command: ${JSON.stringify(fixture.command)}, args: ${JSON.stringify(fixture.args)}, env: ${JSON.stringify(env)} }`;
  writeFileSync(
    path,
    `version: 1\nserver:\n  stdio: ${server}\n  protocol: "2025-11-25"\ncases:\n` +
      `  - id: discovery\n    dimension: discovery-cost\n    max_tools: ${tools}\n    max_schema_bytes: 1000000000\n` +
      `  - id: tokens\n    probe: token-cost\n    max_total_tokens: 1000000000\n`,
  );
  return { path, fixture, env };
}

function runSides(tools) {
  const { path, fixture, env } = runManifest(tools);
  const sides = { 'mcp-eval run': () => measure([cli, 'run', path]) };
  if (OLD) sides['old mcp-eval run'] = () => measure([OLD, 'run', path]);
  sides[`SDK v1, ${WALKS} walks`] = () => measure([sdkWalk, String(WALKS), fixture.command, ...fixture.args], env);
  return sides;
}

function lintSides(tools) {
  const path = join(dir, `catalog-${tools}.json`);
  writeFileSync(path, JSON.stringify({ tools: catalogTools(tools) }));
  const floor = `JSON.parse(require('node:fs').readFileSync(${JSON.stringify(path)}, 'utf8'))`;
  const sides = { 'mcp-eval lint': () => measure([cli, 'lint', '--catalog', path]) };
  if (OLD) sides['old mcp-eval lint'] = () => measure([OLD, 'lint', '--catalog', path]);
  sides['node: read + JSON.parse'] = () => measure(['-e', floor]);
  return sides;
}

/** Every side once per round, the order alternating between rounds. */
function interleave(sides) {
  const names = Object.keys(sides);
  const samples = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? names : [...names].reverse();
    for (const name of order) samples[name].push(sides[name]());
  }
  return names.map((name) => ({
    name,
    ms: median(samples[name].map((s) => s.ms)),
    rssMiB: Math.max(...samples[name].map((s) => s.rssMiB)),
    all: samples[name].map((s) => s.ms.toFixed(0)).join(' '),
  }));
}

function print(title, rows) {
  console.log(`\n${title}`);
  const base = rows.at(-1);
  for (const row of rows) {
    const ratio = row === base ? '' : `  ×${(row.ms / base.ms).toFixed(2)} of the last`;
    console.log(
      `  ${row.name.padEnd(26)} ${row.ms.toFixed(0).padStart(7)} ms  peak ${row.rssMiB.toFixed(0).padStart(5)} MiB${ratio}   (${row.all})`,
    );
  }
}

console.log(`catalog-cost: node ${process.version}, ${ROUNDS} rounds interleaved, medians; load average before ${load()}`);
try {
  for (const tools of SIZES) print(`run, ${tools} tools (${Math.ceil(tools / PAGE_SIZE)} pages)`, interleave(runSides(tools)));
  if (LINT_TOOLS > 0) print(`lint --catalog, ${LINT_TOOLS} tools`, interleave(lintSides(LINT_TOOLS)));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(`\nload average after ${load()}`);
