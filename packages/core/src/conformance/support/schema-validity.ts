import { Ajv } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020, MissingRefError } from 'ajv/dist/2020.js';
import type { AnySchema, Options } from 'ajv';

import { isRecord } from '@mcp-eval/protocol';

/**
 * Why a tool's schema is not usable:
 * - `missing`: absent, or not a JSON object;
 * - `invalid`: not a valid schema of its dialect (the meta-schema rejects it, or it cannot compile);
 * - `unresolved-ref`: a `$ref` that resolves to nothing inside the schema;
 * - `not-object`: valid, but its root does not describe an object where the protocol requires one.
 */
export type SchemaProblem = 'missing' | 'invalid' | 'unresolved-ref' | 'not-object';

export type SchemaVerdict =
  { readonly ok: true } | { readonly ok: false; readonly problem: SchemaProblem } | { readonly ok: 'unknown-dialect' };

type Dialect = '2020-12' | '2019-09' | 'draft-07';

/** `$schema` URIs as servers write them (with or without `#`, http or https). */
function dialectOf(schema: Record<string, unknown>): Dialect | undefined {
  const declared = schema.$schema;
  // SEP-1613: a schema that names no dialect is 2020-12.
  if (declared === undefined) return '2020-12';
  if (typeof declared !== 'string') return undefined;
  const uri = declared.replace(/^http:/, 'https:').replace(/#$/, '');
  if (uri === 'https://json-schema.org/draft/2020-12/schema') return '2020-12';
  if (uri === 'https://json-schema.org/draft/2019-09/schema') return '2019-09';
  if (uri === 'https://json-schema.org/draft-07/schema') return 'draft-07';
  return undefined;
}

// Server schemas are someone else's: unknown keywords and formats are tolerated (strict: false),
// nothing is logged (a warning would print server text), and patterns compile the way most
// servers' own validators do (without the `u` flag).
const OPTIONS: Options = { strict: false, logger: false, validateFormats: false, unicodeRegExp: false, allErrors: false };

/**
 * One validator per dialect for the process: building one compiles its meta-schema, the costliest
 * step of a conformance run, and every compile below removes its schema again, so the validators
 * hold nothing of one check (or one era) when the next uses them.
 */
const VALIDATORS = new Map<Dialect, Ajv | Ajv2019 | Ajv2020>();

/**
 * Compiles tool schemas in their declared dialect (2020-12 when none is declared), one validator
 * per dialect (VALIDATORS, shared by the process), each schema removed again after compiling so that two tools
 * may reuse an `$id`. Remote `$ref`s are never fetched: a `$ref` must resolve inside the schema
 * (or to a meta-schema), otherwise it is `unresolved-ref`.
 */
export class SchemaChecker {
  #validator(dialect: Dialect): Ajv | Ajv2019 | Ajv2020 {
    let validator = VALIDATORS.get(dialect);
    if (validator === undefined) {
      validator = dialect === '2020-12' ? new Ajv2020(OPTIONS) : dialect === '2019-09' ? new Ajv2019(OPTIONS) : new Ajv(OPTIONS);
      VALIDATORS.set(dialect, validator);
    }
    return validator;
  }

  /**
   * Whether `value` is an instance of `schema`, compiled the same way `check` compiles it;
   * `unusable` when the schema itself cannot be compiled (`tool-schemas` reports why).
   */
  validate(schema: unknown, value: unknown): 'valid' | 'invalid' | 'unusable' {
    if (!isRecord(schema)) return 'unusable';
    const dialect = dialectOf(schema);
    if (dialect === undefined) return 'unusable';
    const validator = this.#validator(dialect);
    try {
      return validator.compile(schema as AnySchema)(value) ? 'valid' : 'invalid';
    } catch {
      return 'unusable';
    } finally {
      try {
        validator.removeSchema(schema as AnySchema);
      } catch {
        // As in `check`: nothing to remove.
      }
    }
  }

  /** `requireObject`: the protocol asks for a root of `type: "object"` (input schemas, legacy output schemas). */
  check(schema: unknown, requireObject: boolean): SchemaVerdict {
    if (!isRecord(schema)) return { ok: false, problem: 'missing' };
    const dialect = dialectOf(schema);
    if (dialect === undefined) return { ok: 'unknown-dialect' };
    const validator = this.#validator(dialect);
    try {
      validator.compile(schema as AnySchema);
    } catch (error) {
      return { ok: false, problem: error instanceof MissingRefError ? 'unresolved-ref' : 'invalid' };
    } finally {
      try {
        validator.removeSchema(schema as AnySchema);
      } catch {
        // Nothing was added, or it was already gone: either way the next schema starts clean.
      }
    }
    if (requireObject && schema.type !== 'object') return { ok: false, problem: 'not-object' };
    return { ok: true };
  }
}
