import type { CheckDefinition } from '../check.js';
import { schemaFingerprint } from '../validators/schema-fingerprint.js';
import { standaloneModule } from '../validators/standalone-module.js';
import { createManifestAjv } from './manifest-ajv.js';
import { manifestValidatorSchemas } from './manifest-validator-schemas.js';

/**
 * The source of dist/manifest/precompiled-manifest-validators.js: every validator parseManifest
 * compiles for `checks`, as ajv standalone code with the manifest ajv's options, and the table
 * `precompiledManifestValidators` (key → fingerprint and validator) manifest-validator.ts reads.
 */
export function manifestValidatorsModule(checks: readonly CheckDefinition[]): string {
  const ajv = createManifestAjv({ source: true });
  const exportNames: Record<string, string> = {};
  const table: string[] = [];
  [...manifestValidatorSchemas(checks)].forEach(([key, schema], index) => {
    ajv.addSchema(schema, key);
    exportNames[`validator${index}`] = key;
    table.push(`  ${JSON.stringify(key)}: { fingerprint: ${JSON.stringify(schemaFingerprint(schema))}, validate: validator${index} },`);
  });
  return `${standaloneModule(ajv, exportNames)}export const precompiledManifestValidators = {\n${table.join('\n')}\n};\n`;
}
