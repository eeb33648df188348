import { normalizedStrings, normalizeText } from './match-text.js';
import type { CatalogTool, LintCatalog } from './read-catalog.js';

/**
 * Preference language ("always prefer this tool", "never use other tools"), and whom it points at.
 * `own-tools`: every target it names is a tool of the same catalog ("prefer this tool over multiple
 * individual 'fill' or 'click' calls", both the server's own): guidance between siblings, a quality
 * matter. `elsewhere`: it names something outside the catalog, or no tool at all ("always use this
 * tool", "prefer this tool over the built-in search"): it steers the model away from other
 * servers, a security matter. Written for normalized text; every repetition is bounded.
 */
export type PreferenceTarget = 'own-tools' | 'elsewhere';

export const PREFERENCE_PATTERNS: readonly RegExp[] = [
  /\b(always|only) (prefer|choose|pick|select|use) this tool\b/,
  /\bprefer this tool (over|to|instead)\b/,
  /\bthis is the (only|best|preferred) tool (you|to|for)\b/,
  /\b(do not|don't|dont|never) use (any )?other tools?\b/,
];

/** Global copies for `matchAll` (which clones them, so no `lastIndex` is shared). */
const GLOBAL_PATTERNS = PREFERENCE_PATTERNS.map((p) => new RegExp(p.source, 'g'));

/** What the preferred tool is compared with: `this tool over <target>`, up to 200 characters. */
const COMPARED = /^[^;:!?]{0,40}?\bthis tool (?:over|to|instead of|rather than) ([^;:!?]{1,200})/;

/** Where the target ends: a sentence end, or the condition that follows it ("… when interacting with forms"). */
const TARGET_END = /\.(?:\s|$)|,|\b(?:when|whenever|if|for|because|since|while|unless|as|in|on|so|it|which|where|to)\b/;

/** Words that may stand between tool names in a target without naming anything themselves. */
const LINKING: ReadonlySet<string> = new Set([
  'multiple',
  'individual',
  'separate',
  'several',
  'many',
  'repeated',
  'single',
  'the',
  'a',
  'an',
  'or',
  'and',
  'nor',
  'calls',
  'call',
  'calling',
  'using',
  'invoking',
  'tool',
  'tools',
  'of',
  'both',
  'each',
]);

/** Normalized tool names of the catalog (how a description would spell them, case folded). */
const nameCache = new WeakMap<LintCatalog, ReadonlySet<string>>();
function catalogNames(catalog: LintCatalog): ReadonlySet<string> {
  let names = nameCache.get(catalog);
  if (names === undefined) {
    names = new Set(catalog.tools.flatMap((t) => (t.name === undefined ? [] : [normalizeText(t.name)])));
    nameCache.set(catalog, names);
  }
  return names;
}

/** `own-tools` when the compared target is made only of this catalog's tool names and linking words. */
function targetOf(text: string, from: number, names: ReadonlySet<string>): PreferenceTarget {
  const compared = COMPARED.exec(text.slice(from, from + 300));
  if (compared === null) return 'elsewhere';
  const target = compared[1] ?? '';
  const end = TARGET_END.exec(target);
  const words = (end === null ? target : target.slice(0, end.index))
    .split(' ')
    .map((w) => w.replace(/^["'`(]+|["'`),]+$/g, ''))
    .filter((w) => w.length > 0);
  let named = false;
  for (const word of words) {
    if (names.has(word)) named = true;
    else if (!LINKING.has(word)) return 'elsewhere';
  }
  return named ? 'own-tools' : 'elsewhere';
}

/** Whom each piece of preference language in the tool's text points at (empty: none found). */
export function preferenceTargets(tool: CatalogTool, catalog: LintCatalog): Set<PreferenceTarget> {
  const found = new Set<PreferenceTarget>();
  const names = catalogNames(catalog);
  for (const text of normalizedStrings(tool)) {
    for (const pattern of GLOBAL_PATTERNS) {
      for (const match of text.matchAll(pattern)) found.add(targetOf(text, match.index, names));
    }
  }
  return found;
}
