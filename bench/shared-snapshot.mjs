#!/usr/bin/env node
// What the shared catalog snapshot saves: `mcp-eval run` on a 200-case schema-guessability manifest
// (one tool, naive arguments) against the catalog fixture listing 200 tools in 4 pages of 50, over
// stdio pinned to 2025-11-25, vs the bare official SDK client (v1) reading the catalog once and
// making the same 200 calls, in fresh processes, rounds interleaved. Before the snapshot every case
// walked the 4 pages again (ratio about 2.4); with it, one walk per connection.
// Prints medians, the ratio and the load average. Target: ratio <= 1.2.
//
// Usage: pnpm build && node bench/shared-snapshot.mjs [rounds]   (default 7)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { stdioFixture } from '@mcp-eval/fixture-servers';

import { loadAverageSpan } from './load-average.mjs';

const ROUNDS = Number(process.argv[2] ?? 7);
const CASES = 200;
const TOOL = 'tool_00001';
const env = { FIXTURE_TOOLS: '200', FIXTURE_PAGE_SIZE: '50' };
const cli = fileURLToPath(new URL('../apps/cli/dist/cli.js', import.meta.url));
const sdkScript = fileURLToPath(new URL('./sdk-guess-calls.mjs', import.meta.url));
const fixture = stdioFixture('catalog', env);

const dir = mkdtempSync(join(tmpdir(), 'mcp-eval-bench-'));
const manifest = join(dir, 'mcp-eval.yaml');
const cases = Array.from(
  { length: CASES },
  (_, i) => `  - id: guess-${i}\n    dimension: schema-guessability\n    tool: ${TOOL}\n    arguments: { query: q }\n`,
).join('');
writeFileSync(
  manifest,
  `version: 1\nserver:\n  stdio: { command: ${JSON.stringify(fixture.command)}, args: ${JSON.stringify(fixture.args)}, env: ${JSON.stringify(env)} }\n  protocol: "2025-11-25"\ncases:\n${cases}`,
);

function wall(command, args, extraEnv = {}) {
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...extraEnv } });
  const ms = performance.now() - started;
  if (result.status !== 0) throw new Error(`${[command, ...args].join(' ')} exited ${result.status}`);
  return ms;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sides = {
  'mcp-eval run, 200 schema-guessability cases': () =>
    wall(process.execPath, [cli, 'run', manifest, '--reporter', `json=${join(dir, 'r.json')}`]),
  'SDK v1 client, 1 walk + 200 calls': () =>
    wall(process.execPath, [sdkScript, String(CASES), TOOL, fixture.command, ...fixture.args], env),
};
const span = loadAverageSpan();
const times = Object.fromEntries(Object.keys(sides).map((k) => [k, []]));
try {
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, run] of Object.entries(sides)) times[name].push(run());
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

console.log(`medians of ${ROUNDS} interleaved rounds (ms), ${CASES} cases / calls, catalog fixture (200 tools, 4 pages) over stdio`);
for (const [name, xs] of Object.entries(times)) console.log(`${name.padEnd(46)} ${median(xs).toFixed(0).padStart(7)}`);
const ratio = median(times['mcp-eval run, 200 schema-guessability cases']) / median(times['SDK v1 client, 1 walk + 200 calls']);
console.log(`shared snapshot: mcp-eval vs SDK v1 ${ratio.toFixed(2)}  (target <= 1.2: ${ratio <= 1.2 ? 'met' : 'NOT met'})`);
console.log(span.line());
