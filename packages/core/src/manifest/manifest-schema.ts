import { isRecord, PROTOCOL_CHOICES, pushAll, type ProtocolChoice } from '@mcp-eval/protocol';
import Type, { type Static, type TUnsafe } from 'typebox';

import type { CheckDefinition, JsonSchema } from '../check.js';
import type { Gate } from '../record.js';
import { budgetSchema } from './budget-schema.js';
import type { BehaviorCheckDefinition } from '../checks/behavior/behavior-check.js';
import { behaviorCaseChecks } from '../checks/behavior/index.js';
import { GoldenSchema, ModelDefaultsSchema, ModelsSchema } from './model-schema.js';
import { GeneratorSchema, JudgeSchema } from './role-schema.js';

/**
 * The manifest's JSON Schema (2020-12), built from the checks' own parameter schemas. The same
 * pieces serve the published `manifest.schema.json` (editor completion) and `parseManifest`'s
 * staged validation, so the two cannot drift.
 */

export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';
export const MANIFEST_SCHEMA_ID = 'https://mcp-eval.dev/schemas/manifest.schema.json';

export const GATES: readonly Gate[] = ['hard', 'soft'];
export const CASE_KINDS = ['dimension', 'probe', 'behavior'] as const;
export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_PROTOCOL: ProtocolChoice = 'auto';
export const DEFAULT_REPEAT = 1;
/** `server.pass_env`: a variable name as a shell writes one, and a bound on how many. */
export const ENV_NAME_PATTERN = '^[A-Za-z_][A-Za-z0-9_]*$';
export const MAX_PASS_ENV = 64;

/** Case keys that belong to the manifest, not to a check: no check may use them as parameters. */
export const CASE_KEYS: readonly string[] = ['id', 'dimension', 'probe', 'behavior', 'gate', 'budget'];

/** Case ids travel into every report (JUnit names, SARIF fingerprints, `--only`): keep them plain. */
export const CASE_ID_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]*$';

/** `env` and `headers`: names to strings, exactly `additionalProperties: {type: 'string'}`. */
function stringMap(description: string): TUnsafe<Record<string, string>> {
  return Type.Unsafe<Record<string, string>>({ type: 'object', additionalProperties: { type: 'string' }, default: {}, description });
}

export const StdioSchema = Type.Object(
  {
    command: Type.String({ minLength: 1, description: 'The executable. `${env:NAME}` is expanded at run time.' }),
    args: Type.Optional(Type.Array(Type.String(), { default: [], description: 'Arguments to the command.' })),
    env: Type.Optional(stringMap('Extra environment variables for the server process (values are strings; quote numbers).')),
    cwd: Type.Optional(
      Type.String({ minLength: 1, description: "Working directory, relative to the manifest's directory (the default)." }),
    ),
  },
  {
    title: 'stdio server',
    description: 'Launch the server as a child process and speak newline-delimited JSON-RPC over its stdin/stdout.',
    additionalProperties: false,
  },
);

export const HttpSchema = Type.Object(
  {
    url: Type.String({ minLength: 1, description: 'An http:// or https:// URL, e.g. http://127.0.0.1:3000/mcp.' }),
    headers: Type.Optional(stringMap('Headers sent with every request, e.g. `Authorization: "Bearer ${env:TOKEN}"`. Never reported.')),
  },
  { title: 'HTTP server', description: 'Speak Streamable HTTP to a running server.', additionalProperties: false },
);

export const ServerSchema = Type.Object(
  {
    stdio: Type.Optional(StdioSchema),
    http: Type.Optional(HttpSchema),
    protocol: Type.Optional(
      Type.Enum([...PROTOCOL_CHOICES], {
        default: DEFAULT_PROTOCOL,
        description: '`auto` tries `server/discover` (2026-07-28) and falls back to `initialize`; or pin one era.',
      }),
    ),
    timeout_ms: Type.Optional(
      Type.Integer({ minimum: 1, default: DEFAULT_TIMEOUT_MS, description: 'Per-request time limit in milliseconds.' }),
    ),
    pass_env: Type.Optional(
      Type.Array(Type.String({ pattern: ENV_NAME_PATTERN, maxLength: 128 }), {
        uniqueItems: true,
        maxItems: MAX_PASS_ENV,
        description: `With \`stdio\`: names of MCP Eval's own environment variables passed to the server unchanged (e.g. HTTPS_PROXY), on top of the allowlist; at most ${MAX_PASS_ENV}. Values are read at start-up and never reported.`,
      }),
    ),
    max_catalog_bytes: Type.Optional(
      Type.Integer({
        minimum: 1,
        description:
          'Most bytes one list walk (e.g. every page of `tools/list`) may receive before it stops with `catalog-budget-exceeded`; default 67108864 (64 MiB).',
      }),
    ),
    max_catalog_tools: Type.Optional(
      Type.Integer({
        minimum: 1,
        description:
          'Most items (tools, resources, prompts) one list walk may collect before it stops with `catalog-budget-exceeded`; default 50000.',
      }),
    ),
  },
  {
    title: 'Server under evaluation',
    description: 'Exactly one of `stdio` or `http`, with the protocol era and the per-request time limit.',
    additionalProperties: false,
    // pass_env names variables for a server process: an HTTP server has none.
    if: { properties: { http: true }, required: ['http'] },
    then: { properties: { pass_env: false } },
    // `properties` repeated in each branch only to satisfy ajv's strictRequired.
    oneOf: [
      { properties: { stdio: true }, required: ['stdio'] },
      { properties: { http: true }, required: ['http'] },
    ],
  },
);

export const SandboxSchema = Type.Object(
  { name: Type.String({ minLength: 1, description: 'A name for the sandbox, for people.' }) },
  {
    title: 'Sandbox',
    description: 'Declare only for a server that is safe to mutate; mutating cases also need `--allow-mutation`.',
    additionalProperties: false,
  },
);

/** The manifest document around its cases; `caseItems` is what each case must be at this stage. */
function documentSchema(caseItems: JsonSchema) {
  return Type.Object(
    {
      version: Type.Unsafe<1>({ const: 1, description: 'Manifest format version.' }),
      server: ServerSchema,
      sandbox: Type.Optional(SandboxSchema),
      repeat: Type.Optional(
        Type.Integer({
          minimum: 1,
          default: DEFAULT_REPEAT,
          description: 'Run every case this many times; the gate decides how repeats count.',
        }),
      ),
      models: Type.Optional(ModelsSchema),
      model_defaults: Type.Optional(ModelDefaultsSchema),
      golden: Type.Optional(GoldenSchema),
      drift: Type.Optional(
        Type.Object(
          {
            fail_on: Type.Optional(
              Type.Enum(['breaking', 'any', 'none'], {
                default: 'breaking',
                description:
                  'With `--baseline`: which catalog changes fail the run: `breaking` (default), `any` (every change, informational too) or `none` (report only). See docs/drift.md.',
              }),
            ),
          },
          { additionalProperties: false, description: 'The catalog drift policy for `--baseline` (docs/drift.md).' },
        ),
      ),
      judge: Type.Optional(JudgeSchema),
      generator: Type.Optional(GeneratorSchema),
      cases: Type.Array(Type.Unsafe<Readonly<Record<string, unknown>>>(caseItems), {
        minItems: 1,
        description: 'The cases to run, in order.',
      }),
    },
    {
      title: 'MCP Eval manifest',
      description: 'The server to evaluate and the cases to run against it. Keys are snake_case; unknown keys are errors.',
      additionalProperties: false,
    },
  );
}

/**
 * The manifest as written (snake_case), after the structure stage passed and defaults were
 * applied: what `parseManifest` turns into a `Manifest`. Derived from the schema, never restated.
 */
export type ManifestDocument = Static<ReturnType<typeof documentSchema>>;

function manifestSchemaWith(caseItems: JsonSchema, defs: Record<string, JsonSchema>): JsonSchema {
  return {
    $schema: JSON_SCHEMA_DIALECT,
    $id: MANIFEST_SCHEMA_ID,
    ...documentSchema(caseItems),
    ...(Object.keys(defs).length > 0 ? { $defs: defs } : {}),
  };
}

/**
 * The manifest without the per-check case rules: the first validation stage. Cases are only
 * required to be mappings here; each is then validated against its own check's case schema.
 */
export function buildManifestStructureSchema(): JsonSchema {
  return manifestSchemaWith({ type: 'object' }, {});
}

function objectEntries(value: unknown): [string, unknown][] {
  return isRecord(value) ? Object.entries(value) : [];
}

/**
 * The schema one case must satisfy when it names `check`: `id`, the `dimension`/`probe` key with
 * the check's id, an optional `gate` and `budget`, and the check's parameters, with no other keys. Standalone
 * (its own `$defs`, local `$ref`s intact) so it compiles on its own.
 */
export function buildCaseSchema(check: CheckDefinition | BehaviorCheckDefinition): JsonSchema {
  if (check.kind !== 'dimension' && check.kind !== 'probe' && !(check.kind === 'behavior' && 'caseKind' in check && check.caseKind)) {
    throw new Error(`check ${check.id} is a ${check.kind} check; only dimensions and probes appear in a manifest`);
  }
  const {
    $schema: _dialect,
    $id: _id,
    properties,
    required,
    additionalProperties: _open,
    type: _type,
    ...rest
  } = check.params as Record<string, unknown>;
  const paramProperties = Object.fromEntries(objectEntries(properties));
  for (const key of CASE_KEYS) {
    if (key in paramProperties) throw new Error(`check ${check.id} uses the reserved case key ${key} as a parameter`);
  }
  const paramRequired = Array.isArray(required) ? (required as string[]) : [];
  return {
    $schema: JSON_SCHEMA_DIALECT,
    ...rest,
    title: `${check.id} (${check.kind})`,
    description: `${check.title}: ${check.summary}`,
    type: 'object',
    properties: {
      id: {
        type: 'string',
        pattern: CASE_ID_PATTERN,
        description: 'Unique case id, used in every report (letters, digits, `.`, `_`, `-`).',
      },
      [check.kind]: { const: check.id, title: check.title, description: check.summary },
      gate: { enum: [...GATES], description: 'With repeats: `hard` needs every run to pass, `soft` a pass rate of 0.8.' },
      budget: budgetSchema,
      ...paramProperties,
    },
    required: ['id', check.kind, ...paramRequired],
    additionalProperties: false,
  };
}

/** Deep copy of `schema` with every local `$ref` (`#…`) re-rooted under `base` (`#/$defs/x`). */
function reRootLocalRefs(schema: unknown, base: string): unknown {
  if (Array.isArray(schema)) return schema.map((item) => reRootLocalRefs(item, base));
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if ((key === '$ref' || key === '$dynamicRef') && typeof value === 'string' && value.startsWith('#')) {
      copy[key] = base + value.slice(1);
    } else if (key === 'const' || key === 'enum' || key === 'default' || key === 'examples') {
      copy[key] = value; // data, not schema: a `$ref` key in it means nothing
    } else {
      copy[key] = reRootLocalRefs(value, base);
    }
  }
  return copy;
}

/**
 * The whole manifest as one JSON Schema 2020-12 document, for editors (`# yaml-language-server:
 * $schema=…`) and for `packages/core/dist/manifest.schema.json`. Each case is a `oneOf` over the
 * dimension and probe checks, discriminated by `dimension`/`probe` `const`s, which is what gives
 * completion of check ids and then of that check's parameters.
 */
export function buildManifestSchema(checks: readonly CheckDefinition[]): JsonSchema {
  const caseChecks: (CheckDefinition | BehaviorCheckDefinition)[] = checks.filter((c) => c.kind === 'dimension' || c.kind === 'probe');
  if (caseChecks.length === 0) {
    // Without check definitions only the case frame can be described; parameters stay open.
    return manifestSchemaWith(
      {
        type: 'object',
        properties: {
          id: { type: 'string', pattern: CASE_ID_PATTERN },
          dimension: { type: 'string' },
          probe: { type: 'string' },
          gate: { enum: [...GATES] },
          budget: budgetSchema,
        },
        required: ['id'],
      },
      {},
    );
  }
  // The behavior family is core's own: every manifest may name it, whatever dimension/probe registry it was built with.
  pushAll(caseChecks, behaviorCaseChecks);
  const defs: Record<string, JsonSchema> = {};
  for (const check of caseChecks) {
    const key = `${check.kind}.${check.id}`;
    const { $schema: _dialect, ...caseSchema } = buildCaseSchema(check);
    defs[key] = reRootLocalRefs(caseSchema, `#/$defs/${key}`) as JsonSchema;
  }
  return manifestSchemaWith(
    {
      title: 'Case',
      description: "One case: an `id`, exactly one of `dimension`, `probe` or `behavior`, and that check's parameters.",
      oneOf: Object.keys(defs).map((key) => ({ $ref: `#/$defs/${key}` })),
    },
    defs,
  );
}
