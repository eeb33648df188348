import { isRecord } from '@mcp-eval/protocol';
import type { ManifestError } from '../manifest/manifest-error.js';
import { sortManifestErrors } from '../manifest/manifest-error.js';
import { readYamlData } from '../manifest/read-yaml-data.js';
import type { SourceLocation } from '../record.js';
import type { ReviewedEntry } from './reviewed-entry.js';

/** Reports one problem at an entry's key (`key` true: the key itself, else its value). */
export type EntryProblem = (key: string, message: string, atKey?: boolean) => void;

/** Where a format keeps its list: the whole file, or one key of a mapping. */
type ListPlace =
  | { readonly root: 'list'; readonly notAList: string }
  | { readonly root: 'mapping'; readonly key: string; readonly notAMapping: string; readonly notAList: string };

/**
 * One file format of accepted failures, as the shared parser reads it: its keys and messages, the
 * checks of its own fields, and how an entry becomes a reviewed entry. The reviewed file, and the
 * deprecated suppression and expected-failures files, are each one of these.
 */
export interface EntryListFormat<E extends ReviewedEntry> {
  readonly place: ListPlace;
  readonly maxEntries?: { readonly count: number; readonly message: string };
  readonly notAnEntry: string;
  readonly keys: readonly string[];
  readonly required: readonly string[];
  readonly unknownKey: (key: string) => string;
  readonly emptyJustification: string;
  /** Checks the format's own fields; a problem reported here drops the entry. */
  readonly validate: (entry: Readonly<Record<string, unknown>>, problem: EntryProblem) => void;
  /** The valid entry as a reviewed entry (its justification already trimmed). */
  readonly toEntry: (entry: Readonly<Record<string, unknown>>, justification: string, location: SourceLocation) => E;
  /** Two entries with one identity repeat each other: the second is an error. */
  readonly identity: (entry: E) => string;
  readonly duplicate: (entry: E, first: SourceLocation) => string;
}

export type EntryListResult<E extends ReviewedEntry> =
  { readonly ok: true; readonly entries: readonly E[] } | { readonly ok: false; readonly errors: readonly ManifestError[] };

/**
 * The one skeleton every accepted-failure file is read with. Never throws on bad input; every
 * problem comes back located (`file:line:column`): YAML syntax, an unbounded alias expansion, the
 * wrong shape, unknown or missing keys, the format's own field problems, an empty justification, a
 * repeated entry. An empty file accepts nothing.
 */
export function parseEntryList<E extends ReviewedEntry>(text: string, file: string, format: EntryListFormat<E>): EntryListResult<E> {
  const read = readYamlData(text, file);
  if (!read.ok) return read;
  const { data, locator } = read;
  if (data === null) return { ok: true, entries: [] };
  const errors: ManifestError[] = [];
  const at = (path: readonly (string | number)[], message: string, key = false): void => {
    errors.push({ file, ...(key ? locator.key([...path]) : locator.value([...path])), message });
  };
  const failed = (): EntryListResult<E> => ({ ok: false, errors: sortManifestErrors(errors) });
  const { place } = format;
  let list: unknown = data;
  let prefix: readonly string[] = [];
  if (place.root === 'mapping') {
    if (!isRecord(data)) {
      at([], place.notAMapping);
      return failed();
    }
    for (const key of Object.keys(data)) if (key !== place.key) at([key], `unknown key \`${key}\` (expected \`${place.key}\`)`, true);
    list = data[place.key] ?? [];
    prefix = [place.key];
  }
  if (!Array.isArray(list)) {
    at(prefix, place.notAList);
    return failed();
  }
  if (format.maxEntries !== undefined && list.length > format.maxEntries.count) {
    at([...prefix, format.maxEntries.count], format.maxEntries.message);
    return failed();
  }
  const firstSeen = new Map<string, SourceLocation>();
  const entries: E[] = [];
  list.forEach((entry: unknown, i) => {
    const path = [...prefix, i];
    const location: SourceLocation = { file, ...locator.value(path) };
    if (!isRecord(entry)) {
      at(path, format.notAnEntry);
      return;
    }
    const before = errors.length;
    for (const key of Object.keys(entry)) if (!format.keys.includes(key)) at([...path, key], format.unknownKey(key), true);
    for (const key of format.required) if (!Object.hasOwn(entry, key)) at(path, `missing \`${key}\``);
    format.validate(entry, (key, message, atKey = false) => at([...path, key], message, atKey));
    const { justification } = entry;
    if (Object.hasOwn(entry, 'justification') && (typeof justification !== 'string' || justification.trim() === ''))
      at([...path, 'justification'], format.emptyJustification);
    if (errors.length > before) return;
    const parsed = format.toEntry(entry, (justification as string).trim(), location);
    const identity = format.identity(parsed);
    const first = firstSeen.get(identity);
    if (first !== undefined) {
      at(path, format.duplicate(parsed, first));
      return;
    }
    firstSeen.set(identity, location);
    entries.push(parsed);
  });
  return errors.length > 0 ? failed() : { ok: true, entries };
}
