// Bundles the CLI with rolldown (see docs/architecture.md, "The CLI bundle"): dist/cli.js is the
// start path (the flag table and the few constants it names); code only some commands reach (a
// command's body, the model stack, the html and pdf reporters, the validators) is split into chunks
// beside it that load by dynamic import when used. The library packages keep their tsc module
// builds; this app is only run, never imported.
//
// `node build.mjs [outDir]` (default: dist). Set MCP_EVAL_BUNDLE_STATS=<file> to write each chunk's
// size and imports as JSON (bench/startup.mjs reads the entry's).
import { rename, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

import { rolldown } from 'rolldown';

const here = fileURLToPath(new URL('.', import.meta.url));
const out = process.argv[2] ?? `${here}dist`;
const staging = `${out}.building`;

/**
 * Not bundled: playwright-core reads its own files at run time and drives a browser the user
 * installs; `--reporter pdf` imports it when asked and says so when it is absent.
 */
const EXTERNAL = ['playwright-core'];

/**
 * Our packages' modules only define (no import-time effects), so a module whose exports go unused
 * is dropped: the flag table's `DEFAULT_CATALOG_BUDGET` then loads its own file, not core's index.
 * Third-party modules keep their declared side effects.
 */
function moduleSideEffects(id) {
  return id.includes('/node_modules/') || !/\/(packages|apps)\//.test(id) || id.endsWith('/apps/cli/src/cli.ts');
}

const inputOptions = {
  input: { cli: `${here}src/cli.ts` },
  platform: 'node',
  external: EXTERNAL,
  treeshake: { moduleSideEffects },
  logLevel: 'warn',
};

/**
 * The modules a command loads before it runs (main.ts and its static imports: the flag table and
 * the few constants it names), found by a first, in-memory pass. cli.js itself loads only
 * version.ts before deciding: `--version` answers without them.
 */
async function startModules() {
  const probe = await rolldown(inputOptions);
  const { output } = await probe.generate({ format: 'esm' });
  await probe.close();
  const chunks = new Map(output.filter((item) => item.type === 'chunk').map((chunk) => [chunk.fileName, chunk]));
  const modules = new Set();
  const visit = (name) => {
    const chunk = chunks.get(name);
    if (chunk === undefined || chunk.visited === true) return;
    chunk.visited = true;
    for (const id of chunk.moduleIds) modules.add(id);
    for (const next of chunk.imports) visit(next);
  };
  const main = [...chunks.values()].find((chunk) => chunk.facadeModuleId?.endsWith('/src/main.ts') === true);
  if (main === undefined) throw new Error('build: no chunk for src/main.ts');
  visit(main.fileName);
  return modules;
}

await rm(staging, { recursive: true, force: true });
const start = await startModules();
const bundle = await rolldown(inputOptions);
const { output } = await bundle.write({
  dir: staging,
  format: 'esm',
  // The start path in one chunk beside cli.js: one file to read and link instead of a dozen. The
  // bin's own module stays in cli.js (it has no top-level await, so chunks may import from it), and
  // version.ts in a chunk of its own: `--version` loads nothing else.
  codeSplitting: {
    groups: [
      { name: 'version', test: (id) => id.endsWith('/src/version.ts'), priority: 2 },
      { name: 'start', test: (id) => start.has(id) && !/\/src\/(cli|version)\.ts$/.test(id), priority: 1 },
    ],
  },
  // Flat beside cli.js: version.ts finds ../package.json from any chunk.
  entryFileNames: '[name].js',
  chunkFileNames: '[name]-[hash].js',
  sourcemap: true,
  // The maps name each chunk's sources (the bundle tests read them), without copying them in.
  sourcemapExcludeSources: true,
});
await bundle.close();
if (process.env.MCP_EVAL_BUNDLE_STATS !== undefined) {
  const chunks = output
    .filter((item) => item.type === 'chunk')
    .map(({ fileName, code, imports, dynamicImports, isEntry }) => ({ fileName, bytes: code.length, imports, dynamicImports, isEntry }));
  await writeFile(process.env.MCP_EVAL_BUNDLE_STATS, JSON.stringify(chunks, null, 2));
}
// Swap in whole, so a test spawning dist/cli.js mid-build runs the old bundle or the new one.
await rm(`${out}.old`, { recursive: true, force: true });
await rename(out, `${out}.old`).catch((error) => {
  if (error.code !== 'ENOENT') throw error;
});
await rename(staging, out);
await rm(`${out}.old`, { recursive: true, force: true });
