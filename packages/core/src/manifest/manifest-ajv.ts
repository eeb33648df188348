import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import type { FormatsPlugin } from 'ajv-formats';

// ajv-formats is CommonJS; under NodeNext its default export arrives as `.default`.
const addFormats: FormatsPlugin = addFormatsImport.default;

/**
 * The ajv instance for manifests: 2020-12, strict (our schemas and the checks' are ours to keep
 * clean), every error at once, `verbose` so each error carries the schema and value it is about
 * (the message writer needs both), and schema defaults written into the validated data.
 */
export function createManifestAjv(): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: true, verbose: true, useDefaults: true });
  addFormats(ajv);
  return ajv;
}
