import { Ajv } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { AnySchema, Options, ValidateFunction } from 'ajv';
import type { RegExpEngine } from 'ajv/dist/types/index.js';
import { isRecord } from '@mcp-eval/protocol';
import type { JsonObject } from '@mcp-eval/protocol';
import { MAX_ITEM_DEPTH } from '../catalog/catalog-budget.js';
import { measureJson } from '../catalog/measure-json.js';
import { testPattern } from './bounded-regex.js';

/** Largest input schema compiled for `schema-invalid`; a larger one is judged by its top level only. */
export const MAX_VALIDATED_SCHEMA_BYTES = 256 * 1024;

/** The JSON types a schema's `type` names. */
export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

const JSON_TYPES: readonly string[] = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];

/** What argument judging reads from a tool's input schema, prepared once per tool. */
export interface InputSchema {
  readonly required: ReadonlySet<string>;
  /** Names in `properties`. */
  readonly declared: ReadonlySet<string>;
  /** `additionalProperties` is a schema (or `patternProperties` exists): undeclared names may be fine. */
  readonly openEnded: boolean;
  /**
   * `additionalProperties: false` and no `patternProperties`: only declared names are allowed.
   * A schema that says nothing is neither open-ended nor closed (JSON Schema allows any name;
   * argument-correctness still holds the column to the declared ones).
   */
  readonly closed: boolean;
  /** Each declared property's `type`, when it names JSON types. */
  readonly types: ReadonlyMap<string, readonly JsonType[]>;
  /** The whole schema compiled, or undefined when it could not be (too large, too deep, invalid, unknown dialect). */
  readonly validate: ((value: unknown) => boolean) | undefined;
}

// A server's pattern runs on the bounded worker; one it cannot judge in time passes (the server's
// regex is not the model's fault).
const boundedRegExp: RegExpEngine = Object.assign(
  (source: string, flags: string) => ({ test: (input: string) => testPattern(source, input, flags) !== 'no-match' }),
  { code: 'boundedRegExp' },
);

// Someone else's schema: unknown keywords tolerated, nothing logged, formats not checked.
const OPTIONS: Options = { strict: false, logger: false, validateFormats: false, allErrors: false, code: { regExp: boundedRegExp } };

let validators: { readonly [dialect: string]: Ajv | Ajv2019 | Ajv2020 } | undefined;

function validatorFor(schema: JsonObject): Ajv | Ajv2019 | Ajv2020 | undefined {
  validators ??= { '2020-12': new Ajv2020(OPTIONS), '2019-09': new Ajv2019(OPTIONS), 'draft-07': new Ajv(OPTIONS) };
  const declared = schema.$schema;
  if (declared === undefined) return validators['2020-12'];
  if (typeof declared !== 'string') return undefined;
  const uri = declared.replace(/^http:/, 'https:').replace(/#$/, '');
  if (uri === 'https://json-schema.org/draft/2020-12/schema') return validators['2020-12'];
  if (uri === 'https://json-schema.org/draft/2019-09/schema') return validators['2019-09'];
  if (uri === 'https://json-schema.org/draft-07/schema') return validators['draft-07'];
  return undefined;
}

function compile(schema: JsonObject): ValidateFunction | undefined {
  const size = measureJson(schema);
  if (size.bytes > MAX_VALIDATED_SCHEMA_BYTES || size.depth > MAX_ITEM_DEPTH) return undefined;
  const ajv = validatorFor(schema);
  if (ajv === undefined) return undefined;
  try {
    return ajv.compile(schema as AnySchema);
  } catch {
    return undefined; // invalid, or a $ref to something never fetched
  } finally {
    try {
      ajv.removeSchema(schema as AnySchema);
    } catch {
      // Nothing was added: the next schema starts clean either way.
    }
  }
}

function typesOf(property: unknown): readonly JsonType[] | undefined {
  if (!isRecord(property)) return undefined;
  const names = typeof property.type === 'string' ? [property.type] : Array.isArray(property.type) ? property.type : [];
  const types = names.filter((t): t is JsonType => typeof t === 'string' && JSON_TYPES.includes(t));
  return types.length === 0 ? undefined : types;
}

/** Reads a tool's input schema (someone else's: anything not understood is left out, never thrown). */
export function prepareInputSchema(schema: JsonObject): InputSchema {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const declared = new Set(Object.keys(properties));
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : []);
  const types = new Map<string, readonly JsonType[]>();
  for (const name of declared) {
    const found = typesOf(properties[name]);
    if (found !== undefined) types.set(name, found);
  }
  const openEnded = isRecord(schema.additionalProperties) || schema.additionalProperties === true || isRecord(schema.patternProperties);
  const closed = schema.additionalProperties === false && !isRecord(schema.patternProperties);
  const validator = compile(schema);
  return {
    required,
    declared,
    openEnded,
    closed,
    types,
    validate: validator === undefined ? undefined : (value) => validator(value) === true,
  };
}

/** The JSON type of a value as a schema's `type` keyword tests it (an integral number is also `integer`). */
export function hasJsonType(value: unknown, type: JsonType): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isRecord(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    default:
      return typeof value === type;
  }
}
