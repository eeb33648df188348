// Writes dist/manifest.schema.json (exported as `@mcp-eval/core/manifest.schema.json`) after tsc:
// the manifest's JSON Schema, composed from every registered check's parameter schema, for
// editors (`# yaml-language-server: $schema=…`). Runs on the compiled output, so no TS loader.
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';

const dist = new URL('../dist/', import.meta.url);
const { buildManifestSchema } = await import(new URL('manifest/manifest-schema.js', dist).href);

// The registry lands separately; until it does (or while it is incomplete), write what is known
// and say what is missing instead of failing the build.
const HEADLINE_DIMENSIONS = ['discovery-cost', 'schema-guessability', 'error-honesty', 'state-recovery', 'contention'];
const registry = new URL('checks/index.js', dist);
let checks = [];
if (existsSync(fileURLToPath(registry))) {
  ({ checks } = await import(registry.href));
} else {
  console.warn('write-manifest-schema: no check registry (dist/checks/index.js); case parameters stay open');
}
const missing = HEADLINE_DIMENSIONS.filter((id) => !checks.some((c) => c.id === id && c.kind === 'dimension'));
if (missing.length > 0) console.warn(`write-manifest-schema: headline dimensions missing: ${missing.join(', ')}`);

const schema = buildManifestSchema(checks);

// Compile it as a user's validator would: a check whose params schema is not strict 2020-12
// fails here, at build time, instead of in parseManifest at a user's run.
const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormatsImport.default(ajv);
if (!ajv.validateSchema(schema)) {
  console.error(`write-manifest-schema: not a valid JSON Schema 2020-12: ${ajv.errorsText(ajv.errors)}`);
  process.exit(1);
}
try {
  ajv.compile(schema);
} catch (error) {
  console.error(`write-manifest-schema: the schema does not compile: ${error.message}`);
  process.exit(1);
}

await writeFile(new URL('manifest.schema.json', dist), `${JSON.stringify(schema, null, 2)}\n`);
const cases = checks.filter((c) => c.kind === 'dimension' || c.kind === 'probe').length;
console.log(`write-manifest-schema: wrote dist/manifest.schema.json (${cases} checks)`);
