import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { installPacked } from '@mcp-eval/test-support';
import type { PackedProject } from '@mcp-eval/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { behaviorCaseChecks } from './checks/behavior/index.js';
import { checks } from './checks/index.js';

const coreDir = fileURLToPath(new URL('..', import.meta.url));
// Core's one workspace dependency: from its own tarball, as npm would fetch it for core.
const protocolDir = fileURLToPath(new URL('../../protocol', import.meta.url));

/** A saved tools/list result: what a user without any transport might have on disk. */
const CATALOG = {
  tools: [
    {
      name: 'get_weather',
      description: 'Returns the current weather for a city, as structured data with temperature and conditions.',
      inputSchema: {
        type: 'object',
        properties: { city: { type: 'string', description: 'City name.', maxLength: 100 } },
        required: ['city'],
      },
      annotations: { readOnlyHint: true },
    },
    { name: 'x', inputSchema: { type: 'string' } },
  ],
};

const MANIFEST = `version: 1
server:
  stdio: { command: my-own-server }
cases:
  - id: catalog-budget
    dimension: discovery-cost
    max_tools: 40
    max_schema_bytes: 65536
    budget: { catalog_bytes: 0.1 }
  - id: token-budget
    probe: token-cost
    max_total_tokens: 10
`;

/**
 * Runs in the installed project with only @mcp-eval/core: parse a manifest, build the manifest
 * schema, evaluate it through a connection the user wrote themselves (answering tools/list from the
 * saved catalog), compare with a baseline, and lint the catalog file.
 */
const SCRIPT = `
import { readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  buildManifestSchema, checks, createRunReport, evaluate, findCheck, judgeAgainstBaseline, lintCatalog, parseCatalogFile, parseManifest,
} from '@mcp-eval/core';

const require = createRequire(import.meta.url);
const catalogText = readFileSync('tools.json', 'utf8');
const catalog = JSON.parse(catalogText);

// A user's own Connection: in memory, answering tools/list from a saved catalog.
function connection() {
  const handshake = { outcome: 'result', method: 'server/discover', result: {}, requestBytes: 0, responseBytes: 0, latencyMs: 0, notifications: [] };
  return {
    transport: 'stdio', era: 'modern', protocolVersion: '2026-07-28', serverCapabilities: { tools: {} }, handshake, coldStartMs: 0, closed: false,
    async request(method) {
      const base = { method, requestBytes: 10, responseBytes: 10, latencyMs: 1, notifications: [] };
      if (method === 'tools/list') return { ...base, outcome: 'result', result: catalog };
      return { ...base, outcome: 'error', error: { code: -32601, message: 'not here' } };
    },
    async notify() {},
    async sendRaw() { throw new Error('not used'); },
    diagnostics() { return { nonJsonLines: 0, strayResponses: 0, unsolicitedMessages: 0, stderrBytes: 0 }; },
    async close() { this.closed = true; },
  };
}
const connector = { transport: 'stdio', async connect() { return connection(); } };

const parsed = parseManifest(readFileSync('mcp-eval.yaml', 'utf8'), 'mcp-eval.yaml', checks);
if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
const cases = parsed.manifest.cases.map((c) => ({ id: c.id, check: findCheck(c.check), params: c.params, location: c.location }));
const evaluation = await evaluate({ connector, cases });
const reportOf = (records) => createRunReport({
  command: 'run', toolVersion: '0.0.0', manifest: 'mcp-eval.yaml', target: { transport: 'stdio', protocol: evaluation.protocol },
  startedAt: new Date(), durationMs: 1, records, checks,
});
const baseline = reportOf(evaluation.records.map((r) => r.id === 'catalog-budget' ? { ...r, measurements: { ...r.measurements, catalogBytes: 10 } } : r));
const compared = judgeAgainstBaseline({
  records: evaluation.records, modelRecords: [], baseline, cases: parsed.manifest.cases,
  failOnInconclusive: false, catalog: undefined, driftFailOn: undefined,
});
const report = reportOf(compared.records);
const file = parseCatalogFile(catalogText);
const lint = lintCatalog(file.tools, { threshold: 70 });
const schema = JSON.parse(readFileSync(require.resolve('@mcp-eval/core/manifest.schema.json'), 'utf8'));
process.stdout.write(JSON.stringify({
  statuses: report.cases.map((c) => [c.id, c.status, c.label ?? null]),
  tools: report.cases[0].measurements.tools,
  summary: report.summary,
  lint: { cases: lint.cases.length, failing: lint.cases.filter((c) => c.status === 'fail').map((c) => c.id), gatePassed: lint.gatePassed, overall: lint.scores.overall },
  schemaCases: Object.keys(buildManifestSchema(checks).$defs).length,
  shippedSchemaId: schema.$id,
  installedAt: realpathSync(require.resolve('@mcp-eval/core/package.json')),
  dependencies: Object.keys(JSON.parse(readFileSync('package.json', 'utf8')).dependencies),
}));
`;

/** A strict TypeScript consumer that implements the Connection port itself. */
const CONSUMER_TS = `
import type { CaseRecord, Connection, Connector, Manifest, RunReport } from '@mcp-eval/core';
import { checks, evaluate, judgeAgainstBaseline, lintCatalog, parseManifest } from '@mcp-eval/core';

export async function run(text: string, connector: Connector, baseline: RunReport): Promise<readonly CaseRecord[]> {
  const parsed = parseManifest(text, 'mcp-eval.yaml', checks);
  if (!parsed.ok) return [];
  const manifest: Manifest = parsed.manifest;
  const cases = manifest.cases.flatMap((c) => {
    const check = checks.find((d) => d.id === c.check);
    return check ? [{ id: c.id, check, params: c.params }] : [];
  });
  const { records } = await evaluate({ connector, cases });
  const judged = judgeAgainstBaseline({
    records, modelRecords: [], baseline, cases: manifest.cases, failOnInconclusive: false, catalog: undefined, driftFailOn: undefined,
  });
  return judged.records;
}
export function gate(tools: unknown[]): boolean {
  return lintCatalog(tools).gatePassed;
}
export type Port = Connection;
export type Report = RunReport;
`;

/** A plug-in author's check and its test, with only @mcp-eval/core and its `testing` subpath. */
const PLUGIN_CHECK = `
import { defineCheck } from '@mcp-eval/core';

export const toolCount = defineCheck({
  id: 'tool-count',
  kind: 'probe',
  title: 'Tool count',
  summary: 'The server lists at least min_tools tools.',
  params: {
    type: 'object',
    properties: { min_tools: { type: 'integer', minimum: 1, default: 1, description: 'Fewest tools.' } },
    additionalProperties: false,
  },
  labels: { 'enough-tools': 'At least min_tools tools.', 'too-few-tools': 'Fewer than min_tools tools.' },
  async run(ctx, params) {
    const listed = await ctx.connection.request('tools/list', {});
    const tools = listed.outcome === 'result' && Array.isArray(listed.result.tools) ? listed.result.tools.length : 0;
    const label = tools >= params.min_tools ? 'enough-tools' : 'too-few-tools';
    return { status: label === 'enough-tools' ? 'pass' : 'fail', label, measurements: { tools } };
  },
});
`;

const PLUGIN_TEST = `
import { CHECK_CASE_TIMEOUT_MS, documentsLabel, evaluateCheckCase, parseCase } from '@mcp-eval/core/testing';
import { toolCount } from './tool-count.mjs';

function connector(tools) {
  const handshake = { outcome: 'result', method: 'server/discover', result: {}, requestBytes: 0, responseBytes: 0, latencyMs: 0, notifications: [] };
  const connection = {
    transport: 'stdio', era: 'modern', protocolVersion: '2026-07-28', serverCapabilities: { tools: {} }, handshake, coldStartMs: 0, closed: false,
    async request(method) {
      const base = { method, requestBytes: 10, responseBytes: 10, latencyMs: 1, notifications: [] };
      return { ...base, outcome: 'result', result: { tools: Array.from({ length: tools }, (_, i) => ({ name: 't' + i, inputSchema: { type: 'object' } })) } };
    },
    async notify() {},
    async sendRaw() { throw new Error('not used'); },
    diagnostics() { return { nonJsonLines: 0, strayResponses: 0, unsolicitedMessages: 0, stderrBytes: 0 }; },
    async close() { this.closed = true; },
  };
  return { transport: 'stdio', async connect() { return connection; } };
}

const parsed = parseCase(toolCount, 'probe: tool-count');
const refused = parseCase(toolCount, 'probe: tool-count\\nmin_tools: 0');
const passing = await evaluateCheckCase(toolCount, parsed.params, connector(2), { timeoutMs: 1000 });
const failing = await evaluateCheckCase(toolCount, { min_tools: 3 }, connector(2));
process.stdout.write(JSON.stringify({
  params: parsed.params,
  refused: refused.ok,
  passing: [passing.status, passing.label, passing.measurements.tools],
  failing: [failing.status, failing.label],
  timeout: CHECK_CASE_TIMEOUT_MS,
  documented: [documentsLabel('| \\\`too-few-tools\\\` |', 'too-few-tools'), documentsLabel('nothing', 'too-few-tools')],
}));
`;

/** A strict TypeScript plug-in test against the `testing` subpath's declarations. */
const TESTING_CONSUMER_TS = `
import type { CaseRecord, CheckDefinition, Connector } from '@mcp-eval/core';
import type { CheckCaseOptions, ParsedCase } from '@mcp-eval/core/testing';
import { evaluateCheckCase, parseCase } from '@mcp-eval/core/testing';

export async function test(check: CheckDefinition, connector: Connector): Promise<CaseRecord | undefined> {
  const parsed: ParsedCase = parseCase(check, 'probe: ' + check.id);
  const options: CheckCaseOptions = { timeoutMs: 1000, repeat: 1 };
  return parsed.ok ? evaluateCheckCase(check, parsed.params, connector, options) : undefined;
}
`;

// Packing and a real npm install take a while (the registry when npm's cache is cold).
describe('@mcp-eval/core installed alone from its tarball', { timeout: 600_000 }, () => {
  let project: PackedProject | undefined;

  beforeAll(async () => {
    project = await installPacked([coreDir], { transitive: [protocolDir] });
  }, 600_000);

  afterAll(async () => {
    await project?.remove();
  });

  it('parses a manifest, evaluates it through a user-written connection, compares a baseline and lints a catalog, without transports', async () => {
    const dir = project!.dir;
    await writeFile(join(dir, 'tools.json'), JSON.stringify(CATALOG));
    await writeFile(join(dir, 'mcp-eval.yaml'), MANIFEST);
    await writeFile(join(dir, 'check.mjs'), SCRIPT);
    const output = JSON.parse(await project!.node(['check.mjs'])) as Record<string, unknown>;
    expect(output).toMatchObject({
      statuses: [
        ['catalog-budget', 'fail', 'measurement-grew'],
        ['token-budget', 'fail', 'total-over-budget'],
      ],
      tools: 2,
      summary: { cases: 2, pass: 0, fail: 2, skip: 0, error: 0 },
      lint: { gatePassed: false },
      shippedSchemaId: 'https://mcp-eval.dev/schemas/manifest.schema.json',
      dependencies: ['@mcp-eval/core'],
    });
    expect((output.lint as { failing: string[] }).failing).toContain('protocol-input-schema-type-object');
    // Every dimension and probe, and the behavior family's three case kinds.
    expect(output.schemaCases).toBe(checks.length + behaviorCaseChecks.length);
    // Really the installed copy, not a link back into the workspace.
    expect(String(output.installedAt).startsWith(dir)).toBe(true);
  });

  it('ships declarations a strict TypeScript consumer can compile against', async () => {
    await project!.compileStrict(CONSUMER_TS);
  });

  it('resolves @mcp-eval/core/testing: a plug-in check parsed and evaluated with the project harness', async () => {
    const dir = project!.dir;
    await writeFile(join(dir, 'tool-count.mjs'), PLUGIN_CHECK);
    await writeFile(join(dir, 'tool-count.test.mjs'), PLUGIN_TEST);
    const output = JSON.parse(await project!.node(['tool-count.test.mjs'])) as Record<string, unknown>;
    expect(output).toEqual({
      params: { min_tools: 1 },
      refused: false,
      passing: ['pass', 'enough-tools', 2],
      failing: ['fail', 'too-few-tools'],
      timeout: 5000,
      documented: [true, false],
    });
  });

  it('ships declarations for the testing subpath that a strict TypeScript plug-in test compiles against', async () => {
    await project!.compileStrict(TESTING_CONSUMER_TS);
  });
});
