#!/usr/bin/env node
// What MCP Eval's own start costs, process start included, rounds interleaved (docs/architecture.md, The CLI bundle):
//   - `mcp-eval --version` (the published bin, bin/mcp-eval.cjs) vs `node -e 0`, and dist/cli.js's own;
//   - `mcp-eval run` on a one-case manifest (discovery-cost) against server-everything over stdio
//     vs a script doing the same job with the bare official SDK client (connect, list tools, close).
// Prints p50s, ratios and the load average, and the bytes and files the CLI bundle's start path loads.
// Targets: --version <= 1.15x node -e 0; the one-case run <= 1.1x the SDK script.
//
// Usage: pnpm build && node bench/startup.mjs [rounds]   (default 21)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { everythingStdio } from '@mcp-eval/fixture-servers';

import { loadAverageSpan } from './load-average.mjs';

const ROUNDS = Number(process.argv[2] ?? 21);
const cli = fileURLToPath(new URL('../apps/cli/dist/cli.js', import.meta.url));
// What `npx mcp-eval` runs: package.json's bin, CommonJS, which loads cli.js for anything but --version.
const bin = fileURLToPath(new URL('../apps/cli/bin/mcp-eval.cjs', import.meta.url));
const sdkScript = fileURLToPath(new URL('./sdk-list-tools.mjs', import.meta.url));
const server = everythingStdio();

const dir = mkdtempSync(join(tmpdir(), 'mcp-eval-startup-'));
const manifest = join(dir, 'mcp-eval.yaml');
// The floor under any ESM bin: Node loading one empty ES module (the ESM loader `-e 0` skips).
const emptyModule = join(dir, 'empty.mjs');
writeFileSync(emptyModule, '');
writeFileSync(
  manifest,
  `version: 1
server:
  stdio: { command: ${JSON.stringify(server.command)}, args: ${JSON.stringify(server.args)} }
cases:
  - { id: catalog, dimension: discovery-cost, max_tools: 100, max_schema_bytes: 1048576 }
`,
);

function wall(command, args) {
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  const ms = performance.now() - started;
  if (result.status !== 0) throw new Error(`${[command, ...args].join(' ')} exited ${result.status}`);
  return ms;
}

/** cli.js and the chunks it imports statically: what loads before any command runs. */
function startPath() {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(join(dirname(cli), file), 'utf8');
    for (const match of code.matchAll(/^(?:import|export)\s(?:[^;'"]*?\sfrom\s*)?"\.\/([^"]+\.js)"/gm)) visit(match[1]);
  };
  visit('cli.js');
  return { files: seen.size, bytes: [...seen].reduce((sum, file) => sum + statSync(join(dirname(cli), file)).size, 0) };
}

const p50 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sides = {
  'mcp-eval --version': () => wall(process.execPath, [bin, '--version']),
  'dist/cli.js --version (the ES module)': () => wall(process.execPath, [cli, '--version']),
  'node -e 0': () => wall(process.execPath, ['-e', '0']),
  'node empty.mjs': () => wall(process.execPath, [emptyModule]),
  'mcp-eval run, one discovery-cost case': () =>
    wall(process.execPath, [bin, 'run', manifest, '--reporter', `json=${join(dir, 'r.json')}`]),
  'SDK v1 client: connect, list, close': () => wall(process.execPath, [sdkScript, server.command, ...server.args]),
};
const span = loadAverageSpan();
const times = Object.fromEntries(Object.keys(sides).map((k) => [k, []]));
try {
  for (let round = 0; round < ROUNDS; round += 1) for (const [name, run] of Object.entries(sides)) times[name].push(run());
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const start = startPath();
console.log(`p50 of ${ROUNDS} interleaved rounds (ms), Node ${process.version}, server-everything over stdio`);
for (const [name, xs] of Object.entries(times)) console.log(`${name.padEnd(40)} ${p50(xs).toFixed(1).padStart(8)}`);
console.log(`start path: ${start.files} files, ${start.bytes} bytes`);
const m = (k) => p50(times[k]);
const ratios = [
  ['--version vs node -e 0', m('mcp-eval --version') / m('node -e 0'), 1.15],
  ['(floor) empty ES module vs node -e 0', m('node empty.mjs') / m('node -e 0'), undefined],
  ['one-case run vs SDK script', m('mcp-eval run, one discovery-cost case') / m('SDK v1 client: connect, list, close'), 1.1],
];
for (const [name, ratio, target] of ratios)
  console.log(
    `${name.padEnd(40)} ${ratio.toFixed(3)}${target === undefined ? '' : `  (target <= ${target}: ${ratio <= target ? 'met' : 'NOT met'})`}`,
  );
console.log(span.line());
