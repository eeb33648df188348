// Writes dist/precompiled-report-validator.js after tsc, over the module tsc emitted (which
// exports none): parseReport's validator of a saved report as ajv standalone code, so `report`,
// `merge` and `--baseline` skip ajv's compile (docs/architecture.md). Runs on the compiled output.
import { rm, writeFile } from 'node:fs/promises';

const dist = new URL('../dist/', import.meta.url);
const { reportValidatorModule } = await import(new URL('report-validator-module.js', dist).href);

const source = reportValidatorModule();
await writeFile(new URL('precompiled-report-validator.js', dist), source);
// tsc's map describes the module this replaces.
await rm(new URL('precompiled-report-validator.js.map', dist), { force: true });
console.log(`write-report-validator: wrote dist/precompiled-report-validator.js (${source.length} bytes)`);
