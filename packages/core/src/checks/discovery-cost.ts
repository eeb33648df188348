import Type, { type Static } from 'typebox';
import { defineCheck } from '../check.js';
import { evaluatedNothing } from '../evaluated-nothing.js';
import type { Finding, Measurements } from '../record.js';
import { MAX_ITEM_DEPTH } from '../catalog/catalog-budget.js';
import { CATALOG_MAX_PAGES, listTools } from '../catalog/list-tools.js';
import type { StarterCase, StarterInput } from '../starter/starter-case.js';
import { encodedBytes } from '../catalog/walk-list.js';
import { plural, roundUp } from '../starter/call-entries.js';
import { YamlMap } from '../starter/starter-case.js';

const labels = {
  'too-many-tools': 'The catalog lists more tools than `max_tools`.',
  'catalog-too-large': 'The encoded catalog is larger than `max_schema_bytes`.',
  'too-many-tools-and-too-large': 'The catalog is over both budgets: more tools than `max_tools` and more bytes than `max_schema_bytes`.',
  'list-error':
    'Skipped: `tools/list` answered with a JSON-RPC error, so the catalog could not be measured (no `tools` or `catalogBytes`).',
  'list-invalid': `Skipped: \`tools/list\` could not be walked to its end (a malformed page, a duplicate tool, a repeated cursor, or more than ${CATALOG_MAX_PAGES} pages), so the catalog could not be measured; the pagination probe fails it.`,
  'list-failed':
    'Skipped: `tools/list` got no answer (timeout, crash, closed connection, oversized or malformed response), so the catalog could not be measured.',
  'catalog-budget-exceeded':
    'The pages received passed the catalog budget (`server.max_catalog_bytes` or `max_catalog_tools`), so the walk was stopped.',
  'schema-too-deep': `Within budget, but at least one tool entry nests deeper than ${MAX_ITEM_DEPTH} levels (see the findings); it is counted, and set aside from checks that read schemas.`,
} as const;

export type DiscoveryCostLabel = keyof typeof labels;

const params = Type.Object(
  {
    max_tools: Type.Integer({ minimum: 0, description: 'Most tools the catalog may list, over every page of `tools/list`.' }),
    max_schema_bytes: Type.Integer({
      minimum: 0,
      description:
        'Most bytes the catalog may take: every tool entry (name, description, schemas, annotations) encoded as one compact JSON array, UTF-8.',
    }),
  },
  { additionalProperties: false },
);

export type DiscoveryCostParams = Static<typeof params>;

/** Headroom over today's catalog in init's starter case: budgets that pass today and catch real growth. */
const STARTER_CATALOG_HEADROOM = 1.25;

/** init's starter case: today's catalog with about 25% room, and a 10% baseline budget. */
function starter({ catalog }: StarterInput): StarterCase {
  const bytes = encodedBytes(catalog);
  return {
    comments: [
      `Catalog today: ${plural(catalog.length, 'tool')}, ${plural(bytes, 'byte')}. The budgets leave about 25% room to grow; tighten them to taste.`,
      'With `run --baseline <previous run.json>`, `budget` also fails a run whose catalog grew more than 10% at once.',
    ],
    entries: [
      { key: 'id', value: 'catalog-budget' },
      { key: 'dimension', value: 'discovery-cost' },
      { key: 'max_tools', value: catalog.length + Math.max(5, Math.ceil(catalog.length / 4)) },
      { key: 'max_schema_bytes', value: roundUp(bytes * STARTER_CATALOG_HEADROOM + 1, 1024) },
      { key: 'budget', value: new YamlMap([{ key: 'catalog_bytes', value: 0.1 }]) },
    ],
  };
}

/**
 * Measures what an agent pays before its first call: every tool it must read, over every page of
 * `tools/list`, as the bytes the catalog encodes to. Measured in memory; only counts leave.
 */
export const discoveryCost = defineCheck<Static<typeof params>, DiscoveryCostLabel>({
  id: 'discovery-cost',
  kind: 'dimension',
  title: 'Discovery cost',
  summary: 'The tool catalog, over every page of tools/list, stays within the declared tool count and byte budgets.',
  params,
  labels,
  starter,
  async run(ctx, params) {
    const walk = await listTools(ctx, ctx.connection);
    const tools = walk.items.length + walk.tooDeep.length;
    const budgets = { maxTools: params.max_tools, maxSchemaBytes: params.max_schema_bytes };
    // What was tried, never a measurement of a catalog that was not read whole (no tools, no catalogBytes).
    const tried: Measurements = { pages: walk.pages, ...budgets, page: walk.problemPage ?? walk.pages };
    switch (walk.problem) {
      case undefined:
        break;
      case 'list-failed':
        return evaluatedNothing('list-failed', tried);
      case 'list-error':
        return evaluatedNothing('list-error', { ...tried, ...(walk.jsonRpcCode === undefined ? {} : { jsonRpcCode: walk.jsonRpcCode }) });
      case 'budget-exceeded':
        // Too large is a verdict on the catalog: what was received (tools and bytes before the stop) is itself the measurement.
        return { status: 'fail', label: 'catalog-budget-exceeded', measurements: { ...tried, tools, receivedBytes: walk.receivedBytes } };
      default:
        return evaluatedNothing('list-invalid', tried);
    }
    const measurements: Measurements = { tools, catalogBytes: walk.bytes, pages: walk.pages, ...budgets, latencyMs: walk.latencyMs };
    const tooMany = tools > params.max_tools;
    const tooLarge = walk.bytes > params.max_schema_bytes;
    const deep: Finding[] = walk.tooDeep.map((tool) => ({ label: 'schema-too-deep', tool: String(tool.name) }));
    const findings = deep.length === 0 ? {} : { findings: deep };
    if (tooMany && tooLarge) return { status: 'fail', label: 'too-many-tools-and-too-large', measurements, ...findings };
    if (tooMany) return { status: 'fail', label: 'too-many-tools', measurements, ...findings };
    if (tooLarge) return { status: 'fail', label: 'catalog-too-large', measurements, ...findings };
    if (deep.length > 0)
      return { status: 'fail', label: 'schema-too-deep', measurements: { ...measurements, toolsTooDeep: deep.length }, ...findings };
    return { status: 'pass', measurements };
  },
});
