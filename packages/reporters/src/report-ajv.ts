import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import type { FormatsPlugin } from 'ajv-formats';

// ajv-formats is CJS (`module.exports = X; exports.default = X`); under NodeNext the default import
// is typed as the module object, so `.default` is the plugin both in types and at run time.
const addFormats: FormatsPlugin = addFormatsImport.default;

/**
 * The ajv instance for saved reports: 2020-12, strict, formats. The file is untrusted: collecting
 * every error costs quadratic time on a file of many bad cases (8k took 3 s, 200k minutes); the
 * first error is enough to refuse it, so ajv stops there. With `source`, ajv keeps the
 * validator's code for standalone output (the build's precompiling).
 */
export function createReportAjv(options: { readonly source: boolean } = { source: false }): Ajv2020 {
  const code = options.source ? { code: { source: true, esm: true } } : {};
  const ajv = new Ajv2020({ allErrors: false, strict: true, ...code });
  addFormats(ajv);
  return ajv;
}
