import type { ManifestError } from '../manifest/manifest-error.js';
import type { LintRule } from '../lint/lint-rule.js';
import { LINT_RULES } from '../lint/rules/index.js';
import type { Suppression } from '../lint/suppressions.js';
import type { LintLayer } from '../record.js';
import { LINT_LAYERS } from '../record.js';
import { isValidToolName } from '../tool-name.js';
import type { EntryListFormat } from './parse-entry-list.js';
import { parseEntryList } from './parse-entry-list.js';
import type { ReviewedEntry } from './reviewed-entry.js';
import { toSuppressions } from './reviewed-suppressions.js';

/**
 * The conventional name of the deprecated suppression file. Its entries are reviewed lint entries
 * with a tool; it is read until its removal (see docs/reviewed.md).
 */
export const SUPPRESSIONS_FILE = 'mcp-eval.suppressions.yaml';

export type SuppressionsResult =
  { readonly ok: true; readonly suppressions: readonly Suppression[] } | { readonly ok: false; readonly errors: readonly ManifestError[] };

const ENTRY_KEYS = ['layer', 'tool', 'rule', 'justification'];

/** The suppression file's format: `layer`, `tool`, `rule` become a lint entry's check and tool. */
function suppressionsFormat(rules: readonly LintRule[]): EntryListFormat<ReviewedEntry> {
  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  return {
    place: {
      root: 'mapping',
      key: 'suppressions',
      notAMapping: 'a suppression file is a mapping with one key, `suppressions`, holding a list',
      notAList: '`suppressions` must be a list of entries with layer, tool, rule and justification',
    },
    notAnEntry: 'each suppression must be a mapping with layer, tool, rule and justification',
    keys: ENTRY_KEYS,
    required: ENTRY_KEYS,
    unknownKey: (key) => `unknown key \`${key}\` (expected layer, tool, rule and justification)`,
    emptyJustification: '`justification` must say why the finding is a false positive (a non-empty string)',
    validate: (entry, problem) => {
      const { layer, tool, rule } = entry;
      const knownLayer = LINT_LAYERS.includes(layer as LintLayer);
      if (Object.hasOwn(entry, 'layer') && !knownLayer) problem('layer', '`layer` must be protocol, quality or security');
      if (Object.hasOwn(entry, 'tool') && !isValidToolName(tool))
        problem('tool', '`tool` must be an MCP tool name (1-128 characters from A-Z a-z 0-9 _ - . /)');
      const known = typeof rule === 'string' ? byId.get(rule) : undefined;
      if (Object.hasOwn(entry, 'rule') && known === undefined) {
        problem('rule', typeof rule === 'string' ? `unknown lint rule \`${rule}\`` : '`rule` must be a lint rule id');
      } else if (known !== undefined && knownLayer && known.layer !== layer) {
        problem('layer', `rule \`${known.id}\` is in the ${known.layer} layer, not ${String(layer)}`);
      }
    },
    toEntry: (entry, justification, location) => ({
      family: 'lint',
      check: entry.rule as string,
      tool: entry.tool as string,
      justification,
      location,
    }),
    identity: (entry) => `${entry.check}\u0000${entry.tool ?? ''}`,
    duplicate: (entry, first) => `duplicate suppression of ${entry.check} for ${entry.tool ?? ''} (first at line ${first.line})`,
  };
}

/**
 * Parses a suppression file (deprecated: the reviewed file's lint entries do the same):
 *
 *   suppressions:
 *     - layer: security
 *       tool: run_query
 *       rule: security-unconstrained-query
 *       justification: Runs on a read-only replica with a statement timeout.
 *
 * Each entry is read as the reviewed entry `{ family: lint, check: <rule>, tool }` and handed to
 * scoring as that entry's suppression. Never throws on bad input. Every problem comes back located:
 * YAML syntax, unknown keys, a missing or empty justification, an unknown layer or rule, a rule from
 * another layer, an invalid tool name, a repeated entry. An empty file suppresses nothing.
 */
export function parseSuppressions(text: string, file: string, rules: readonly LintRule[] = LINT_RULES): SuppressionsResult {
  const parsed = parseEntryList(text, file, suppressionsFormat(rules));
  return parsed.ok ? { ok: true, suppressions: toSuppressions(parsed.entries, rules) } : parsed;
}
