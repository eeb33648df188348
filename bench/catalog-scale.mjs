#!/usr/bin/env node
// How MCP Eval's catalog checks scale with the size of a server's catalog.
//
// For 1,000, 5,000 and 20,000 tools (the `catalog` fixture, 50 per page, over stdio), runs
// discovery-cost, token-cost and pagination through the built core and transports, each size in a
// child process of its own so its peak memory is the evaluator's alone (the fixture server is a
// further child and is not counted). Prints wall time, per-check time and peak memory per size,
// then the growth per tool between sizes: a ratio at or below 1 means no worse than linear.
// Times are the fastest of ROUNDS runs (each run spawns a fresh fixture); memory is the peak over all.
// The other side, each size in its own child process too: the bare official SDK client (v2,
// `@modelcontextprotocol/client`, version negotiation auto, as MCP Eval's `protocol: auto`) on the
// same fixture, connecting, listing every page of tools and closing: the catalog the three checks
// read, without the checks. Prints both sides' wall time and memory growth and their ratios, and the
// load average.
//
// Usage: pnpm build && node bench/catalog-scale.mjs [sizes...]   (default 1000 5000 20000)
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { loadAverageSpan } from './load-average.mjs';

const PAGE_SIZE = 50;
const DEFAULT_SIZES = [1_000, 5_000, 20_000];
const ROUNDS = 5;

if (process.argv[2] === '--child') await child(Number(process.argv[3]));
else if (process.argv[2] === '--child-sdk') await sdkChild(Number(process.argv[3]));
else
  await parent(
    process.argv
      .slice(2)
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0),
  );

/** One size, measured in this process: prints one JSON line. */
async function child(tools) {
  const { discoveryCost, evaluate, pagination, tokenCost } = await import('@mcp-eval/core');
  const { createConnector } = await import('@mcp-eval/transports');
  const { stdioFixture } = await import('@mcp-eval/fixture-servers');

  const spec = stdioFixture('catalog', { FIXTURE_TOOLS: String(tools), FIXTURE_PAGE_SIZE: String(PAGE_SIZE) });
  const connector = createConnector(spec, { protocol: 'auto', timeoutMs: 30_000 });
  const pages = Math.ceil(tools / PAGE_SIZE);
  const cases = [
    { id: 'discovery', check: discoveryCost, params: { max_tools: tools, max_schema_bytes: 1_000_000_000 } },
    { id: 'tokens', check: tokenCost, params: { max_total_tokens: 1_000_000_000 } },
    { id: 'pages', check: pagination, params: { max_pages: pages } },
  ];

  // The kernel's high-water mark (maxRSS) is the evaluator's peak memory; what it adds over the
  // process as it stands before the first run (node, core, transports loaded) is what scales.
  const baselineRssMiB = process.memoryUsage().rss / 1024 / 1024;
  const probe = await connector.connect();
  const era = probe.era;
  await probe.close();

  // The fastest of a few rounds: the machine may be busy, and noise only ever adds time.
  const best = { wallMs: Infinity, discovery: Infinity, tokens: Infinity, pages: Infinity };
  let recordKiB = 0;
  let pageCount = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    const evaluation = await evaluate({ connector, cases, concurrency: 1, timeoutMs: 30_000, caseTimeoutMs: 600_000 });
    best.wallMs = Math.min(best.wallMs, performance.now() - started);
    if (evaluation.records.some((r) => r.status !== 'pass')) {
      throw new Error(`a check did not pass: ${evaluation.records.map((r) => `${r.id}:${r.status}`).join(' ')}`);
    }
    for (const record of evaluation.records) best[record.id] = Math.min(best[record.id], record.durationMs);
    recordKiB = Buffer.byteLength(JSON.stringify(evaluation.records)) / 1024;
    pageCount = evaluation.records.find((r) => r.id === 'pages')?.measurements.pages ?? 0;
  }
  process.stdout.write(
    `${JSON.stringify({
      tools,
      pages: pageCount,
      wallMs: best.wallMs,
      discoveryMs: best.discovery,
      tokenCostMs: best.tokens,
      paginationMs: best.pages,
      maxRssMiB: process.resourceUsage().maxRSS / 1024,
      rssGrowthMiB: process.resourceUsage().maxRSS / 1024 - baselineRssMiB,
      recordKiB,
      era,
    })}\n`,
  );
}

/** The SDK side of one size, measured in this process: connect, list every page, close; one JSON line. */
async function sdkChild(tools) {
  const { Client } = await import('@modelcontextprotocol/client');
  const { StdioClientTransport } = await import('@modelcontextprotocol/client/stdio');
  const { stdioFixture } = await import('@mcp-eval/fixture-servers');

  const spec = stdioFixture('catalog', { FIXTURE_TOOLS: String(tools), FIXTURE_PAGE_SIZE: String(PAGE_SIZE) });
  const baselineRssMiB = process.memoryUsage().rss / 1024 / 1024;
  let wallMs = Infinity;
  let version = '';
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    // listTools() without a cursor walks every page itself; its default cap (64 pages) would stop 5,000 tools.
    const client = new Client({ name: 'bench-sdk', version: '0' }, { versionNegotiation: { mode: 'auto' }, listMaxPages: 0 });
    await client.connect(
      new StdioClientTransport({ command: spec.command, args: spec.args, env: { ...process.env, ...spec.env }, stderr: 'ignore' }),
    );
    let cursor;
    let listed = 0;
    do {
      const page = await client.listTools(cursor === undefined ? {} : { cursor });
      listed += page.tools.length;
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    version = client.getNegotiatedProtocolVersion?.() ?? '';
    await client.close();
    if (listed !== tools) throw new Error(`sdk: listed ${listed} of ${tools} tools`);
    wallMs = Math.min(wallMs, performance.now() - started);
  }
  process.stdout.write(
    `${JSON.stringify({ tools, wallMs, maxRssMiB: process.resourceUsage().maxRSS / 1024, rssGrowthMiB: process.resourceUsage().maxRSS / 1024 - baselineRssMiB, version })}\n`,
  );
}

async function parent(requested) {
  const sizes = requested.length > 0 ? requested : DEFAULT_SIZES;
  const span = loadAverageSpan();
  const rows = [];
  const sdkRows = [];
  // Sizes alternate which side goes first, so load drift hits both alike.
  for (const [i, tools] of sizes.entries()) {
    const order = i % 2 === 0 ? ['--child', '--child-sdk'] : ['--child-sdk', '--child'];
    for (const mode of order) (mode === '--child' ? rows : sdkRows).push(await runChild(mode, tools));
  }

  const fmt = (n, digits = 0) => n.toFixed(digits).padStart(9);
  console.log(`catalog-scale: discovery-cost + token-cost + pagination, catalog fixture over stdio, ${PAGE_SIZE} tools per page`);
  console.log(`node ${process.version}, ${process.platform}/${process.arch}\n`);
  console.log(
    `(times: fastest of ${ROUNDS} runs, each on a fresh fixture process; wall includes spawning it.\n +RSS: peak RSS above the evaluator's RSS before its first run; record: the three records as JSON)\n`,
  );
  console.log(`MCP Eval (era ${rows[0]?.era}):`);
  console.log('    tools    pages  wall ms  disc ms token ms  page ms  maxRSS MiB  +RSS MiB  record KiB');
  for (const r of rows) {
    console.log(
      `${fmt(r.tools)}${fmt(r.pages)}${fmt(r.wallMs)}${fmt(r.discoveryMs)}${fmt(r.tokenCostMs)}${fmt(r.paginationMs)}${fmt(r.maxRssMiB, 1).padStart(12)}${fmt(r.rssGrowthMiB, 1).padStart(10)}${fmt(r.recordKiB, 0).padStart(12)}`,
    );
  }
  console.log(`\nofficial SDK client v2, connect + list every page + close (negotiated ${sdkRows[0]?.version}):`);
  console.log('    tools  wall ms  maxRSS MiB  +RSS MiB   wall ratio  +RSS ratio (MCP Eval / SDK)');
  for (const [i, r] of sdkRows.entries()) {
    const ours = rows[i];
    console.log(
      `${fmt(r.tools)}${fmt(r.wallMs)}${fmt(r.maxRssMiB, 1).padStart(12)}${fmt(r.rssGrowthMiB, 1).padStart(10)}${(ours.wallMs / r.wallMs).toFixed(2).padStart(13)}${(ours.rssGrowthMiB / r.rssGrowthMiB).toFixed(2).padStart(12)}`,
    );
  }
  console.log('\ngrowth per tool between sizes (cost ratio ÷ size ratio; ≤ 1 is linear or better):');
  for (let i = 1; i < rows.length; i += 1) {
    const a = rows[i - 1];
    const b = rows[i];
    const size = b.tools / a.tools;
    const per = (key) => (b[key] / a[key] / size).toFixed(2);
    console.log(
      `  ${a.tools} → ${b.tools} (×${size.toFixed(1)}): wall ${per('wallMs')}, checks ${(
        (b.discoveryMs + b.tokenCostMs + b.paginationMs) /
        (a.discoveryMs + a.tokenCostMs + a.paginationMs) /
        size
      ).toFixed(
        2,
      )}, maxRSS ${per('maxRssMiB')}, RSS growth ${per('rssGrowthMiB')}; SDK wall ${(sdkRows[i].wallMs / sdkRows[i - 1].wallMs / size).toFixed(2)}`,
    );
  }
  console.log(span.line());
}

function runChild(mode, tools) {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [fileURLToPath(import.meta.url), mode, String(tools)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    proc.stdout.on('data', (chunk) => (out += chunk));
    proc.once('error', reject);
    proc.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1))) : reject(new Error(`size ${tools}: child exited ${code}`)),
    );
  });
}
