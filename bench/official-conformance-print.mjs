// Printing for official-conformance.mjs: the pairs, the many-to-one mappings, the records and the
// requirement rows. Only check ids, assertion ids, row keys, statuses and labels are printed.
import { counts } from './official-conformance-tally.mjs';

const tally = (items) => {
  const c = counts(items.map((i) => i.outcome ?? i.pairOutcome.text));
  return `${c.agree} agree, ${c.disagree} disagree, ${c.other} not comparable`;
};

export function printPairs(rows) {
  console.log('\npairs: official check (scenario @ revision) → mcp-eval assertion [era] {rows}: official / mcp-eval → outcome');
  for (const r of rows) {
    const rowKeys = r.pair.rows.filter((k) => k.startsWith(r.era === 'legacy' ? 'L' : 'M'));
    const rowsText = rowKeys.length > 0 ? rowKeys.join(' ') : 'no row';
    const mine = r.record === undefined ? 'none' : `${r.record.status} (${r.record.label})`;
    console.log(
      `  ${r.id} (${r.scenario} @ ${r.revision}) → ${r.pair.assertion} [${r.era}] {${rowsText}}: ${r.official} / ${mine} → ${r.pairOutcome.text}`,
    );
  }
}

/** Every record that more than one pair maps onto: which checks, how often, their verdicts. */
export function printManyToOne(records) {
  const many = records.filter((r) => r.group.length > 1);
  console.log(`\nmany-to-one: ${many.length} of ${records.length} records have more than one official check run mapped onto them`);
  for (const r of many) {
    const checks = [...r.checks].map(([id, verdicts]) => {
      const seen = [...new Set(verdicts)];
      const byVerdict = seen.map((v) => {
        const n = verdicts.filter((x) => x === v).length;
        return n > 1 ? `${v} ×${n}` : v;
      });
      const role = r.group.find((g) => g.id === id)?.pair.role;
      return `${id} (${byVerdict.join(', ')})${role ? ' [no row of its own]' : ''}`;
    });
    const among = r.official.split ? `official checks split among themselves: ${r.official.split}` : 'official checks consistent';
    const mine = r.record === undefined ? 'none' : `${r.record.status} (${r.record.label})`;
    console.log(`  ${r.key} ← ${r.group.length} runs of ${r.checks.size} checks: ${checks.join('; ')}`);
    console.log(`      ${among}; combined ${r.official.verdict} / mcp-eval ${mine} → ${r.outcome}`);
  }
}

export function printRecords(records) {
  console.log('\nper distinct record (each counted once; official: fail if any comparable mapped check fails):');
  for (const r of records) {
    const mine = r.record === undefined ? 'none' : `${r.record.status} (${r.record.label})`;
    console.log(`  ${r.key}: official ${r.official.verdict} (${r.group.length} runs) / mcp-eval ${mine} → ${r.outcome}`);
  }
}

export function printRequirements(requirements) {
  console.log('\nper requirement row (docs/conformance/requirements.md; controls and preconditions have no row):');
  for (const q of requirements) {
    const checks = [...new Set(q.group.map((g) => g.id))].join(', ');
    const ours = [...q.perAssertion].map(([a, s]) => `${a} ${s.verdict}`).join(', ');
    console.log(`  ${q.row} (${q.level}): official ${q.official.verdict} [${checks}] / mcp-eval ${ours} → ${q.outcome}`);
  }
}

/** The differences in method the pairs carry, once per check. */
export function printNotes(rows) {
  const notes = new Map();
  for (const r of rows) {
    if (r.pair.note) notes.set(r.id, r.pair.note);
    if (r.pair.role) notes.set(r.id, r.pair.role);
  }
  if (notes.size === 0) return;
  console.log('\nwhere a pair measures differently:');
  for (const [id, note] of notes) console.log(`  ${id}: ${note}`);
}

export function printSummary(name, rows, records, requirements) {
  const must = requirements.filter((q) => q.level === 'MUST');
  console.log(`\n${name}: summary`);
  console.log(`  ${rows.length} pairs (not independent: many map onto one record): ${tally(rows)}`);
  console.log(`  ${records.length} distinct records: ${tally(records)}`);
  console.log(`  ${requirements.length} requirement rows: ${tally(requirements)} (MUST rows: ${must.length}, ${tally(must)})`);
}
