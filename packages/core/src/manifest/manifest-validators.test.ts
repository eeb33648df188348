import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import type { ValidateFunction } from 'ajv';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

import type { JsonSchema } from '../check.js';
import { checks } from '../checks/index.js';
import type { PrecompiledValidators } from '../validators/precompiled-validator.js';
import { schemaFingerprint } from '../validators/schema-fingerprint.js';
import { createManifestAjv } from './manifest-ajv.js';
import { buildManifestStructureSchema } from './manifest-schema.js';
import { manifestValidatorSchemas, STRUCTURE_VALIDATOR_KEY } from './manifest-validator-schemas.js';
import { manifestValidatorsModule } from './manifest-validators-module.js';
import { EXAMPLE_MANIFEST } from './test-support/example-manifest.js';

const packageDir = fileURLToPath(new URL('../../', import.meta.url));
// Under the package's node_modules, so the generated imports (ajv's run-time helpers) resolve.
const scratch = mkdtempSync(join(packageDir, 'node_modules', '.manifest-validators-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function generated(): Promise<PrecompiledValidators> {
  const file = join(scratch, 'precompiled.mjs');
  writeFileSync(file, manifestValidatorsModule(checks));
  const module = (await import(pathToFileURL(file).href)) as { precompiledManifestValidators: PrecompiledValidators };
  return module.precompiledManifestValidators;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = Readonly<Record<string, unknown>>;

/** A value the schema likely accepts: its const, first enum value, default, or the smallest of its type. */
function sample(schema: Schema, defs: Schema, depth = 0): Json {
  if (depth > 6) return null;
  if (typeof schema.$ref === 'string') return sample((defs[schema.$ref.split('/').pop() ?? ''] ?? {}) as Schema, defs, depth + 1);
  if ('const' in schema) return schema.const as Json;
  if (Array.isArray(schema.enum)) return schema.enum[0] as Json;
  if ('default' in schema) return schema.default as Json;
  const branch = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (branch?.[0] !== undefined) return sample(branch[0], defs, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return 'a'.repeat(Math.max(1, Number(schema.minLength ?? 1)));
    case 'integer':
    case 'number':
      return Number(schema.minimum ?? schema.exclusiveMinimum ?? 0) + 1;
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Number(schema.minItems ?? 0) }, () => sample((schema.items ?? {}) as Schema, defs, depth + 1));
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = (schema.required ?? []) as string[];
      return Object.fromEntries(required.map((key) => [key, sample(properties[key] ?? {}, defs, depth + 1)]));
    }
    default:
      return null;
  }
}

const WRONG: readonly Json[] = [null, 'x', '', -1, 1.5, true, [], [1], {}, { unknown: 1 }];

/** The sample, an empty object, an unknown key, and every property missing or given each wrong value. */
function corpus(schema: JsonSchema): Json[] {
  const defs = (schema.$defs ?? {}) as Schema;
  const base = sample(schema, defs);
  const record = typeof base === 'object' && base !== null && !Array.isArray(base) ? base : {};
  const inputs: Json[] = [base, {}, 'not a mapping', { ...record, not_a_key: 1 }];
  for (const [key, property] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
    const { [key]: _dropped, ...without } = record;
    inputs.push(without, { ...record, [key]: sample(property, defs) });
    for (const value of WRONG) inputs.push({ ...record, [key]: value });
  }
  return inputs;
}

/** Both validators on their own copy (useDefaults writes into it): outcome, errors and defaulted data. */
function outcome(validate: ValidateFunction, input: Json): unknown {
  const data = structuredClone(input);
  const valid = validate(data);
  return { valid, errors: validate.errors ?? null, data };
}

describe('the build-time manifest validators', () => {
  const schemas = manifestValidatorSchemas(checks);

  it('cover the structure stage and every case kind, each with its schema fingerprint', async () => {
    const table = await generated();
    expect(Object.keys(table).sort()).toEqual([...schemas.keys()].sort());
    expect(schemas.size).toBeGreaterThan(20);
    for (const [key, schema] of schemas) expect(table[key]?.fingerprint, key).toBe(schemaFingerprint(schema));
  });

  it('agree with the run-time compile on valid and invalid inputs: validity, every error, the defaults written', async () => {
    const table = await generated();
    const ajv = createManifestAjv();
    let valid = 0;
    let invalid = 0;
    for (const [key, schema] of schemas) {
      const runtime = ajv.compile(schema);
      const precompiled = table[key]?.validate;
      if (precompiled === undefined) throw new Error(`no precompiled validator for ${key}`);
      for (const input of corpus(schema)) {
        const expected = outcome(runtime, input);
        expect(outcome(precompiled, input), key).toEqual(expected);
        if ((expected as { valid: boolean }).valid) valid += 1;
        else invalid += 1;
      }
    }
    // The corpus reaches both sides of every validator family, not only refusals.
    expect(valid).toBeGreaterThan(schemas.size);
    expect(invalid).toBeGreaterThan(schemas.size * 10);
  });

  it('agree on a whole manifest (the design example): the structure and each of its cases', async () => {
    const table = await generated();
    const ajv = createManifestAjv();
    const data = parse(EXAMPLE_MANIFEST) as { cases: Record<string, Json>[] };
    const structure = outcome(table[STRUCTURE_VALIDATOR_KEY]?.validate as ValidateFunction, data as unknown as Json);
    expect(structure).toEqual(outcome(ajv.compile(buildManifestStructureSchema()), data as unknown as Json));
    expect((structure as { valid: boolean }).valid).toBe(true);
    for (const item of data.cases) {
      const key = `case:${String(item.dimension ?? item.probe ?? item.behavior)}`;
      const schema = schemas.get(key);
      if (schema === undefined) continue; // a check of the design text not (yet) registered
      expect(outcome(table[key]?.validate as ValidateFunction, item), key).toEqual(outcome(ajv.compile(schema), item));
    }
  });
});

describe('the built package', () => {
  const built = new URL('../../dist/manifest/', import.meta.url);

  it('carries the generated validators in dist (the build step ran) and uses one only for the schema it came from', async () => {
    const source = readFileSync(new URL('precompiled-manifest-validators.js', built), 'utf8');
    expect(source).toContain('export const precompiledManifestValidators');
    const { precompiledManifestValidators: table } = (await import(new URL('precompiled-manifest-validators.js', built).href)) as {
      precompiledManifestValidators: PrecompiledValidators;
    };
    const { manifestValidator } = (await import(new URL('manifest-validator.js', built).href)) as {
      manifestValidator: (key: string, schema: JsonSchema) => ValidateFunction;
    };
    const schema = buildManifestStructureSchema();
    expect(manifestValidator(STRUCTURE_VALIDATOR_KEY, schema)).toBe(table[STRUCTURE_VALIDATOR_KEY]?.validate);
    // Another schema under the same key (a stale build, a check outside the registry) is compiled.
    const { $id: _id, ...rest } = schema;
    const stricter = { ...rest, maxProperties: 1 };
    const validate = manifestValidator(STRUCTURE_VALIDATOR_KEY, stricter);
    expect(validate).not.toBe(table[STRUCTURE_VALIDATOR_KEY]?.validate);
    const data = parse(EXAMPLE_MANIFEST) as unknown;
    expect(table[STRUCTURE_VALIDATOR_KEY]?.validate(structuredClone(data))).toBe(true);
    expect(validate(structuredClone(data))).toBe(false);
  });
});
