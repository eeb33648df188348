import type { JsonObject } from '@mcp-eval/protocol';
import { isRecord } from '@mcp-eval/protocol';

import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { catalogTools } from '../catalog/catalog-snapshot.js';
import type { Finding } from '../record.js';
import { SKIP_LABELS, unlessDeclared, unlessModern } from './support/applicability.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';

type Defect = 'empty' | 'control-character' | 'not-token' | 'duplicate' | 'unreachable' | 'type-invalid';
type DefectLabel = `header-${Defect}`;

const DEFECTS: Record<DefectLabel, string> = {
  'header-empty': 'An x-mcp-header value is empty, or not a string.',
  'header-control-character': 'An x-mcp-header value holds a control character (CR, LF or another below 0x20, or DEL).',
  'header-not-token': 'An x-mcp-header value is not an HTTP field-name token (1*tchar, RFC 9110 section 5.1).',
  'header-duplicate': 'Two x-mcp-header values in one inputSchema are equal ignoring letter case.',
  'header-unreachable':
    'An x-mcp-header sits where a chain of `properties` keys from the schema root does not reach (under items, a composition or conditional keyword, $ref, additionalProperties, or on the root).',
  'header-type-invalid': 'An x-mcp-header is on a property whose type is not string, integer or boolean (number is excluded).',
};

export type HeaderDeclarationsLabel =
  'header-declarations-valid' | DefectLabel | 'catalog-unreadable' | 'no-header-declared' | 'era-legacy' | 'capability-not-declared';

const LABELS: Record<HeaderDeclarationsLabel, string> = {
  'header-declarations-valid':
    'Every x-mcp-header in the catalog is a non-empty HTTP token, unique per tool ignoring case, on a statically reachable string, integer or boolean property.',
  ...DEFECTS,
  'catalog-unreadable':
    'Skipped: the catalog walk stopped early with no defect in what it read, so it cannot say every declaration is valid.',
  'no-header-declared': 'Skipped: no listed tool declares an x-mcp-header.',
  'era-legacy': SKIP_LABELS['era-legacy'],
  'capability-not-declared': SKIP_LABELS['capability-not-declared'],
};

/** RFC 9110 `tchar`, one or more: what a field name is. */
const HTTP_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
const HEADER_KEY = 'x-mcp-header';
const HEADER_TYPES: readonly unknown[] = ['string', 'integer', 'boolean'];
/** Keywords whose values are instance data, not schemas: an `x-mcp-header` key inside them is not an annotation. */
const VALUE_KEYWORDS = new Set(['const', 'enum', 'default', 'examples']);

interface Declaration {
  readonly name: unknown;
  readonly reachable: boolean;
  readonly type: unknown;
}

/**
 * Every `x-mcp-header` in `schema`, each marked reachable when the path to it is a chain of
 * `properties` keys from the root (SEP-2243, "statically reachable"). Iterative, and only over
 * catalog entries within MAX_ITEM_DEPTH (the walk sets deeper ones aside).
 */
function declarations(schema: unknown): Declaration[] {
  const found: Declaration[] = [];
  // `chain`: the node is the root (reached by nothing) or reached from it through `properties` keys only.
  const stack: { node: unknown; chain: boolean; root: boolean }[] = [{ node: schema, chain: true, root: true }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { node, chain, root } = next;
    if (Array.isArray(node)) {
      for (const child of node) stack.push({ node: child, chain: false, root: false });
      continue;
    }
    if (!isRecord(node)) continue;
    if (HEADER_KEY in node) found.push({ name: node[HEADER_KEY], reachable: chain && !root, type: node.type });
    for (const [key, value] of Object.entries(node)) {
      if (VALUE_KEYWORDS.has(key) || key === HEADER_KEY) continue;
      if (key === 'properties' && chain && isRecord(value)) {
        for (const property of Object.values(value)) stack.push({ node: property, chain: true, root: false });
        continue;
      }
      stack.push({ node: value, chain: false, root: false });
    }
  }
  return found;
}

function isHeaderType(type: unknown): boolean {
  return HEADER_TYPES.includes(type);
}

/** The defects of one tool's declarations, one per broken rule per declaration. */
function defectsOf(found: readonly Declaration[]): Defect[] {
  const defects: Defect[] = [];
  const seen = new Set<string>();
  for (const { name, reachable, type } of found) {
    if (typeof name !== 'string' || name === '') defects.push('empty');
    else if (CONTROL_CHARACTER.test(name)) defects.push('control-character');
    else if (!HTTP_TOKEN.test(name)) defects.push('not-token');
    if (typeof name === 'string' && name !== '') {
      const folded = name.toLowerCase();
      if (seen.has(folded)) defects.push('duplicate');
      seen.add(folded);
    }
    if (!reachable) defects.push('unreachable');
    else if (!isHeaderType(type)) defects.push('type-invalid');
  }
  return defects;
}

/**
 * 2026-07-28, both transports (Transports › Streamable HTTP › Custom headers; Tools › x-mcp-header):
 * read from the shared catalog only, every `x-mcp-header` value must be a non-empty RFC 9110
 * token without control characters, unique within its inputSchema ignoring case, on a property
 * of type string, integer or boolean reached from the root through `properties` keys alone. A
 * client must drop a tool that breaks any of this, so the tool vanishes for HTTP clients.
 * Findings name the tool and the rule, never the header text.
 */
export const headerDeclarations = defineCheck<ConformanceParams, HeaderDeclarationsLabel>({
  id: 'header-declarations',
  kind: 'conformance',
  requirements: ['M47'],
  title: 'x-mcp-header declarations are valid',
  summary:
    'Every x-mcp-header is a non-empty HTTP token, unique per tool ignoring case, on a statically reachable string, integer or boolean property.',
  params: NO_PARAMS,
  labels: LABELS,
  async run(ctx): Promise<Outcome<HeaderDeclarationsLabel>> {
    const skip = unlessModern(ctx.connection) ?? unlessDeclared(ctx.connection, 'tools');
    if (skip) return skip;
    const walk = await catalogTools(ctx);
    const findings: (Finding & { readonly label: DefectLabel })[] = [];
    let declaringTools = 0;
    let headers = 0;
    for (const tool of walk.items) {
      const found = declarations((tool as JsonObject).inputSchema);
      if (found.length === 0) continue;
      declaringTools += 1;
      headers += found.length;
      for (const defect of defectsOf(found)) findings.push({ label: `header-${defect}`, tool: String(tool.name) });
    }
    const measurements = { tools: declaringTools, headers, defects: findings.length };
    const first = findings[0];
    if (first !== undefined) return { status: 'fail', label: first.label, measurements, findings };
    if (walk.problem !== undefined) return { status: 'skip', label: 'catalog-unreadable', measurements };
    if (declaringTools === 0) return { status: 'skip', label: 'no-header-declared' };
    return { status: 'pass', label: 'header-declarations-valid', measurements };
  },
});
