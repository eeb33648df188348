import { isRecord } from '@mcp-eval/protocol';
import { nameWords } from './name-words.js';
import type { CatalogProperty, CatalogTool, JsonRecord } from './read-catalog.js';
import { hasOwnField, ownField } from './read-catalog.js';

// Any one of these bounds what a caller (or an injected model) can pass.
const CONSTRAINTS = ['enum', 'const', 'pattern', 'maxLength'];

function acceptsString(type: unknown): boolean {
  return type === 'string' || (Array.isArray(type) && type.includes('string'));
}

/**
 * Whether a parameter schema takes strings of any content and length: string-typed (or untyped)
 * with no `enum`, `const`, `pattern` or `maxLength`. `anyOf`/`oneOf` without a `type` count when
 * any branch does (`anyOf: [{type: string}, {type: null}]` is how optional strings are written).
 */
export function isUnconstrainedString(raw: unknown, depth = 0): boolean {
  if (raw === true) return true;
  if (!isRecord(raw)) return false;
  const schema: JsonRecord = raw;
  if (CONSTRAINTS.some((k) => hasOwnField(schema, k))) return false;
  if (hasOwnField(schema, 'type')) return acceptsString(ownField(schema, 'type'));
  const branches = [ownField(schema, 'anyOf'), ownField(schema, 'oneOf')].filter(Array.isArray).flat();
  if (branches.length > 0) return depth < 4 && branches.some((b) => isUnconstrainedString(b, depth + 1));
  // No type, no constraint: anything goes, strings included (but `$ref` and `allOf` point elsewhere).
  return !hasOwnField(schema, '$ref') && !hasOwnField(schema, 'allOf');
}

/**
 * The tool's top-level parameters whose name ends in one of `lastWords` (`sql_query`, `filePath`)
 * or equals one of `wholeNames`, and that take unconstrained strings. Matching the last word keeps
 * `file_id` and `query_id` out.
 */
export function unconstrainedParams(
  tool: CatalogTool,
  lastWords: ReadonlySet<string>,
  wholeNames: ReadonlySet<string> = new Set(),
): CatalogProperty[] {
  return tool.properties.filter((p) => {
    const words = nameWords(p.name);
    const last = words.at(-1);
    const named = (last !== undefined && lastWords.has(last)) || wholeNames.has(words.join(''));
    return named && isUnconstrainedString(p.raw);
  });
}
