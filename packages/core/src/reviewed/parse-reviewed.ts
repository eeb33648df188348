import type { ManifestError } from '../manifest/manifest-error.js';
import type { CheckKind } from '../record.js';
import { isValidToolName } from '../tool-name.js';
import type { EntryListFormat } from './parse-entry-list.js';
import { parseEntryList } from './parse-entry-list.js';
import type { ReviewedEntry } from './reviewed-entry.js';
import { REVIEWED_MAX_ENTRIES } from './reviewed-entry.js';

export type ReviewedResult =
  { readonly ok: true; readonly entries: readonly ReviewedEntry[] } | { readonly ok: false; readonly errors: readonly ManifestError[] };

const FAMILIES: readonly CheckKind[] = ['dimension', 'probe', 'conformance', 'lint', 'behavior', 'drift'];
const ENTRY_KEYS = ['family', 'check', 'tool', 'model', 'justification', 'expires'];
const CHECK_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const MODEL_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day in `YYYY-MM-DD` (YAML may already have turned it into a Date). */
function isoDate(value: unknown): string | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString().slice(0, 10);
  if (typeof value !== 'string' || !ISO_DAY.test(value)) return undefined;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value ? value : undefined;
}

/** The reviewed file's format: a YAML list of entries, each naming a family's check. */
const REVIEWED_FORMAT: EntryListFormat<ReviewedEntry> = {
  place: {
    root: 'list',
    notAList: 'a reviewed file is a list of entries with family, check, justification and optionally tool, model and expires',
  },
  maxEntries: {
    count: REVIEWED_MAX_ENTRIES,
    message: `a reviewed file holds at most ${REVIEWED_MAX_ENTRIES} entries (REVIEWED_MAX_ENTRIES)`,
  },
  notAnEntry: 'each entry must be a mapping with family, check and justification',
  keys: ENTRY_KEYS,
  required: ['family', 'check', 'justification'],
  unknownKey: (key) => `unknown key \`${key}\` (expected family, check, tool, model, justification, expires)`,
  emptyJustification: '`justification` must say why the finding is a false positive (a non-empty string)',
  validate: (entry, problem) => {
    const { family, check, tool, model } = entry;
    if (Object.hasOwn(entry, 'family') && !FAMILIES.includes(family as CheckKind))
      problem('family', `\`family\` must be one of ${FAMILIES.join(', ')}`);
    if (Object.hasOwn(entry, 'check') && (typeof check !== 'string' || !CHECK_ID.test(check) || check.length > 100))
      problem('check', '`check` must be a check id (kebab-case, as the report names it)');
    if (Object.hasOwn(entry, 'tool') && !isValidToolName(tool))
      problem('tool', '`tool` must be an MCP tool name (1-128 characters from A-Z a-z 0-9 _ - . /)');
    if (Object.hasOwn(entry, 'model') && (typeof model !== 'string' || !MODEL_ID.test(model)))
      problem('model', "`model` must be a model column's id");
    if (Object.hasOwn(entry, 'expires') && isoDate(entry.expires) === undefined)
      problem('expires', '`expires` must be a calendar date, YYYY-MM-DD');
  },
  toEntry: (entry, justification, location) => {
    const expires = isoDate(entry.expires);
    return {
      family: entry.family as CheckKind,
      check: entry.check as string,
      ...(entry.tool === undefined ? {} : { tool: entry.tool as string }),
      ...(entry.model === undefined ? {} : { model: entry.model as string }),
      justification,
      ...(expires === undefined ? {} : { expires }),
      location,
    };
  },
  identity: (entry) => [entry.family, entry.check, entry.tool ?? '', entry.model ?? ''].join('\u0000'),
  duplicate: (entry, first) => `duplicate entry for ${entry.family} ${entry.check} (first at line ${first.line})`,
};

/**
 * Parses a reviewed file, a YAML list:
 *
 *   - family: conformance
 *     check: origin-validation
 *     justification: Bound to loopback behind the gateway, which checks Origin.
 *     expires: 2027-06-30
 *
 * Never throws on bad input; every problem comes back located (`file:line:column`): YAML syntax,
 * an unbounded alias expansion, unknown or missing keys, an unknown family, a malformed check id,
 * tool name or model id, an empty justification, a date that is not a calendar day, a repeated
 * entry, more than REVIEWED_MAX_ENTRIES entries. An empty file reviews nothing. Whether a check id
 * names a real check is not asked here: an entry that matches no record is reported stale.
 */
export function parseReviewed(text: string, file: string): ReviewedResult {
  return parseEntryList(text, file, REVIEWED_FORMAT);
}
