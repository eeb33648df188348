// How the official checks and MCP Eval's records compare, at three grains: each pair (an official
// check of one scenario run against the record of its assertion), each distinct MCP Eval record
// (counted once, however many official checks map onto it), and each requirement row.
import { FAILURE_ROWS } from './official-conformance-pairs.mjs';

/** An official check's verdict over its entries: pass, fail, not-testable (needs a diagnostic tool), or other (INFO, WARNING, SKIPPED). */
export function officialVerdict(entries) {
  if (entries.some((c) => c.status === 'FAILURE' && !c.notTestable)) return 'fail';
  if (entries.some((c) => c.status === 'FAILURE')) return 'not-testable';
  if (entries.every((c) => c.status === 'SUCCESS')) return 'pass';
  return 'other';
}

/** Why a pair cannot be compared, 'n/a' when neither side applies, or undefined when it can. */
export function exclusion(pair, official, record, declared) {
  if (record === undefined) return 'no mcp-eval record';
  if (official === 'not-testable') return record.status === 'skip' ? 'n/a' : 'official not testable (needs its diagnostic tool)';
  if (pair.gated && declared?.[pair.gated] === false) return `${pair.gated} not declared: the suite sends it anyway, mcp-eval does not`;
  if (pair.fixtureName && official === 'fail') return `official names the suite's ${pair.fixtureName}`;
  if (official === 'other') return 'official INFO, WARNING or SKIPPED';
  if (record.status === 'error') return `mcp-eval error (${record.label})`;
  return undefined;
}

/** One pair's outcome, from its exclusion and the two verdicts. */
export function pairOutcome(row) {
  if (row.excluded === 'n/a') return { kind: 'agree', text: 'agree (both not applicable)' };
  if (row.excluded) return { kind: 'n/c', text: `not comparable: ${row.excluded}` };
  return row.official === row.record.status ? { kind: 'agree', text: 'agree' } : { kind: 'disagree', text: 'DISAGREE' };
}

const eraPrefix = { legacy: 'L', modern: 'M' };

/** The assertion's verdict on one row: the record's, or for a failing record citing several rows, the row its label breaks. */
function recordOnRow(record, assertion, row, era, definitions) {
  if (record === undefined) return { verdict: 'n/c', why: 'no mcp-eval record' };
  if (record.status === 'error') return { verdict: 'n/c', why: `mcp-eval error (${record.label})` };
  if (record.status !== 'fail') return { verdict: record.status };
  const rows = definitions[assertion].requirements.filter((r) => r.startsWith(eraPrefix[era]));
  if (rows.length === 1) return { verdict: 'fail' };
  const broken = FAILURE_ROWS[assertion]?.[record.label];
  if (broken === row) return { verdict: 'fail' };
  if (broken) return { verdict: 'n/c', why: `${assertion} stops at its first failure, on ${broken} (${record.label})` };
  return { verdict: 'n/c', why: `${assertion} fails with ${record.label}, not attributed to one of ${rows.join(', ')}` };
}

/** fail when any side-verdict fails, pass when all pass. */
const combine = (verdicts) => (verdicts.includes('fail') ? 'fail' : 'pass');

function split(verdicts) {
  const pass = verdicts.filter((v) => v === 'pass').length;
  const fail = verdicts.filter((v) => v === 'fail').length;
  return pass > 0 && fail > 0 ? `${pass} pass, ${fail} fail` : undefined;
}

/** Official side of a group of pairs: the verdicts of its comparable pairs, or why there are none. */
function officialSide(group) {
  const comparable = group.filter((r) => r.excluded === undefined);
  if (comparable.length > 0) {
    const verdicts = comparable.map((r) => r.official);
    return { verdict: combine(verdicts), split: split(verdicts) };
  }
  if (group.some((r) => r.excluded === 'n/a')) return { verdict: 'n/a' };
  return { verdict: 'n/c', why: [...new Set(group.map((r) => r.excluded))].join('; ') };
}

function outcome(official, ours) {
  if (official.verdict === 'n/a') return ours.verdict === 'skip' ? 'agree (both not applicable)' : 'not comparable: official not testable';
  if (official.verdict === 'n/c') return `not comparable: ${official.why}`;
  if (ours.verdict === 'n/c') return `not comparable: ${ours.why}`;
  return official.verdict === ours.verdict ? 'agree' : 'DISAGREE';
}

/** Each distinct record once: every official check mapped onto it, combined. */
export function byRecord(rows) {
  const groups = new Map();
  for (const r of rows) {
    const key = `${r.pair.assertion}@${r.era}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups].map(([key, group]) => {
    const record = group[0].record;
    const official = officialSide(group);
    const ours = record === undefined ? { verdict: 'n/c', why: 'no mcp-eval record' } : { verdict: record.status };
    const checks = new Map();
    for (const r of group) checks.set(r.id, [...(checks.get(r.id) ?? []), r.official]);
    return { key, record, group, checks, official, outcome: outcome(official, ours) };
  });
}

/** Each requirement row: the official checks that test it against the assertions' verdicts on it. */
export function byRequirement(rows, definitions, levels) {
  const groups = new Map();
  for (const r of rows) {
    for (const row of r.pair.rows.filter((k) => k.startsWith(eraPrefix[r.era]))) groups.set(row, [...(groups.get(row) ?? []), r]);
  }
  return [...groups]
    .sort(([a], [b]) => a[0].localeCompare(b[0]) || Number(a.slice(1)) - Number(b.slice(1)))
    .map(([row, group]) => {
      const official = officialSide(group);
      const perAssertion = new Map(group.map((r) => [r.pair.assertion, recordOnRow(r.record, r.pair.assertion, row, r.era, definitions)]));
      const sides = [...perAssertion.values()];
      const unknown = sides.find((s) => s.verdict === 'n/c');
      let ours;
      if (sides.some((s) => s.verdict === 'fail')) ours = { verdict: 'fail' };
      else if (unknown) ours = unknown;
      else ours = { verdict: sides.every((s) => s.verdict === 'skip') ? 'skip' : 'pass' };
      return { row, level: levels[row] ?? '?', group, perAssertion, official, ours, outcome: outcome(official, ours) };
    });
}

/** agree / disagree / not comparable counts of a list of outcome strings. */
export function counts(outcomes) {
  const agree = outcomes.filter((o) => o.startsWith('agree')).length;
  const disagree = outcomes.filter((o) => o === 'DISAGREE').length;
  return { agree, disagree, other: outcomes.length - agree - disagree };
}
