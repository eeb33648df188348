import type { Connection } from '@mcp-eval/protocol';

import type { CheckContext, Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { CATALOG_MAX_PAGES } from '../catalog/list-tools.js';
import type { ListMethod, ListWalk } from '../catalog/walk-list.js';
import { walkList } from '../catalog/walk-list.js';
import type { Finding } from '../record.js';
import { declares, SKIP_LABELS, unlessModern } from './support/applicability.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import { sharedWalk } from './support/shared-walk.js';

/** The lists the revision says must not vary per connection, with the capability each needs and the key naming an entry. */
const LISTS = [
  { method: 'tools/list', capability: 'tools', identity: 'name', prefix: 'tools' },
  { method: 'resources/list', capability: 'resources', identity: 'uri', prefix: 'resources' },
  { method: 'prompts/list', capability: 'prompts', identity: 'name', prefix: 'prompts' },
] as const satisfies readonly { method: ListMethod; capability: string; identity: string; prefix: string }[];
type Prefix = (typeof LISTS)[number]['prefix'];
type ListLabel = `${Prefix}-list-varies` | `${Prefix}-list-same`;

export type ListsPerConnectionLabel =
  'lists-same-per-connection' | ListLabel | 'list-unreadable' | 'list-changing' | 'era-legacy' | 'capability-not-declared';

const LABELS: Record<ListsPerConnectionLabel, string> = {
  'lists-same-per-connection':
    'Every declared list (tools, resources, prompts) named the same entries on a second, independent connection as on the first.',
  'tools-list-varies': 'tools/list named other tools on a second connection, while the first connection listed the same set twice.',
  'resources-list-varies': 'resources/list named other URIs on a second connection, while the first connection listed the same set twice.',
  'prompts-list-varies': 'prompts/list named other prompts on a second connection, while the first connection listed the same set twice.',
  'tools-list-same': 'Finding: tools/list named the same tools on both connections.',
  'resources-list-same': 'Finding: resources/list named the same URIs on both connections.',
  'prompts-list-same': 'Finding: prompts/list named the same prompts on both connections.',
  'list-unreadable':
    'Skipped: a list walk stopped early (error, no answer, malformed page or the catalog budget); the pagination and catalog assertions say why.',
  'list-changing':
    'Skipped: the first connection itself listed different sets before and after the second connection, so a change over time cannot be told from a per-connection one.',
  'era-legacy': SKIP_LABELS['era-legacy'],
  'capability-not-declared': 'Skipped: the server declares none of tools, resources and prompts.',
};

type WalkContext = Pick<CheckContext, 'timeoutMs' | 'signal' | 'catalogBudget'>;

function walk(ctx: WalkContext, connection: Connection, method: ListMethod): Promise<ListWalk> {
  return walkList(connection, method, CATALOG_MAX_PAGES, { timeoutMs: ctx.timeoutMs, signal: ctx.signal }, ctx.catalogBudget);
}

/** The entries' identities as a set: order is stable-ordering's business, not this one's. */
function identities(walk: ListWalk, identity: string): Set<string> {
  return new Set(walk.items.map((item) => String(item[identity])));
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((id) => b.has(id));
}

/**
 * 2026-07-28, both transports (Server features › Tools, Resources, Prompts): the listed set "MUST
 * NOT vary per-connection or as a side effect of other requests on the connection" (2025-11-25
 * has no such sentence, so the legacy era is skipped). Each declared list is walked on the run's
 * connection and on a fresh one (a new process on stdio); when the sets differ the first is walked
 * again, and only a first connection that agrees with itself makes the difference a failure.
 * Names and URIs are compared inside the check and never recorded.
 */
export const listsPerConnection = defineCheck<ConformanceParams, ListsPerConnectionLabel>({
  id: 'lists-per-connection',
  kind: 'conformance',
  requirements: ['M89', 'M90', 'M91'],
  title: 'Lists do not vary per connection',
  summary: 'tools/list, resources/list and prompts/list (each declared one) name the same entries on a second, independent connection.',
  params: NO_PARAMS,
  labels: LABELS,
  async run(ctx): Promise<Outcome<ListsPerConnectionLabel>> {
    const skip = unlessModern(ctx.connection);
    if (skip) return skip;
    const lists = LISTS.filter((list) => declares(ctx.connection, list.capability));
    if (lists.length === 0) return { status: 'skip', label: 'capability-not-declared' };
    // The second connection opens while the first side is read (the run's shared walks); the second walks its lists side by side.
    const [second, firsts] = await Promise.all([ctx.openConnection(), Promise.all(lists.map(({ method }) => sharedWalk(ctx, method)))]);
    const others = await Promise.all(
      lists.map(({ method }, index) => {
        const first = firsts[index];
        return first === undefined || first.problem !== undefined ? first : walk(ctx, second, method);
      }),
    );
    const findings: (Finding & { readonly label: ListLabel })[] = [];
    let failure: ListLabel | undefined;
    for (const [index, { method, identity, prefix }] of lists.entries()) {
      const first = firsts[index];
      const other = others[index];
      if (first === undefined || other === undefined) continue;
      if (first.problem !== undefined || other.problem !== undefined) {
        return { status: 'skip', label: 'list-unreadable', measurements: { pages: (first.problem ? first : other).pages } };
      }
      const items = identities(first, identity);
      const otherItems = identities(other, identity);
      const measurements = { items: items.size, secondItems: otherItems.size };
      if (sameSet(items, otherItems)) {
        findings.push({ label: `${prefix}-list-same`, measurements });
        continue;
      }
      const again = await walk(ctx, ctx.connection, method);
      if (again.problem !== undefined) return { status: 'skip', label: 'list-unreadable', measurements: { pages: again.pages } };
      if (!sameSet(items, identities(again, identity))) return { status: 'skip', label: 'list-changing', measurements };
      failure ??= `${prefix}-list-varies`;
      findings.push({ label: `${prefix}-list-varies`, measurements });
    }
    const measurements = { lists: lists.length };
    if (failure !== undefined) return { status: 'fail', label: failure, measurements, findings };
    return { status: 'pass', label: 'lists-same-per-connection', measurements, findings };
  },
});
