import { DEF_KEY, RunReportSchema } from './record.js';

/** Where the generated schema says it lives; bumped with `reportVersion`. */
const REPORT_SCHEMA_ID = 'https://mcp-eval.dev/schemas/report-v1.schema.json';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * The report's JSON Schema (2020-12), generated from the record schemas in `record.ts`: the build
 * writes it to `dist/report.schema.json` (exported as `@mcp-eval/core/report.schema.json`), and
 * `parseReport` validates saved reports against it. Every schema marked as a definition is written
 * once under `$defs` and referred to by `$ref`, so the file reads as it did when it was hand-kept.
 */
export function reportJsonSchema(): Record<string, Json> {
  const defs: Record<string, Json> = {};
  const body = toJson(RunReportSchema, defs, false);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new TypeError('report schema: the root is not an object');
  const { title, description, ...rest } = body;
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: REPORT_SCHEMA_ID,
    ...(title === undefined ? {} : { title }),
    ...(description === undefined ? {} : { description }),
    ...rest,
    $defs: defs,
  };
}

/** A plain JSON copy (TypeBox's own markers are not enumerable), with definitions hoisted. */
function toJson(node: unknown, defs: Record<string, Json>, inline: boolean): Json {
  if (Array.isArray(node)) return node.map((item) => toJson(item, defs, false));
  if (typeof node !== 'object' || node === null) return node as Json;
  const name: unknown = (node as Record<string, unknown>)[DEF_KEY];
  if (typeof name === 'string' && !inline) {
    if (!Object.hasOwn(defs, name)) {
      defs[name] = {}; // reserved first, so a definition that refers to itself cannot recurse forever
      defs[name] = toJson(node, defs, true);
    }
    return { $ref: `#/$defs/${name}` };
  }
  const copy: Record<string, Json> = {};
  for (const [key, value] of Object.entries(node)) if (key !== DEF_KEY) copy[key] = toJson(value, defs, false);
  return copy;
}
