import type { BehaviorCheckDefinition, CheckDefinition, CheckInfo, JsonSchema, LintRule } from '@mcp-eval/core';
import {
  BASELINE_LABELS,
  behaviorChecks,
  buildManifestSchema,
  checkInfo,
  checks,
  conformanceChecks,
  describeSchema,
  ENGINE_LABELS,
  isRecord,
  LINT_RULES,
  lintCheckInfo,
} from '@mcp-eval/core';

export interface ParameterDoc {
  /** snake_case as the manifest spells it; nested keys dotted (`failure.tool`). */
  readonly name: string;
  readonly required: boolean;
  /** JSON Schema type(s), e.g. `integer` or `['string', 'number']`; `any` when unconstrained. */
  readonly type: string | readonly string[];
  /** What a value must be, in words: `a positive integer`, `one of: hard, soft`. */
  readonly accepts: string;
  readonly default?: unknown;
  readonly description?: string;
}

export interface LabelDoc {
  readonly label: string;
  readonly meaning: string;
}

/** What a report says of a check (`CheckInfo`), plus what a manifest author needs. */
export interface CheckDoc extends CheckInfo {
  /** Manifest parameters (dimensions, probes, the model checks' case keys); conformance checks and lint rules take none. */
  readonly parameters: readonly ParameterDoc[];
  readonly labels: readonly LabelDoc[];
}

/** Everything `mcp-eval probes` lists: every check, and the labels any case can get besides its own. */
export interface CheckCatalog {
  readonly checks: readonly CheckDoc[];
  /** Keys every manifest case takes besides its check's parameters (`id`, `gate`, `budget.*`). */
  readonly caseKeys: readonly ParameterDoc[];
  /** The engine's labels, status `error`, on any case. */
  readonly engineLabels: readonly LabelDoc[];
  /** The labels `run --baseline` puts on a case. */
  readonly baselineLabels: readonly LabelDoc[];
}

type Schema = Readonly<Record<string, unknown>>;

function asSchema(value: unknown): Schema | undefined {
  return isRecord(value) ? (value as Schema) : undefined;
}

function oneOrMany(types: readonly string[]): string | readonly string[] {
  const unique = [...new Set(types)];
  return unique.length === 1 ? (unique[0] ?? 'any') : unique;
}

function schemaType(schema: Schema): string | readonly string[] {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return schema.type.map(String);
  if (Array.isArray(schema.enum)) return oneOrMany(schema.enum.map((v) => (v === null ? 'null' : typeof v)));
  const branches = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined;
  if (branches) return oneOrMany(branches.flatMap((b) => [schemaType(asSchema(b) ?? {})].flat()));
  return schema.properties === undefined ? 'any' : 'object';
}

/** Top-level parameters, then one level of nested keys for object parameters that declare them. */
function parameters(params: JsonSchema, prefix = ''): ParameterDoc[] {
  const properties = asSchema(params.properties) ?? {};
  const required = Array.isArray(params.required) ? params.required : [];
  return Object.entries(properties).flatMap(([name, value]) => {
    const schema = asSchema(value) ?? {};
    const doc: ParameterDoc = {
      name: `${prefix}${name}`,
      required: required.includes(name),
      type: schemaType(schema),
      accepts: describeSchema(schema),
      ...('default' in schema ? { default: schema.default } : {}),
      ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    };
    const nested = prefix === '' && asSchema(schema.properties) !== undefined ? parameters(schema, `${name}.`) : [];
    return [doc, ...nested];
  });
}

function labels(map: Readonly<Record<string, string>>): LabelDoc[] {
  return Object.entries(map).map(([label, meaning]) => ({ label, meaning }));
}

function checkDoc(check: CheckDefinition | BehaviorCheckDefinition): CheckDoc {
  const takesParameters = check.kind === 'dimension' || check.kind === 'probe' || check.kind === 'behavior';
  // A TypeBox schema is plain JSON Schema data underneath; only its declared type is narrower.
  const schema = check.params as JsonSchema;
  return { ...checkInfo(check), parameters: takesParameters ? parameters(schema) : [], labels: labels(check.labels) };
}

function lintDoc(rule: LintRule): CheckDoc {
  return { ...lintCheckInfo(rule), parameters: [], labels: labels(rule.labels) };
}

/** The case frame as the published manifest schema has it (any check's case: they share it). */
function caseKeys(): ParameterDoc[] {
  const defs = asSchema(buildManifestSchema(checks).$defs) ?? {};
  const frame = asSchema(asSchema(Object.values(defs)[0])?.properties) ?? {};
  const { id, gate, budget } = frame;
  return parameters({ properties: { id, gate, budget }, required: ['id'] });
}

/** Read from the registries themselves, so the listing cannot drift from what runs. */
export function describeChecks(): CheckCatalog {
  return {
    checks: [...checks.map(checkDoc), ...conformanceChecks.map(checkDoc), ...LINT_RULES.map(lintDoc), ...behaviorChecks.map(checkDoc)],
    caseKeys: caseKeys(),
    engineLabels: labels(ENGINE_LABELS),
    baselineLabels: labels(BASELINE_LABELS),
  };
}
