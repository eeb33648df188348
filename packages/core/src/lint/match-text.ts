import type { CatalogTool } from './read-catalog.js';

/**
 * Characters a reader cannot see. Removed before phrase matching so that `ig\u200Bnore previous
 * instructions` still reads as the phrase; flagged on their own by security-hidden-unicode.
 */
const INVISIBLE =
  // eslint-disable-next-line no-misleading-character-class -- the class lists invisible and combining characters on purpose
  /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0\u{E0000}-\u{E007F}\u{E0100}-\u{E01EF}]/gu;

/**
 * NFKC (full-width and styled letters fold to ASCII), invisibles out, typographic quotes straight,
 * one space, lower case: so `Don’t tell the user` and `DON'T  TELL THE USER` read alike.
 */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(/[\u2018\u2019\u201B\u02BC\u2032]/g, "'")
    .replace(/[\u201C\u201D\u201F\u2033]/g, '"')
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

const normalizedCache = new WeakMap<CatalogTool, readonly string[]>();

/** Every string of the tool, normalized once and shared by the text rules. */
export function normalizedStrings(tool: CatalogTool): readonly string[] {
  let strings = normalizedCache.get(tool);
  if (strings === undefined) {
    strings = tool.strings.map(normalizeText);
    normalizedCache.set(tool, strings);
  }
  return strings;
}

/**
 * The labels whose patterns match any of the tool's normalized strings. Patterns are written for
 * lower-case text with single spaces, and bounded so none can backtrack badly on hostile input.
 */
export function matchingLabels<L extends string>(tool: CatalogTool, patterns: Readonly<Record<L, readonly RegExp[]>>): L[] {
  const strings = normalizedStrings(tool);
  const found: L[] = [];
  for (const label of Object.keys(patterns) as L[]) {
    if (patterns[label].some((pattern) => strings.some((text) => pattern.test(text)))) found.push(label);
  }
  return found;
}
