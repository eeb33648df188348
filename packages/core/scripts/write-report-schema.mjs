// Writes dist/report.schema.json (exported as `@mcp-eval/core/report.schema.json`, and re-shipped
// by @mcp-eval/reporters at its old path) after tsc: generated from the record schemas in
// src/record.ts, so the record types and the report's JSON Schema are one definition.
import { writeFile } from 'node:fs/promises';

import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';

const dist = new URL('../dist/', import.meta.url);
const { reportJsonSchema } = await import(new URL('report-schema.js', dist).href);
const schema = reportJsonSchema();

// Compile it as parseReport does (strict): a record schema that is not strict 2020-12 fails the build.
const ajv = new Ajv2020({ strict: true });
addFormatsImport.default(ajv);
try {
  ajv.compile(schema);
} catch (error) {
  console.error(`write-report-schema: the schema does not compile: ${error.message}`);
  process.exit(1);
}

await writeFile(new URL('report.schema.json', dist), `${JSON.stringify(schema, null, 2)}\n`);
console.log('write-report-schema: wrote dist/report.schema.json');
