import { isRecord } from '@mcp-eval/protocol';
import type { ManifestError } from '../../manifest/manifest-error.js';
import { sortManifestErrors } from '../../manifest/manifest-error.js';
import { readYamlData } from '../../manifest/read-yaml-data.js';
import type { RecordEra, SourceLocation } from '../../record.js';

/** The largest expected-failures file read (`--expected-failures`): a list of assertion ids needs far less. */
export const MAX_EXPECTED_FAILURES_BYTES = 1_048_576;

const ERAS: readonly RecordEra[] = ['modern', 'legacy'];
const TRANSPORTS = ['stdio', 'http'] as const;
type EntryTransport = (typeof TRANSPORTS)[number];

/**
 * One accepted failure: this assertion fails on this server, for this reason. Without `era` or
 * `transport` it applies to every era or transport. The justification stays in the file: reports
 * carry only the labels it leads to.
 */
export interface ExpectedFailure {
  readonly id: string;
  readonly era?: RecordEra;
  readonly transport?: EntryTransport;
  readonly justification: string;
  /** Where the entry starts in the file. */
  readonly location: SourceLocation;
}

export type ExpectedFailuresResult =
  { readonly ok: true; readonly entries: readonly ExpectedFailure[] } | { readonly ok: false; readonly errors: readonly ManifestError[] };

const ENTRY_KEYS = ['id', 'era', 'transport', 'justification'];

/**
 * Parses an expected-failures file, a YAML list of entries:
 *
 *   - id: unsupported-version-error
 *     era: modern
 *     transport: stdio
 *     justification: The SDK's serveStdio checks the version of the first request only (upstream #123).
 *
 * Never throws on bad input; every problem comes back as `file:line:column`: YAML syntax, an alias
 * expansion past the manifest's bounds, unknown keys, an id that names no conformance assertion,
 * an unknown era or transport, a missing or empty justification, an entry that repeats another
 * (same id, era and transport). An empty file accepts nothing.
 */
export function parseExpectedFailures(text: string, file: string, ids: readonly string[]): ExpectedFailuresResult {
  const read = readYamlData(text, file);
  if (!read.ok) return read;
  const { data, locator } = read;
  if (data === null) return { ok: true, entries: [] };

  const errors: ManifestError[] = [];
  const at = (path: (string | number)[], message: string, key = false): void => {
    errors.push({ file, ...(key ? locator.key(path) : locator.value(path)), message });
  };
  if (!Array.isArray(data)) {
    at([], 'an expected-failures file is a list of entries with id, justification and optionally era and transport');
    return { ok: false, errors: sortManifestErrors(errors) };
  }
  const known = new Set(ids);
  const firstSeen = new Map<string, SourceLocation>();
  const entries: ExpectedFailure[] = [];
  data.forEach((entry: unknown, i) => {
    const path = [i];
    const location: SourceLocation = { file, ...locator.value(path) };
    if (!isRecord(entry)) {
      at(path, 'each expected failure must be a mapping with id and justification');
      return;
    }
    const before = errors.length;
    for (const key of Object.keys(entry)) {
      if (!ENTRY_KEYS.includes(key)) at([...path, key], `unknown key \`${key}\` (expected id, era, transport and justification)`, true);
    }
    for (const key of ['id', 'justification']) if (!Object.hasOwn(entry, key)) at(path, `missing \`${key}\``);
    const { id, era, transport, justification } = entry;
    if (Object.hasOwn(entry, 'id') && (typeof id !== 'string' || !known.has(id))) {
      // The id is printed only once it is known to be one of ours.
      at([...path, 'id'], '`id` must name a conformance assertion (see `mcp-eval probes`)');
    }
    if (Object.hasOwn(entry, 'era') && !ERAS.includes(era as RecordEra)) at([...path, 'era'], '`era` must be modern or legacy');
    if (Object.hasOwn(entry, 'transport') && !TRANSPORTS.includes(transport as EntryTransport))
      at([...path, 'transport'], '`transport` must be stdio or http');
    if (Object.hasOwn(entry, 'justification') && (typeof justification !== 'string' || justification.trim() === '')) {
      at([...path, 'justification'], '`justification` must say why the failure is accepted (a non-empty string)');
    }
    if (errors.length > before) return;
    const accepted: ExpectedFailure = {
      id: id as string,
      ...(era === undefined ? {} : { era: era as RecordEra }),
      ...(transport === undefined ? {} : { transport: transport as EntryTransport }),
      justification: (justification as string).trim(),
      location,
    };
    const key = `${accepted.id}\u0000${accepted.era ?? '*'}\u0000${accepted.transport ?? '*'}`;
    const first = firstSeen.get(key);
    if (first !== undefined) {
      at(path, `duplicate expected failure of ${accepted.id} (first at line ${first.line})`);
      return;
    }
    firstSeen.set(key, location);
    entries.push(accepted);
  });
  return errors.length > 0 ? { ok: false, errors: sortManifestErrors(errors) } : { ok: true, entries };
}
