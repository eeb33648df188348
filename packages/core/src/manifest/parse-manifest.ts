import { LineCounter, parseDocument } from 'yaml';
import type { ValidateFunction } from 'ajv';
import { HTTP_URL_EXPECTED, isHttpUrl, isRecord, pushAll } from '@mcp-eval/protocol';

import type { CatalogBudget } from '../catalog/catalog-budget.js';
import { DEFAULT_CATALOG_BUDGET } from '../catalog/catalog-budget.js';
import type { CheckDefinition } from '../check.js';
import { checkAliasExpansion, describeAliasProblem } from './alias-expansion.js';
import { describeAjvErrors } from './ajv-error-messages.js';
import { collectEnvReferences } from './collect-env-references.js';
import { scanEnvTemplate } from './env-template.js';
import { checkServerValues } from './server-values.js';
import type { ManifestError, ManifestResult } from './manifest-error.js';
import { sortManifestErrors } from './manifest-error.js';
import { manifestValidator } from './manifest-validator.js';
import { STRUCTURE_VALIDATOR_KEY } from './manifest-validator-schemas.js';
import { buildManifestStructureSchema, DEFAULT_PROTOCOL, DEFAULT_REPEAT, DEFAULT_TIMEOUT_MS } from './manifest-schema.js';
import type { ManifestDocument } from './manifest-schema.js';
import type { CaseSpec, EnvReference, Manifest, ServerSpec } from './manifest-types.js';
import { validateCases } from './validate-cases.js';
import { modelLayerOf } from './model-layer-of.js';
import { validateModelEndpoints } from './validate-model-endpoints.js';
import { validateModels } from './validate-models.js';
import { validateRoles } from './validate-roles.js';
import { createYamlLocator, renderPath } from './yaml-locator.js';
import type { YamlLocator, YamlPath } from './yaml-locator.js';

let structureValidator: ValidateFunction | undefined;

function validateStructure(data: unknown): ValidateFunction {
  structureValidator ??= manifestValidator(STRUCTURE_VALIDATOR_KEY, buildManifestStructureSchema());
  structureValidator(data);
  return structureValidator;
}

type ServerDocument = ManifestDocument['server'];

/** `server.max_catalog_bytes` / `max_catalog_tools`, when either is written; the other keeps its default. */
function catalogBudgetOf(server: ServerDocument): { catalogBudget?: CatalogBudget } {
  const { max_catalog_bytes: maxBytes, max_catalog_tools: maxItems } = server;
  if (maxBytes === undefined && maxItems === undefined) return {};
  return {
    catalogBudget: {
      maxBytes: maxBytes ?? DEFAULT_CATALOG_BUDGET.maxBytes,
      maxItems: maxItems ?? DEFAULT_CATALOG_BUDGET.maxItems,
    },
  };
}

/**
 * The typed manifest from data that passed both stages. ajv has written the schema's defaults in;
 * the same defaults are named here only so the types need no assertion.
 */
function toManifest(data: ManifestDocument, file: string, cases: CaseSpec[], envReferences: EnvReference[]): Manifest {
  const { server } = data;
  const common = {
    protocol: server.protocol ?? DEFAULT_PROTOCOL,
    timeoutMs: server.timeout_ms ?? DEFAULT_TIMEOUT_MS,
    ...catalogBudgetOf(server),
  };
  let spec: ServerSpec;
  if (server.stdio !== undefined) {
    const { command, args, env, cwd } = server.stdio;
    spec = {
      transport: 'stdio',
      command,
      args: args ?? [],
      env: env ?? {},
      ...(cwd === undefined ? {} : { cwd }),
      ...(server.pass_env === undefined ? {} : { passEnv: server.pass_env }),
      ...common,
    };
  } else {
    // The structure stage's oneOf: exactly one of stdio and http.
    const http = server.http as NonNullable<ServerDocument['http']>;
    spec = { transport: 'http', url: http.url, headers: http.headers ?? {}, ...common };
  }
  return {
    version: data.version,
    file,
    server: spec,
    ...(data.sandbox === undefined ? {} : { sandbox: { name: data.sandbox.name } }),
    repeat: data.repeat ?? DEFAULT_REPEAT,
    ...(data.drift === undefined ? {} : { drift: { failOn: data.drift.fail_on ?? 'breaking' } }),
    cases,
    envReferences,
  };
}

/** A URL without references can be checked now; one with references is checked after expansion. */
function checkUrl(data: unknown, file: string, locator: YamlLocator): ManifestError[] {
  const url = isRecord(data) && isRecord(data.server) && isRecord(data.server.http) ? data.server.http.url : undefined;
  if (typeof url !== 'string' || scanEnvTemplate(url).active || isHttpUrl(url)) return [];
  const at = locator.value(['server', 'http', 'url']);
  return [{ file, ...at, message: `\`url\` in \`server.http\` ${HTTP_URL_EXPECTED}` }];
}

/** The server's strings with their `${env:…}` references left out: what is known before expansion. */
function literalServer(server: ServerSpec): ServerSpec {
  const literal = (value: string): string =>
    scanEnvTemplate(value)
      .parts.map((p) => (p.kind === 'text' ? p.text : ''))
      .join('');
  const each = (record: Record<string, string>): Record<string, string> =>
    Object.fromEntries(Object.entries(record).map(([k, v]) => [k, literal(v)]));
  if (server.transport === 'http') return { ...server, url: literal(server.url), headers: each(server.headers) };
  return {
    ...server,
    command: literal(server.command),
    args: server.args.map(literal),
    env: each(server.env),
    ...(server.cwd === undefined ? {} : { cwd: literal(server.cwd) }),
  };
}

/** Literal server strings HTTP or `spawn` would refuse (expansion is checked again by expandEnv). */
function checkLiteralServer(server: ServerSpec, file: string, locator: YamlLocator): ManifestError[] {
  const yamlPath = (path: YamlPath): YamlPath => ['server', server.transport, ...path.slice(1)];
  const where = (path: YamlPath): string => `\`${renderPath(yamlPath(path))}\``;
  return checkServerValues(literalServer(server), where).map((problem) => {
    const at = problem.atKey ? locator.key(yamlPath(problem.path)) : locator.value(yamlPath(problem.path));
    return { file, ...at, message: problem.message };
  });
}

/**
 * Parses and validates a manifest. Never throws on bad input: every YAML error, then every
 * structural and per-case error, comes back located (file, 1-based line and column). Stages:
 * YAML syntax; the top level (version, server, sandbox, repeat, cases); each case against its
 * check; `${env:…}` syntax. `${env:…}` references are recorded, not resolved: see `expandEnv`.
 */
export function parseManifest(text: string, file: string, checks: readonly CheckDefinition[]): ManifestResult {
  // A BOM would shift every column on line 1.
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const locator = createYamlLocator(doc, lineCounter);
  const fail = (errors: ManifestError[]): ManifestResult => ({ ok: false, errors: sortManifestErrors(errors) });

  // Warnings too (an unresolved `!tag`): a manifest has no use for anything YAML only warns about.
  const yamlProblems = [...doc.errors, ...doc.warnings];
  if (yamlProblems.length > 0) {
    return fail(yamlProblems.map((e) => ({ file, ...locator.at(e.pos[0]), message: `invalid YAML: ${e.message}` })));
  }
  if (doc.contents === null) {
    return fail([{ file, line: 1, column: 1, message: 'the manifest is empty (expected `version`, `server` and `cases`)' }]);
  }
  const aliasProblem = checkAliasExpansion(doc);
  if (aliasProblem) return fail([{ file, ...locator.at(aliasProblem.offset), message: describeAliasProblem(aliasProblem) }]);
  let data: unknown;
  try {
    // Expansion is bounded by checkAliasExpansion above, not by yaml's per-alias count.
    data = doc.toJS({ maxAliasCount: -1 });
  } catch {
    return fail([{ file, line: 1, column: 1, message: 'invalid YAML: the document cannot be read as data' }]);
  }

  const structure = validateStructure(data);
  const errors = describeAjvErrors(structure.errors ?? [], { file, locator, base: [], data });
  pushAll(errors, checkUrl(data, file, locator));
  pushAll(errors, validateModelEndpoints(data, file, locator));
  const items = isRecord(data) && Array.isArray(data.cases) ? data.cases : [];
  const validated = validateCases(items, checks, file, locator);
  pushAll(errors, validated.errors);
  if (validated.errors.length === 0) pushAll(errors, validateModels(data, validated.cases, file, locator));
  if (validated.errors.length === 0) pushAll(errors, validateRoles(data, file, locator));
  const env = collectEnvReferences(doc, source, file, locator);
  pushAll(errors, env.errors);

  if (errors.length > 0 || !isRecord(data)) return fail(errors);
  // Both stages passed: `data` is a manifest document.
  const manifest = {
    ...toManifest(data as ManifestDocument, file, validated.cases, env.references),
    ...modelLayerOf(data as ManifestDocument, validated.cases, file, locator),
  };
  const unusable = checkLiteralServer(manifest.server, file, locator);
  return unusable.length > 0 ? fail(unusable) : { ok: true, manifest };
}
