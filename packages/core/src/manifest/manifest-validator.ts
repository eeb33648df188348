import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';

import type { JsonSchema } from '../check.js';
import { schemaFingerprint } from '../validators/schema-fingerprint.js';
import { createManifestAjv } from './manifest-ajv.js';
import { precompiledManifestValidators } from './precompiled-manifest-validators.js';

// Created on the first compile only: building an ajv instance is part of the cost precompiling saves.
let ajv: Ajv2020 | undefined;

/**
 * The validator for `schema` under `key`: the build's precompiled one when it was generated from
 * this very schema, else compiled now (from source, or for a check outside the registry). Throws
 * what ajv throws when the schema does not compile.
 */
export function manifestValidator(key: string, schema: JsonSchema): ValidateFunction {
  const precompiled = precompiledManifestValidators?.[key];
  if (precompiled !== undefined && precompiled.fingerprint === schemaFingerprint(schema)) return precompiled.validate;
  ajv ??= createManifestAjv();
  return ajv.compile(schema);
}
