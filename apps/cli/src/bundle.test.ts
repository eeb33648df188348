import { dirname } from 'node:path';

import type { ReporterEntry } from '@mcp-eval/reporters';
import { REPORTERS } from '@mcp-eval/reporters';
import { beforeAll, describe, expect, it } from 'vitest';

import { BundleGraph } from './test-support/bundle-graph.js';
import { CLI } from './test-support/run-cli.js';

/** What a command's start path (`--help`, the flag table, the signal handler) may load, at most: measured 51 KB in 5 files. */
const START_PATH_MAX_BYTES = 96 * 1024;
/** What `--version` loads, at most: cli.js, the version module and rolldown's runtime (measured under 4 KB). */
const VERSION_PATH_MAX_BYTES = 8 * 1024;

const table: Readonly<Record<string, ReporterEntry>> = REPORTERS;

/** Code that loads only where it is used (docs/architecture.md, "The CLI bundle"). */
const LAZY: Readonly<Record<string, RegExp>> = {
  'the AI SDK and its providers': /\/(ai|@ai-sdk\/[a-z-]+)\/dist\//,
  'the model adapters': /packages\/models\/dist\/(ai-sdk-model-port|create-provider-model)\.js$/,
  OpenTelemetry: /\/@opentelemetry\//,
  'the html reporter': /packages\/reporters\/dist\/html\//,
  'the pdf step': /apps\/cli\/src\/output\/pdf\//,
  'the JSON-schema validator (ajv)': /\/ajv\/dist\//,
  'the YAML parser': /\/yaml\/dist\//,
  'TypeBox (the schemas)': /\/typebox\/build\//,
};

describe('the CLI bundle loads each stack only where it is used', () => {
  const dist = dirname(CLI);
  let graph: BundleGraph;
  beforeAll(async () => {
    graph = await BundleGraph.read(dist);
  });

  it(`--version loads cli.js and its static imports only: not main, in at most ${VERSION_PATH_MAX_BYTES} bytes`, async () => {
    const version = graph.staticClosure('cli.js');
    expect(version.has(graph.chunkOf('apps/cli/src/main.ts'))).toBe(false);
    expect(await graph.bytes(dist, version)).toBeLessThanOrEqual(VERSION_PATH_MAX_BYTES);
  });

  it(`a command's start path (cli.js, then main and the signal handler) holds none of them, in at most ${START_PATH_MAX_BYTES} bytes`, async () => {
    const start = new Set([
      ...graph.staticClosure('cli.js'),
      ...graph.staticClosure(graph.chunkOf('apps/cli/src/main.ts')),
      ...graph.staticClosure(graph.chunkOf('apps/cli/src/exit-on-signals.ts')),
    ]);
    for (const [stack, pattern] of Object.entries(LAZY)) {
      expect(graph.holding(pattern), `${stack} is in the bundle`).not.toEqual([]);
      expect(
        graph.holding(pattern).filter((chunk) => start.has(chunk)),
        `${stack} loads at start`,
      ).toEqual([]);
    }
    expect(await graph.bytes(dist, start)).toBeLessThanOrEqual(START_PATH_MAX_BYTES);
  });

  it('run without behavior cases, html, pdf or --otlp-endpoint loads no model, page or tracing code', () => {
    const run = graph.staticClosure(graph.chunkOf('apps/cli/src/commands/run.ts'));
    for (const stack of [
      'the AI SDK and its providers',
      'the model adapters',
      'OpenTelemetry',
      'the html reporter',
      'the pdf step',
    ] as const)
      expect(
        graph.holding(LAZY[stack] ?? /$^/).filter((chunk) => run.has(chunk)),
        `${stack} loads with run`,
      ).toEqual([]);
  });

  it('each text reporter loads alone: a json run never loads the JUnit XML builder', () => {
    const json = graph.staticClosure(graph.chunkOf('packages/reporters/dist/json.js'));
    expect(graph.holding(/\/junit-report-builder\//).filter((chunk) => json.has(chunk))).toEqual([]);
    const junit = graph.staticClosure(graph.chunkOf('packages/reporters/dist/junit.js'));
    expect(graph.holding(/\/junit-report-builder\//).filter((chunk) => junit.has(chunk))).not.toEqual([]);
  });

  it.each(Object.entries(table))(
    '%s is in one chunk, which loads no page reporter unless it reads sections, and never the browser driver',
    (name, entry) => {
      const own = graph.holding(new RegExp(`packages/reporters/dist/(${name}/)?${name}\\.js$`));
      expect(own).toHaveLength(1);
      const loaded = graph.staticClosure(own[0] ?? '');
      if (!entry.options.includes('sections'))
        expect(graph.holding(LAZY['the html reporter'] ?? /$^/).filter((chunk) => loaded.has(chunk))).toEqual([]);
      expect(graph.holding(LAZY['the pdf step'] ?? /$^/).filter((chunk) => loaded.has(chunk))).toEqual([]);
    },
  );
});
