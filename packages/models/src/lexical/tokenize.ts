/** Words too common to tell tools apart. Kept small and fixed so rankings never drift. */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a an and are as at be by can do does for from get give has have how i if in into is it its me my ' +
    'of on or our please show that the their them then there these this to us was we what when where ' +
    'which who will with you your'
  ).split(' '),
);

/** Plural folding only ("items" → "item", "queries" → "query", "boxes" → "box"): no stemmer drift. */
function fold(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(?:sh|ch|x|z|ss)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) return word.slice(0, -1);
  return word;
}

/**
 * Splits text and identifiers into lower-case terms: camelCase and PascalCase humps
 * (`getItemById` → get item by id, `HTTPServer` → http server), snake_case, kebab-case, dots,
 * slashes and any other non-alphanumeric run; digits stay with their word. Stopwords dropped,
 * plurals folded.
 */
export function tokenize(text: string): string[] {
  const spaced = text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase();
  const terms: string[] = [];
  for (const word of spaced.split(/[^a-z0-9]+/)) {
    if (word === '' || STOPWORDS.has(word)) continue;
    terms.push(fold(word));
  }
  return terms;
}
