import { isRecord } from '@mcp-eval/protocol';

import type { ManifestError } from '../manifest/manifest-error.js';
import { sortManifestErrors } from '../manifest/manifest-error.js';
import { readYamlData } from '../manifest/read-yaml-data.js';
import type { CheckKind, SourceLocation } from '../record.js';
import { isValidToolName } from '../tool-name.js';
import type { ReviewedEntry } from './reviewed-entry.js';
import { REVIEWED_MAX_ENTRIES } from './reviewed-entry.js';

export type ReviewedResult =
  { readonly ok: true; readonly entries: readonly ReviewedEntry[] } | { readonly ok: false; readonly errors: readonly ManifestError[] };

const FAMILIES: readonly CheckKind[] = ['dimension', 'probe', 'conformance', 'lint', 'behavior', 'drift'];
const ENTRY_KEYS = ['family', 'check', 'tool', 'model', 'justification', 'expires'];
const REQUIRED_KEYS = ['family', 'check', 'justification'];
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
  const read = readYamlData(text, file);
  if (!read.ok) return read;
  const { data, locator } = read;
  if (data === null) return { ok: true, entries: [] };
  const errors: ManifestError[] = [];
  const at = (path: (string | number)[], message: string, key = false): void => {
    errors.push({ file, ...(key ? locator.key(path) : locator.value(path)), message });
  };
  if (!Array.isArray(data)) {
    at([], 'a reviewed file is a list of entries with family, check, justification and optionally tool, model and expires');
    return { ok: false, errors };
  }
  if (data.length > REVIEWED_MAX_ENTRIES) {
    at([REVIEWED_MAX_ENTRIES], `a reviewed file holds at most ${REVIEWED_MAX_ENTRIES} entries (REVIEWED_MAX_ENTRIES)`);
    return { ok: false, errors };
  }
  const firstSeen = new Map<string, SourceLocation>();
  const entries: ReviewedEntry[] = [];
  data.forEach((entry: unknown, i) => {
    const path = [i];
    const location: SourceLocation = { file, ...locator.value(path) };
    if (!isRecord(entry)) {
      at(path, 'each entry must be a mapping with family, check and justification');
      return;
    }
    const before = errors.length;
    for (const key of Object.keys(entry)) {
      if (!ENTRY_KEYS.includes(key))
        at([i, key], `unknown key \`${key}\` (expected family, check, tool, model, justification, expires)`, true);
    }
    for (const key of REQUIRED_KEYS) if (!Object.hasOwn(entry, key)) at(path, `missing \`${key}\``);
    const { family, check, tool, model, justification } = entry;
    if (Object.hasOwn(entry, 'family') && !FAMILIES.includes(family as CheckKind))
      at([i, 'family'], `\`family\` must be one of ${FAMILIES.join(', ')}`);
    if (Object.hasOwn(entry, 'check') && (typeof check !== 'string' || !CHECK_ID.test(check) || check.length > 100)) {
      at([i, 'check'], '`check` must be a check id (kebab-case, as the report names it)');
    }
    if (Object.hasOwn(entry, 'tool') && !isValidToolName(tool))
      at([i, 'tool'], '`tool` must be an MCP tool name (1-128 characters from A-Z a-z 0-9 _ - . /)');
    if (Object.hasOwn(entry, 'model') && (typeof model !== 'string' || !MODEL_ID.test(model)))
      at([i, 'model'], "`model` must be a model column's id");
    if (Object.hasOwn(entry, 'justification') && (typeof justification !== 'string' || justification.trim() === '')) {
      at([i, 'justification'], '`justification` must say why the finding is a false positive (a non-empty string)');
    }
    const expires = Object.hasOwn(entry, 'expires') ? isoDate(entry.expires) : undefined;
    if (Object.hasOwn(entry, 'expires') && expires === undefined) at([i, 'expires'], '`expires` must be a calendar date, YYYY-MM-DD');
    if (errors.length > before) return;
    const parsed: ReviewedEntry = {
      family: family as CheckKind,
      check: check as string,
      ...(tool === undefined ? {} : { tool: tool as string }),
      ...(model === undefined ? {} : { model: model as string }),
      justification: (justification as string).trim(),
      ...(expires === undefined ? {} : { expires }),
      location,
    };
    const key = [parsed.family, parsed.check, parsed.tool ?? '', parsed.model ?? ''].join('\u0000');
    const first = firstSeen.get(key);
    if (first !== undefined) {
      at(path, `duplicate entry for ${parsed.family} ${parsed.check} (first at line ${first.line})`);
      return;
    }
    firstSeen.set(key, location);
    entries.push(parsed);
  });
  return errors.length > 0 ? { ok: false, errors: sortManifestErrors(errors) } : { ok: true, entries };
}
