#!/usr/bin/env node
// What MCP Eval's instrument costs per request, against the bare official SDK clients, on the same
// server in the same run, calls interleaved one for one so load and warm-up hit both sides alike:
//   1. legacy era, stdio: the v1 `@modelcontextprotocol/sdk` client vs `@mcp-eval/transports`,
//      both against `@modelcontextprotocol/server-everything` (`echo`), one server process each;
//   2. 2026-07-28, Streamable HTTP: the v2 `@modelcontextprotocol/client` vs `@mcp-eval/transports`,
//      both against the same reference fixture HTTP server on 127.0.0.1 (`echo`).
// Prints p50 and p95 per side, the ratio (ours / SDK) and the load average. Target: p50 ratio at most 1.10.
//
// Usage: pnpm build && node bench/transport-overhead.mjs [calls]   (default 500, after 50 warm-up)
import { createRequire } from 'node:module';

import { startHttpFixture } from '@mcp-eval/fixture-servers';
import { createConnector } from '@mcp-eval/transports';
import { Client as ClientV2, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

import { loadAverageSpan } from './load-average.mjs';

const CALLS = Number(process.argv[2] ?? 500);
const WARMUP = 50;
const require = createRequire(import.meta.url);
const everything = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function timed(fn) {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

/** Interleaves the two sides call for call and returns both latency lists (warm-up dropped). */
async function interleave(sdkCall, oursCall) {
  const sdk = [];
  const ours = [];
  for (let i = 0; i < WARMUP + CALLS; i += 1) {
    // Alternate who goes first so neither side always follows the other.
    const pair = i % 2 === 0 ? [await timed(sdkCall), await timed(oursCall)] : [await timed(oursCall), await timed(sdkCall)].reverse();
    if (i >= WARMUP) {
      sdk.push(pair[0]);
      ours.push(pair[1]);
    }
  }
  return { sdk, ours };
}

/** The same `echo` call through the SDK client and through our connection, interleaved. */
const ECHO = { name: 'echo', arguments: { message: 'hello' } };
function interleaveEcho(sdk, ours) {
  return interleave(
    () => sdk.callTool(ECHO),
    async () => {
      const exchange = await ours.request('tools/call', ECHO);
      if (exchange.outcome !== 'result') throw new Error(`ours: ${exchange.outcome}`);
    },
  );
}

function row(name, { sdk, ours }) {
  const s = [...sdk].sort((a, b) => a - b);
  const o = [...ours].sort((a, b) => a - b);
  const fmt = (n) => n.toFixed(3).padStart(8);
  return {
    name,
    line: `${name.padEnd(34)} ${fmt(percentile(s, 50))} ${fmt(percentile(s, 95))} ${fmt(percentile(o, 50))} ${fmt(percentile(o, 95))}   ${(percentile(o, 50) / percentile(s, 50)).toFixed(3)}   ${(percentile(o, 95) / percentile(s, 95)).toFixed(3)}`,
    p50Ratio: percentile(o, 50) / percentile(s, 50),
  };
}

async function legacyStdio() {
  const sdk = new ClientV1({ name: 'bench-sdk', version: '0' });
  await sdk.connect(new StdioClientTransport({ command: process.execPath, args: [everything, 'stdio'], stderr: 'ignore' }));
  const ours = await createConnector(
    { transport: 'stdio', command: process.execPath, args: [everything, 'stdio'] },
    { protocol: '2025-11-25' },
  ).connect();
  try {
    return await interleaveEcho(sdk, ours);
  } finally {
    await Promise.all([sdk.close(), ours.close()]);
  }
}

async function modernHttp() {
  const server = await startHttpFixture('reference');
  const sdk = new ClientV2({ name: 'bench-sdk', version: '0' }, { versionNegotiation: { mode: 'auto' } });
  try {
    await sdk.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    const ours = await createConnector({ transport: 'http', url: server.url }, { protocol: '2026-07-28' }).connect();
    try {
      if (sdk.getNegotiatedProtocolVersion?.() !== '2026-07-28') throw new Error('the v2 client did not negotiate 2026-07-28');
      return await interleaveEcho(sdk, ours);
    } finally {
      await Promise.all([sdk.close(), ours.close()]);
    }
  } finally {
    await server.close();
  }
}

const span = loadAverageSpan();
const rows = [row('legacy stdio, server-everything', await legacyStdio()), row('2026-07-28 HTTP, reference fixture', await modernHttp())];
console.log(`tools/call round trips, ${CALLS} per side after ${WARMUP} warm-up, interleaved (ms)`);
console.log(
  `${''.padEnd(34)} ${'SDK p50'.padStart(8)} ${'SDK p95'.padStart(8)} ${'ours p50'.padStart(8)} ${'ours p95'.padStart(8)}   p50 ratio  p95 ratio`,
);
for (const r of rows) console.log(r.line);
const worst = Math.max(...rows.map((r) => r.p50Ratio));
console.log(`worst p50 ratio ${worst.toFixed(3)} (target <= 1.10): ${worst <= 1.1 ? 'met' : 'NOT met'}`);
console.log(span.line());
