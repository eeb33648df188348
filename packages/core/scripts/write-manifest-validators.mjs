// Writes dist/manifest/precompiled-manifest-validators.js after tsc, over the module tsc emitted
// (which exports none): every validator parseManifest compiles for the registered checks, as ajv
// standalone code, so a run skips ajv's compile (docs/architecture.md). Runs on the compiled output.
import { rm, writeFile } from 'node:fs/promises';

const dist = new URL('../dist/', import.meta.url);
const { manifestValidatorsModule } = await import(new URL('manifest/manifest-validators-module.js', dist).href);
const { checks } = await import(new URL('checks/index.js', dist).href);

const target = new URL('manifest/precompiled-manifest-validators.js', dist);
const source = manifestValidatorsModule(checks);
await writeFile(target, source);
// tsc's map describes the module this replaces.
await rm(new URL('manifest/precompiled-manifest-validators.js.map', dist), { force: true });
console.log(`write-manifest-validators: wrote dist/manifest/precompiled-manifest-validators.js (${source.length} bytes)`);
