import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import type { FormatsPlugin } from 'ajv-formats';

// ajv-formats is CommonJS; under NodeNext its default export arrives as `.default`.
const addFormats: FormatsPlugin = addFormatsImport.default;

/**
 * The ajv instance for manifests: 2020-12, strict (our schemas and the checks' are ours to keep
 * clean), every error at once, `verbose` so each error carries the schema and value it is about
 * (the message writer needs both), and schema defaults written into the validated data. With
 * `source`, ajv keeps each validator's code for standalone output (the build's precompiling).
 */
export function createManifestAjv(options: { readonly source: boolean } = { source: false }): Ajv2020 {
  const code = options.source ? { code: { source: true, esm: true } } : {};
  const ajv = new Ajv2020({ allErrors: true, strict: true, verbose: true, useDefaults: true, ...code });
  addFormats(ajv);
  return ajv;
}
