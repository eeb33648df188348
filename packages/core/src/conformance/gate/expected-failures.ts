import type { ManifestError } from '../../manifest/manifest-error.js';
import type { RecordEra } from '../../record.js';
import type { EntryListFormat } from '../../reviewed/parse-entry-list.js';
import { parseEntryList } from '../../reviewed/parse-entry-list.js';
import type { ReviewedEntry } from '../../reviewed/reviewed-entry.js';

/** The largest expected-failures file read (`--expected-failures`): a list of assertion ids needs far less. */
export const MAX_EXPECTED_FAILURES_BYTES = 1_048_576;

const ERAS: readonly RecordEra[] = ['modern', 'legacy'];
const TRANSPORTS = ['stdio', 'http'] as const;
type EntryTransport = (typeof TRANSPORTS)[number];

/**
 * One accepted failure (deprecated: the reviewed file's conformance entries replace it): the
 * reviewed entry `{ family: conformance, check: <assertion id> }`, narrowed to one era or transport
 * when given. The justification stays in the file: reports carry only the labels it leads to.
 */
export interface ExpectedFailure extends ReviewedEntry {
  readonly family: 'conformance';
  readonly era?: RecordEra;
  readonly transport?: EntryTransport;
}

export type ExpectedFailuresResult =
  { readonly ok: true; readonly entries: readonly ExpectedFailure[] } | { readonly ok: false; readonly errors: readonly ManifestError[] };

const ENTRY_KEYS = ['id', 'era', 'transport', 'justification'];

/** The expected-failures format: `id` is the entry's check, `era` and `transport` narrow it. */
function expectedFailuresFormat(ids: readonly string[]): EntryListFormat<ExpectedFailure> {
  const known = new Set(ids);
  return {
    place: {
      root: 'list',
      notAList: 'an expected-failures file is a list of entries with id, justification and optionally era and transport',
    },
    notAnEntry: 'each expected failure must be a mapping with id and justification',
    keys: ENTRY_KEYS,
    required: ['id', 'justification'],
    unknownKey: (key) => `unknown key \`${key}\` (expected id, era, transport and justification)`,
    emptyJustification: '`justification` must say why the failure is accepted (a non-empty string)',
    validate: (entry, problem) => {
      const { id, era, transport } = entry;
      // The id is printed only once it is known to be one of ours.
      if (Object.hasOwn(entry, 'id') && (typeof id !== 'string' || !known.has(id)))
        problem('id', '`id` must name a conformance assertion (see `mcp-eval probes`)');
      if (Object.hasOwn(entry, 'era') && !ERAS.includes(era as RecordEra)) problem('era', '`era` must be modern or legacy');
      if (Object.hasOwn(entry, 'transport') && !TRANSPORTS.includes(transport as EntryTransport))
        problem('transport', '`transport` must be stdio or http');
    },
    toEntry: (entry, justification, location) => ({
      family: 'conformance',
      check: entry.id as string,
      ...(entry.era === undefined ? {} : { era: entry.era as RecordEra }),
      ...(entry.transport === undefined ? {} : { transport: entry.transport as EntryTransport }),
      justification,
      location,
    }),
    identity: (entry) => `${entry.check}\u0000${entry.era ?? '*'}\u0000${entry.transport ?? '*'}`,
    duplicate: (entry, first) => `duplicate expected failure of ${entry.check} (first at line ${first.line})`,
  };
}

/**
 * Parses an expected-failures file (deprecated), a YAML list of entries:
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
  return parseEntryList(text, file, expectedFailuresFormat(ids));
}
