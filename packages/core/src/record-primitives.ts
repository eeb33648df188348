/**
 * The building blocks of every record shape (see docs/architecture.md, "The record boundary"): the
 * schema helpers and the small named definitions (labels, ids, tool names, counts, locations) the
 * other `record-*` files compose. Each shape is written once, as a TypeBox schema.
 */
import Type from 'typebox';
import type { Static, TProperties, TSchema } from 'typebox';
import { SAFE_TEXT_PATTERN } from './terminal-text.js';

/**
 * Marks a schema as a named definition: `reportJsonSchema` writes it once under `$defs` and refers to
 * it by `$ref` wherever it is used. The key never reaches the shipped schema.
 */
export const DEF_KEY = 'x-def';

export function def<T extends TSchema>(name: string, schema: T): T {
  return Object.assign(schema, { [DEF_KEY]: name });
}

/** A closed object of readonly properties, as every record shape is. */
export function closed<P extends TProperties>(properties: P, options: Record<string, unknown> = {}) {
  return Type.ReadonlyObject(Type.Object(properties), { additionalProperties: false, ...options });
}

export function list<T extends TSchema>(items: T, options: Record<string, unknown> = {}) {
  return Type.Immutable(Type.Array(items, options));
}

const KEBAB = '^[a-z0-9]+(-[a-z0-9]+)*$';

/**
 * Text a saved report holds that a reporter prints (ids, manifest paths, pointers, versions, check
 * titles): no control character (C0, DEL, C1), newline or bidirectional control, so a hostile file
 * cannot rewrite what a terminal shows (an `ESC[1A` in a case id redrawing a FAIL as a PASS).
 */
export function safeText(options: Record<string, unknown> = {}) {
  return Type.String({ pattern: SAFE_TEXT_PATTERN, ...options });
}

export const LabelSchema = def(
  'label',
  Type.String({ description: "A fixed kebab-case label from a check's closed set.", pattern: KEBAB, maxLength: 100 }),
);
export const CheckIdSchema = def('checkId', Type.String({ pattern: KEBAB, maxLength: 100 }));
export const ToolNameSchema = def(
  'toolName',
  Type.String({
    description: 'A tool name that passed the MCP tool-name rules, or the placeholder that replaced one that did not.',
    pattern: '^(?:[A-Za-z0-9_\\-./]{1,128}|<invalid-tool-name>)$',
  }),
);
export const KeySchema = def(
  'key',
  Type.String({ description: 'A measurement or score name (camelCase or kebab-case).', pattern: '^[A-Za-z][A-Za-z0-9_-]{0,63}$' }),
);
export const CountSchema = def('count', Type.Integer({ minimum: 0 }));
export const MillisecondsSchema = def('milliseconds', Type.Number({ minimum: 0 }));

export const CheckKindSchema = def('kind', Type.Enum(['dimension', 'probe', 'conformance', 'lint', 'behavior', 'drift']));
export type CheckKind = Static<typeof CheckKindSchema>;

/** A model column's id, as the manifest author chose it (never a model name or a URL). */
const MODEL_ID_PATTERN = '^[a-z0-9][a-z0-9-]{0,63}$';
export const ModelIdSchema = def(
  'modelId',
  Type.String({ description: "A model column's id as the manifest names it (never a model name or URL).", pattern: MODEL_ID_PATTERN }),
);

/** A protocol era: `modern` is the 2026-07-28 revision, `legacy` the 2025-11-25 one and earlier. */
export const EraSchema = def(
  'era',
  Type.Enum(['modern', 'legacy'], { description: '`modern`: the 2026-07-28 revision; `legacy`: 2025-11-25 and earlier.' }),
);
export type RecordEra = Static<typeof EraSchema>;

/** Named numbers: `tools`, `catalogBytes`, `latencyMs`, `attempt`, `jsonRpcCode`, ... */
export type Measurements = Readonly<Record<string, number>>;
export const MeasurementsSchema = def(
  'measurements',
  Type.Unsafe<Measurements>({ type: 'object', propertyNames: KeySchema, additionalProperties: { type: 'number' } }),
);

export const SourceLocationSchema = def(
  'location',
  closed({
    /** The manifest path as given to the run (relative paths stay relative). */
    file: safeText({ minLength: 1 }),
    /** 1-based. */
    line: Type.Integer({ minimum: 1 }),
    /** 1-based. */
    column: Type.Integer({ minimum: 1 }),
  }),
);
export type SourceLocation = Static<typeof SourceLocationSchema>;

export const HashSchema = def(
  'hash',
  Type.String({
    description: 'A keyed SHA-256 of server text, 16 hex digits: equal text hashes equal, the text is not kept.',
    pattern: '^sha256:[0-9a-f]{16}$',
  }),
);
