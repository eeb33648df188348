// The official conformance suite as a cross-check of `mcp-eval conformance`, and its wall time, on
// two servers: the reference fixture (both eras) and `@modelcontextprotocol/server-everything`
// (the pinned published server, 2025-11-25 only), each over loopback HTTP.
//
// 1. Cross-check: the official server scenarios that need no diagnostic tool (official-conformance-
//    pairs.mjs) at each revision MCP Eval's own run covered; each of their checks that tests a
//    requirement an MCP Eval assertion cites is compared with that assertion's record in the same
//    era. Reported three ways, because the pairs are not independent (one official check per
//    scenario, `wire-schema-valid`, maps onto `message-shape` many times, and several checks map
//    onto one record): every pair; every distinct record counted once (the official side fails
//    when any comparable check mapped onto it fails), with every many-to-one mapping listed and
//    whether its official checks disagree among themselves; and every requirement row of
//    docs/conformance/requirements.md. Exits 1 when a record or a requirement row disagrees.
// 2. Timing: a full `mcp-eval conformance --url` run vs the official suite's full server run at the
//    same revisions, rounds interleaved (order alternating); medians, the ratio (target ≤ 0.5), and
//    the load average.
//
// Only check ids, statuses and labels are printed: the suite's messages can quote the server.
//
// Usage: pnpm build && node bench/official-conformance.mjs [rounds] [--server reference|everything|both]
//   (default 5 rounds, both servers; 0 rounds: the cross-check only)
import { readFileSync } from 'node:fs';

import { conformanceChecks } from '@mcp-eval/core';
import { startEverythingHttp, startHttpFixture } from '@mcp-eval/fixture-servers';

import { loadAverageSpan } from './load-average.mjs';
import { PAIRS, SCENARIOS, UNPAIRED } from './official-conformance-pairs.mjs';
import { printManyToOne, printNotes, printPairs, printRecords, printRequirements, printSummary } from './official-conformance-print.mjs';
import { declaredCapabilities, ERA_OF, install, mcpEvalRun, officialRun, SUITE } from './official-conformance-runs.mjs';
import { byRecord, byRequirement, exclusion, officialVerdict, pairOutcome } from './official-conformance-tally.mjs';

const REVISIONS = ['2025-11-25', '2026-07-28'];
/** Each assertion's definition by id (its `requirements` are the rows it cites). */
const DEFINITIONS = Object.fromEntries(conformanceChecks.map((definition) => [definition.id, definition]));
const SERVERS = {
  reference: { name: 'reference fixture', start: () => startHttpFixture('reference') },
  everything: { name: 'server-everything', start: () => startEverythingHttp() },
};

/** Row key → level (MUST, SHOULD, text), read from the requirements page. */
function requirementLevels() {
  const page = readFileSync(new URL('../docs/conformance/requirements.md', import.meta.url), 'utf8');
  return Object.fromEntries([...page.matchAll(/^\| ([LM]\d+) \| [^|]+ \| (MUST|SHOULD|text) \|/gm)].map((m) => [m[1], m[2]]));
}

/** A pair naming an assertion that does not exist or a row it does not cite is a bug in the table. */
function checkPairs(levels) {
  for (const [id, pair] of Object.entries(PAIRS)) {
    const requirements = DEFINITIONS[pair.assertion]?.requirements;
    if (!requirements) throw new Error(`pair ${id}: no assertion ${pair.assertion}`);
    for (const row of pair.rows) {
      if (!requirements.includes(row)) throw new Error(`pair ${id}: ${pair.assertion} does not cite ${row}`);
      if (!levels[row]) throw new Error(`pair ${id}: ${row} is not a row of docs/conformance/requirements.md`);
    }
  }
}

/** Every no-diagnostic-tool scenario at each revision, paired. */
async function crossCheck(url, ours, revisions) {
  const gated = [...new Set(Object.values(PAIRS).flatMap((p) => (p.gated ? [p.gated] : [])))];
  const rows = [];
  for (const revision of revisions) {
    const declared = await declaredCapabilities(url, revision, gated);
    const shown = declared ? gated.map((g) => `${g} ${declared[g] ? 'yes' : 'no'}`).join(', ') : 'unknown (no connection)';
    console.log(`declared at ${revision}: ${shown}`);
    for (const [scenario, applies] of Object.entries(SCENARIOS)) {
      if (!applies.includes(revision)) continue;
      const entries = Object.values(officialRun(url, revision, scenario).checks).flat();
      const ids = [...new Set(entries.map((c) => c.id))];
      const era = ERA_OF[revision];
      for (const id of ids) {
        const pair = PAIRS[`${id}@${revision}`] ?? PAIRS[id];
        if (!pair) continue;
        const official = officialVerdict(entries.filter((c) => c.id === id));
        const record = ours.records[`${pair.assertion}@${era}`];
        const row = { scenario, revision, era, id, pair, official, record, excluded: exclusion(pair, official, record, declared) };
        rows.push({ ...row, pairOutcome: pairOutcome(row) });
      }
      const unpaired = ids.filter((id) => !(PAIRS[`${id}@${revision}`] ?? PAIRS[id]));
      console.log(`scenario ${scenario} @ ${revision}: ${ids.length} checks, ${ids.length - unpaired.length} paired with an assertion`);
      for (const id of unpaired) console.log(`  not paired: ${id} (${UNPAIRED[id] ?? 'no reason recorded'})`);
    }
  }
  return rows;
}

/** Full runs, interleaved, order alternating; the official side at the revisions compared. */
function timing(url, revisions, rounds, cases) {
  const times = { ours: [], official: [] };
  let officialChecks = 0;
  const span = loadAverageSpan();
  for (let round = 0; round < rounds; round += 1) {
    const runOfficial = () => {
      const runs = revisions.map((revision) => officialRun(url, revision));
      officialChecks = runs.reduce((n, run) => n + Object.values(run.checks).flat().length, 0);
      times.official.push(runs.reduce((ms, run) => ms + run.ms, 0));
    };
    const runOurs = () => times.ours.push(mcpEvalRun(url).ms);
    if (round % 2 === 0) {
      runOurs();
      runOfficial();
    } else {
      runOfficial();
      runOurs();
    }
    console.log(`round ${round + 1}: mcp-eval ${times.ours.at(-1).toFixed(0)} ms, official ${times.official.at(-1).toFixed(0)} ms`);
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const ratio = median(times.ours) / median(times.official);
  console.log(
    `median of ${rounds}: mcp-eval conformance ${median(times.ours).toFixed(0)} ms (${cases} records) vs official server run ` +
      `${median(times.official).toFixed(0)} ms (${officialChecks} checks, ${revisions.join(' + ')}): ratio ${ratio.toFixed(2)} (target ≤ 0.5)`,
  );
  console.log(span.line());
}

async function benchServer({ name, start }, rounds, levels) {
  console.log(`\n=== ${name} (official suite ${SUITE}) ===`);
  const server = await start();
  try {
    const ours = mcpEvalRun(server.url);
    const revisions = REVISIONS.filter((revision) => ours.eras.has(ERA_OF[revision]));
    for (const revision of REVISIONS.filter((r) => !revisions.includes(r))) {
      const discover = ours.records['discover-versions@legacy'] ?? ours.records[`discover-versions@${ERA_OF[revision]}`];
      const why = discover ? `discover-versions ${discover.status} (${discover.label})` : 'no record of that era';
      console.log(`${revision}: not compared: mcp-eval conformance (--protocol auto) ran no ${ERA_OF[revision]} era here (${why})`);
    }
    const rows = await crossCheck(server.url, ours, revisions);
    const records = byRecord(rows);
    const requirements = byRequirement(rows, DEFINITIONS, levels);
    printPairs(rows);
    printManyToOne(records);
    printRecords(records);
    printRequirements(requirements);
    printNotes(rows);
    printSummary(name, rows, records, requirements);
    if (rounds > 0) timing(server.url, revisions, rounds, ours.cases);
    const disagree = (list) => list.filter((x) => x.outcome === 'DISAGREE').length;
    return { records: disagree(records), requirements: disagree(requirements) };
  } finally {
    await server.close();
  }
}

const args = process.argv.slice(2);
const serverAt = args.indexOf('--server');
const which = serverAt === -1 ? 'both' : args.splice(serverAt, 2)[1];
if (which !== 'both' && !SERVERS[which]) throw new Error('--server takes reference, everything or both');
const rounds = Number(args[0] ?? 5);
const levels = requirementLevels();
checkPairs(levels);
install();
const span = loadAverageSpan();
const total = { records: 0, requirements: 0 };
for (const key of which === 'both' ? Object.keys(SERVERS) : [which]) {
  const found = await benchServer(SERVERS[key], rounds, levels);
  total.records += found.records;
  total.requirements += found.requirements;
}
console.log(`\ndisagreements in all: ${total.records} records, ${total.requirements} requirement rows; ${span.line()}`);
if (total.records + total.requirements > 0) process.exitCode = 1;
