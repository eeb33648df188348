import { isRecord } from '@mcp-eval/protocol';
import type { ManifestError } from '../manifest/manifest-error.js';
import { sortManifestErrors } from '../manifest/manifest-error.js';
import { readYamlData } from '../manifest/read-yaml-data.js';
import type { LintLayer, SourceLocation } from '../record.js';
import { LINT_LAYERS } from '../record.js';
import { isValidToolName } from '../tool-name.js';
import type { LintRule } from './lint-rule.js';
import { LINT_RULES } from './rules/index.js';

/** The conventional name of the checked-in suppression file. */
export const SUPPRESSIONS_FILE = 'mcp-eval.suppressions.yaml';

/** One reviewed false positive: this rule's findings on this tool are accepted, for this reason. */
export interface Suppression {
  readonly layer: LintLayer;
  readonly tool: string;
  readonly rule: string;
  readonly justification: string;
  /** Where the entry starts in the suppression file. */
  readonly location: SourceLocation;
}

/** Suppression file problems have the manifest's shape: `file:line:column: message`. */
export type SuppressionError = ManifestError;

export type SuppressionsResult =
  | { readonly ok: true; readonly suppressions: readonly Suppression[] }
  | { readonly ok: false; readonly errors: readonly SuppressionError[] };

const ENTRY_KEYS = ['layer', 'tool', 'rule', 'justification'];

/**
 * A suppression's `tool` that matches every finding of its rule, the catalog's own included: what a
 * reviewed-file lint entry without a tool becomes. Not a valid tool name, so it never collides.
 */
export const ANY_TOOL = '*';

/** `layer:tool:rule`, MCP Lens's key for a suppression. */
export function suppressionKey(layer: string, tool: string, rule: string): string {
  return `${layer}:${tool}:${rule}`;
}

/**
 * Parses a suppression file:
 *
 *   suppressions:
 *     - layer: security
 *       tool: run_query
 *       rule: security-unconstrained-query
 *       justification: Runs on a read-only replica with a statement timeout.
 *
 * Never throws on bad input. Every problem comes back located: YAML syntax, unknown keys, a
 * missing or empty justification, an unknown layer or rule, a rule from another layer, an invalid
 * tool name, a repeated entry. An empty file suppresses nothing.
 */
export function parseSuppressions(text: string, file: string, rules: readonly LintRule[] = LINT_RULES): SuppressionsResult {
  const read = readYamlData(text, file);
  if (!read.ok) return read;
  const { data, locator } = read;
  if (data === null) return { ok: true, suppressions: [] };

  const errors: SuppressionError[] = [];
  const at = (path: (string | number)[], message: string, key = false): void => {
    errors.push({ file, ...(key ? locator.key(path) : locator.value(path)), message });
  };
  if (!isRecord(data)) {
    at([], 'a suppression file is a mapping with one key, `suppressions`, holding a list');
    return { ok: false, errors: sortManifestErrors(errors) };
  }
  for (const key of Object.keys(data)) if (key !== 'suppressions') at([key], `unknown key \`${key}\` (expected \`suppressions\`)`, true);
  const list = data.suppressions ?? [];
  if (!Array.isArray(list)) {
    at(['suppressions'], '`suppressions` must be a list of entries with layer, tool, rule and justification');
    return { ok: false, errors: sortManifestErrors(errors) };
  }

  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  const firstSeen = new Map<string, SourceLocation>();
  const suppressions: Suppression[] = [];
  list.forEach((entry: unknown, i) => {
    const path = ['suppressions', i];
    const location: SourceLocation = { file, ...locator.value(path) };
    if (!isRecord(entry)) {
      at(path, 'each suppression must be a mapping with layer, tool, rule and justification');
      return;
    }
    const before = errors.length;
    for (const key of Object.keys(entry)) {
      if (!ENTRY_KEYS.includes(key)) at([...path, key], `unknown key \`${key}\` (expected layer, tool, rule and justification)`, true);
    }
    for (const key of ENTRY_KEYS) if (!Object.hasOwn(entry, key)) at(path, `missing \`${key}\``);
    const { layer, tool, rule, justification } = entry;
    if (Object.hasOwn(entry, 'layer') && !LINT_LAYERS.includes(layer as LintLayer)) {
      at([...path, 'layer'], '`layer` must be protocol, quality or security');
    }
    if (Object.hasOwn(entry, 'tool') && !isValidToolName(tool)) {
      at([...path, 'tool'], '`tool` must be an MCP tool name (1-128 characters from A-Z a-z 0-9 _ - . /)');
    }
    const known = typeof rule === 'string' ? byId.get(rule) : undefined;
    if (Object.hasOwn(entry, 'rule') && known === undefined) {
      at([...path, 'rule'], typeof rule === 'string' ? `unknown lint rule \`${rule}\`` : '`rule` must be a lint rule id');
    } else if (known !== undefined && LINT_LAYERS.includes(layer as LintLayer) && known.layer !== layer) {
      at([...path, 'layer'], `rule \`${known.id}\` is in the ${known.layer} layer, not ${String(layer)}`);
    }
    if (Object.hasOwn(entry, 'justification') && (typeof justification !== 'string' || justification.trim() === '')) {
      at([...path, 'justification'], '`justification` must say why the finding is a false positive (a non-empty string)');
    }
    if (errors.length > before) return;
    const suppression: Suppression = {
      layer: layer as LintLayer,
      tool: tool as string,
      rule: rule as string,
      justification: (justification as string).trim(),
      location,
    };
    const key = suppressionKey(suppression.layer, suppression.tool, suppression.rule);
    const first = firstSeen.get(key);
    if (first !== undefined) {
      at(path, `duplicate suppression of ${suppression.rule} for ${suppression.tool} (first at line ${first.line})`);
      return;
    }
    firstSeen.set(key, location);
    suppressions.push(suppression);
  });
  return errors.length > 0 ? { ok: false, errors: sortManifestErrors(errors) } : { ok: true, suppressions };
}
