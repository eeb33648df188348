#!/usr/bin/env node
// What the HTTP client costs in CPU per request: MCP Eval's transports against the bare official
// SDK client (@modelcontextprotocol/client, 2026-07-28), and optionally against an older build of
// @mcp-eval/transports (the fetch-based client), all on one reference fixture HTTP server on
// 127.0.0.1 in the same run. Rounds alternate the order of the sides (A/B/C, C/B/A, ...) so load
// and warm-up hit every side alike. CPU is this process's (process.cpuUsage, user + system); the
// server is a child process and is not counted. Prints each side's median µs per request over the
// rounds, the ratios and the load average before and after.
//
// Usage: pnpm build && node bench/http-client-cpu.mjs [requests per round] [rounds] [--old <dist/index.js>]
//   e.g. --old /path/to/other/checkout/packages/transports/dist/index.js (built from main)
import { pathToFileURL } from 'node:url';

import { startHttpFixture } from '@mcp-eval/fixture-servers';
import { createConnector } from '@mcp-eval/transports';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

import { loadAverageSpan } from './load-average.mjs';

const args = process.argv.slice(2);
const oldAt = args.indexOf('--old');
const oldPath = oldAt === -1 ? undefined : args.splice(oldAt, 2)[1];
const PER_ROUND = Number(args[0] ?? 500);
const ROUNDS = Number(args[1] ?? 10);
const WARMUP = 200;
const ECHO = { name: 'echo', arguments: { message: 'hello' } };

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function ours(connectorOf, url) {
  const connection = await connectorOf({ transport: 'http', url }, { protocol: '2026-07-28' }).connect();
  return {
    call: async () => {
      const exchange = await connection.request('tools/call', ECHO);
      if (exchange.outcome !== 'result') throw new Error(`ours: ${exchange.outcome}`);
    },
    close: () => connection.close(),
  };
}

async function sdk(url) {
  const client = new Client({ name: 'bench-sdk', version: '0' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  if (client.getNegotiatedProtocolVersion?.() !== '2026-07-28') throw new Error('the SDK client did not negotiate 2026-07-28');
  return { call: () => client.callTool(ECHO), close: () => client.close() };
}

/** CPU µs per request for `count` sequential calls. */
async function cpuPerRequest(side, count) {
  const before = process.cpuUsage();
  for (let i = 0; i < count; i += 1) await side.call();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / count;
}

const server = await startHttpFixture('reference');
const sides = [{ name: 'new (undici Pool)', side: await ours(createConnector, server.url) }];
if (oldPath) {
  const old = await import(pathToFileURL(oldPath).href);
  sides.push({ name: 'old (fetch)', side: await ours(old.createConnector, server.url) });
}
sides.push({ name: 'official SDK client', side: await sdk(server.url) });
const span = loadAverageSpan();
try {
  for (const { side } of sides) await cpuPerRequest(side, WARMUP);
  const samples = sides.map(() => []);
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = sides.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    for (const i of order) samples[i].push(await cpuPerRequest(sides[i].side, PER_ROUND));
  }
  console.log(
    `client CPU per tools/call over HTTP (2026-07-28, reference fixture), ${ROUNDS} rounds x ${PER_ROUND} requests, order alternating`,
  );
  const medians = samples.map(median);
  sides.forEach(({ name }, i) => {
    const all = samples[i].map((n) => n.toFixed(0)).join(' ');
    console.log(`${name.padEnd(20)} median ${medians[i].toFixed(1).padStart(7)} µs/request   rounds: ${all}`);
  });
  const byName = Object.fromEntries(sides.map(({ name }, i) => [name, medians[i]]));
  const fresh = byName['new (undici Pool)'];
  if (byName['old (fetch)'] !== undefined) console.log(`ratio new / old: ${(fresh / byName['old (fetch)']).toFixed(3)}`);
  console.log(`ratio new / SDK: ${(fresh / byName['official SDK client']).toFixed(3)}`);
  console.log(span.line());
} finally {
  for (const { side } of sides) await side.close();
  await server.close();
}
