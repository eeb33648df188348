import Type from 'typebox';
import type { Static } from 'typebox';
import { closed, def, HashSchema, list, ToolNameSchema } from './record-primitives.js';

/** JSON Schema types as a closed set: `any` when none is declared, `other` for a value outside the set. */
const SCHEMA_TYPE_VALUES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null', 'any', 'other'] as const;
export type SchemaType = (typeof SCHEMA_TYPE_VALUES)[number];
export const SCHEMA_TYPES: readonly SchemaType[] = SCHEMA_TYPE_VALUES;

/** The most property paths one schema summary keeps; past it the summary says `truncated`. */
export const MAX_SUMMARY_PATHS = 512;

/** The most tools a saved catalog snapshot may hold: the catalog budget's item bound (`DEFAULT_CATALOG_MAX_ITEMS`). */
export const MAX_SNAPSHOT_TOOLS = 50_000;

/** One property of a schema: its path hashed (names are server text), its types and whether its parent requires it. */
const SchemaPathSchema = closed({
  path: HashSchema,
  types: list(Type.Enum(SCHEMA_TYPE_VALUES), { maxItems: SCHEMA_TYPE_VALUES.length, uniqueItems: true }),
  required: Type.Boolean(),
});

/** A schema's structure without its text: a hash of the whole schema, and every property path (bounded). */
const SchemaSummarySchema = def(
  'schemaSummary',
  closed({
    hash: HashSchema,
    paths: list(SchemaPathSchema, { maxItems: MAX_SUMMARY_PATHS }),
    /** True when the schema had more paths, or deeper ones, than a summary keeps. */
    truncated: Type.Boolean(),
  }),
);
export type SchemaSummary = Static<typeof SchemaSummarySchema>;

/** The four MCP tool annotations, as booleans (absent when the server did not set one). */
const ANNOTATION_VALUES = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;
export type AnnotationFlag = (typeof ANNOTATION_VALUES)[number];
export const ANNOTATION_FLAGS: readonly AnnotationFlag[] = ANNOTATION_VALUES;

/** One tool of a catalog snapshot: its name, hashes and structure, never its text. */
export const ToolFingerprintSchema = def(
  'toolFingerprint',
  closed({
    name: ToolNameSchema,
    description: Type.Optional(HashSchema),
    input: SchemaSummarySchema,
    output: Type.Optional(SchemaSummarySchema),
    annotations: closed({
      readOnlyHint: Type.Optional(Type.Boolean()),
      destructiveHint: Type.Optional(Type.Boolean()),
      idempotentHint: Type.Optional(Type.Boolean()),
      openWorldHint: Type.Optional(Type.Boolean()),
    }),
    entry: HashSchema,
  }),
);
export type ToolFingerprint = Static<typeof ToolFingerprintSchema>;

/** A catalog snapshot: every tool's fingerprint, sorted by name; `complete` is false when the walk stopped early. */
export const CatalogFingerprintsSchema = def(
  'catalogFingerprints',
  closed({ complete: Type.Boolean(), tools: list(ToolFingerprintSchema, { maxItems: MAX_SNAPSHOT_TOOLS }) }),
);
export type CatalogFingerprints = Static<typeof CatalogFingerprintsSchema>;
