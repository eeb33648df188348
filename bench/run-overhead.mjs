#!/usr/bin/env node
// What a whole `mcp-eval run` costs against the bare official SDK client, process start included,
// on the same fixture in the same run, rounds interleaved:
//   - `mcp-eval run` on a 200-case manifest (instruction-fidelity on `add`, one call per case)
//     against the reference fixture over stdio, vs a script making the same 200 calls with the
//     SDK client, era for era: v2 `@modelcontextprotocol/client` negotiating 2026-07-28 against
//     mcp-eval's `protocol: auto`, and v1 `@modelcontextprotocol/sdk` against mcp-eval pinned to
//     2025-11-25;
//   - `mcp-eval --version` vs `node -e 0` (cold start).
// Prints medians, ratios and the load average. Targets: run overhead ratio <= 1.5; cold start ratio <= 2.
//
// Usage: pnpm build && node bench/run-overhead.mjs [rounds]   (default 7)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { stdioFixture } from '@mcp-eval/fixture-servers';

import { loadAverageSpan } from './load-average.mjs';

const ROUNDS = Number(process.argv[2] ?? 7);
const CASES = 200;
const cli = fileURLToPath(new URL('../apps/cli/dist/cli.js', import.meta.url));
const sdkScript = fileURLToPath(new URL('./sdk-calls.mjs', import.meta.url));
const fixture = stdioFixture('reference');

const dir = mkdtempSync(join(tmpdir(), 'mcp-eval-bench-'));
const manifest = join(dir, 'mcp-eval.yaml');
const legacyManifest = join(dir, 'legacy.yaml');
const cases = Array.from(
  { length: CASES },
  (_, i) =>
    `  - id: add-${i}\n    probe: instruction-fidelity\n    tool: add\n    arguments: { a: ${i}, b: 1 }\n    expect: { values: { sum: ${i + 1} } }\n`,
).join('');
const server = (protocol) =>
  `server:\n  stdio: { command: ${JSON.stringify(fixture.command)}, args: ${JSON.stringify(fixture.args)} }\n  protocol: ${protocol}\n`;
writeFileSync(manifest, `version: 1\n${server('auto')}cases:\n${cases}`);
writeFileSync(legacyManifest, `version: 1\n${server('"2025-11-25"')}cases:\n${cases}`);

function wall(command, args) {
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  const ms = performance.now() - started;
  if (result.status !== 0) throw new Error(`${[command, ...args].join(' ')} exited ${result.status}`);
  return ms;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sides = {
  'mcp-eval run, 2026-07-28 (auto)': () => wall(process.execPath, [cli, 'run', manifest, '--reporter', `json=${join(dir, 'r.json')}`]),
  'mcp-eval run, 2025-11-25 pinned': () =>
    wall(process.execPath, [cli, 'run', legacyManifest, '--reporter', `json=${join(dir, 'r.json')}`]),
  'SDK v2 client, 2026-07-28': () => wall(process.execPath, [sdkScript, 'v2', String(CASES), fixture.command, ...fixture.args]),
  'SDK v1 client, 2025-11-25': () => wall(process.execPath, [sdkScript, 'v1', String(CASES), fixture.command, ...fixture.args]),
  'mcp-eval --version': () => wall(process.execPath, [cli, '--version']),
  'node -e 0': () => wall(process.execPath, ['-e', '0']),
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

console.log(`medians of ${ROUNDS} interleaved rounds (ms), ${CASES} cases / calls, reference fixture over stdio`);
for (const [name, xs] of Object.entries(times)) console.log(`${name.padEnd(38)} ${median(xs).toFixed(0).padStart(7)}`);
const m = (k) => median(times[k]);
const ratios = [
  ['run overhead, 2026-07-28: mcp-eval vs SDK v2', m('mcp-eval run, 2026-07-28 (auto)') / m('SDK v2 client, 2026-07-28'), 1.5],
  ['run overhead, 2025-11-25: mcp-eval vs SDK v1', m('mcp-eval run, 2025-11-25 pinned') / m('SDK v1 client, 2025-11-25'), 1.5],
  ['cold start: --version vs node -e 0', m('mcp-eval --version') / m('node -e 0'), 2],
];
for (const [name, ratio, target] of ratios)
  console.log(`${name.padEnd(46)} ${ratio.toFixed(2)}  (target <= ${target}: ${ratio <= target ? 'met' : 'NOT met'})`);
console.log(span.line());
