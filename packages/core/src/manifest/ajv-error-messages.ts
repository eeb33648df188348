import type { ErrorObject } from 'ajv';

import { UNSAFE_ADDRESS_PATTERN, UNSAFE_ADDRESS_TOKENS } from '../json-pointer.js';
import { describeSchema, describeValueType } from './describe-schema.js';
import type { ManifestError } from './manifest-error.js';
import { renderPath } from './yaml-locator.js';
import type { YamlLocator, YamlPath } from './yaml-locator.js';

/** Where the validated value sits, and how messages name it. */
export interface ErrorScope {
  readonly file: string;
  readonly locator: YamlLocator;
  /** YAML path of the validated value. */
  readonly base: YamlPath;
  /** The validated value, to tell list indices from mapping keys. */
  readonly data: unknown;
  /** Set when validating one case: how to name it (``case `x` ``) and its check. */
  readonly caseScope?: { readonly label: string; readonly check: string; readonly reserved: readonly string[] };
}

type Schema = Readonly<Record<string, unknown>>;

const UNSAFE_ADDRESS = `must not contain a ${UNSAFE_ADDRESS_TOKENS.map((t) => `\`${t}\``)
  .join(', ')
  .replace(/, ([^,]*)$/, ' or $1')} token (it would reach an object's prototype)`;

function decodePointer(pointer: string, data: unknown): (string | number)[] {
  if (!pointer) return [];
  const path: (string | number)[] = [];
  let current = data;
  for (const raw of pointer.slice(1).split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const key = Array.isArray(current) ? Number(segment) : segment;
    path.push(key);
    current = typeof current === 'object' && current !== null ? (current as Record<string | number, unknown>)[key] : undefined;
  }
  return path;
}

function subject(scope: ErrorScope, rel: YamlPath): string {
  if (scope.caseScope) return rel.length === 0 ? scope.caseScope.label : `\`${renderPath(rel)}\` in ${scope.caseScope.label}`;
  if (rel.length === 0) return 'the manifest';
  const last = rel.at(-1);
  const parent = rel.slice(0, -1);
  if (typeof last === 'number')
    return parent.length === 1 && parent[0] === 'cases' ? `case #${last + 1}` : `item ${last + 1} of \`${renderPath(parent)}\``;
  return parent.length === 0 ? `\`${String(last)}\`` : `\`${String(last)}\` in \`${renderPath(parent)}\``;
}

function container(scope: ErrorScope, rel: YamlPath): string {
  if (scope.caseScope) return rel.length === 0 ? `in ${scope.caseScope.label}` : `in \`${renderPath(rel)}\` of ${scope.caseScope.label}`;
  return rel.length === 0 ? 'at the top level' : `in \`${renderPath(rel)}\``;
}

function missing(scope: ErrorScope, rel: YamlPath, key: string): string {
  const c = scope.caseScope;
  if (c && rel.length === 0) {
    const what = c.reserved.includes(key) ? 'key' : 'parameter';
    return `${c.label} (${c.check}) is missing required ${what} \`${key}\``;
  }
  if (!c && rel.length === 0) return `the manifest is missing required key \`${key}\``;
  return `${c ? subject(scope, rel) : `\`${renderPath(rel)}\``} is missing required key \`${key}\``;
}

function unknownKey(scope: ErrorScope, rel: YamlPath, key: string, parentSchema: Schema): string {
  const atCaseRoot = scope.caseScope !== undefined && rel.length === 0;
  const allowed = Object.keys((parentSchema.properties ?? {}) as Schema).filter(
    (k) => !(atCaseRoot && scope.caseScope.reserved.includes(k)),
  );
  const expected =
    allowed.length > 0
      ? `expected one of: ${allowed.join(', ')}`
      : atCaseRoot
        ? `\`${scope.caseScope.check}\` takes no parameters`
        : 'no keys are allowed here';
  return `unknown key \`${key}\` ${container(scope, rel)} (${expected})`;
}

/** "exactly one of" written as `oneOf: [{required: [a]}, {required: [b]}]`, e.g. server stdio/http. */
function exactlyOneOfKeys(schema: Schema): string[] | undefined {
  const branches = schema.oneOf;
  if (!Array.isArray(branches)) return undefined;
  const keys = branches.map((b: Schema) => (Array.isArray(b.required) && b.required.length === 1 ? String(b.required[0]) : undefined));
  return keys.every((k) => k !== undefined) ? (keys as string[]) : undefined;
}

/** A schema built with `SAFE_ADDRESS`: its `not` is the unsafe-address pattern. */
function isSafeAddressSchema(schema: Schema): boolean {
  const not = schema.not as Schema | undefined;
  return not?.pattern === UNSAFE_ADDRESS_PATTERN;
}

function valueMessage(scope: ErrorScope, rel: YamlPath, error: ErrorObject): string {
  const who = subject(scope, rel);
  const parent = (error.parentSchema ?? {}) as Schema;
  switch (error.keyword) {
    case 'type':
      return `${who} must be ${describeSchema(parent)} (got ${describeValueType(error.data)})`;
    case 'minItems':
      return `${who} must have at least ${String(error.params.limit)} item${error.params.limit === 1 ? '' : 's'}`;
    case 'maxItems':
      return `${who} must have at most ${String(error.params.limit)} items`;
    case 'minProperties':
      return `${who} must have at least ${String(error.params.limit)} key${error.params.limit === 1 ? '' : 's'}`;
    case 'maxProperties':
      return `${who} must have at most ${String(error.params.limit)} keys`;
    case 'uniqueItems':
      return `${who} must not repeat items`;
    case 'pattern':
      return `${who} must match \`${String(error.params.pattern)}\``;
    case 'format':
      return `${who} must be a valid ${String(error.params.format)}`;
    case 'not':
      return `${who} ${isSafeAddressSchema(parent) ? UNSAFE_ADDRESS : 'is not allowed here'}`;
    case 'false schema':
      return `${who} is not allowed here`;
    case 'const':
    case 'enum':
    case 'anyOf':
    case 'oneOf':
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
    case 'minLength':
    case 'maxLength':
    case 'multipleOf':
      return `${who} must be ${describeSchema(parent)}`;
    default:
      return `${who} ${error.message ?? 'is invalid'}`;
  }
}

// Preferred when several errors land on one value: the ones that say what the value must be.
const SAYS_WHAT_IT_MUST_BE = new Set(['type', 'const', 'enum', 'anyOf', 'oneOf']);

/**
 * ajv errors as located, human messages: one per unknown key, one per missing key, one per bad
 * value. Errors inside a failed `anyOf`/`oneOf` branch are folded into that keyword's message.
 */
export function describeAjvErrors(errors: readonly ErrorObject[], scope: ErrorScope): ManifestError[] {
  const branchRoots = errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf').map((e) => `${e.schemaPath}/`);
  const relevant = errors.filter(
    (e) =>
      e.keyword !== 'if' &&
      // an error about a key's name (inside `propertyNames`) is told by the `propertyNames` error
      e.propertyName === undefined &&
      !branchRoots.some((root) => e.schemaPath.startsWith(root)),
  );
  const out: ManifestError[] = [];
  const at = (position: { line: number; column: number }, message: string): void => {
    out.push({ file: scope.file, line: position.line, column: position.column, message });
  };
  const byValue = new Map<string, ErrorObject>();
  for (const error of relevant) {
    const rel = decodePointer(error.instancePath, scope.data);
    const full = [...scope.base, ...rel];
    const parent = (error.parentSchema ?? {}) as Schema;
    if (error.keyword === 'additionalProperties' || error.keyword === 'unevaluatedProperties') {
      const key = String(error.params.additionalProperty ?? error.params.unevaluatedProperty);
      at(scope.locator.key([...full, key]), unknownKey(scope, rel, key, parent));
    } else if (error.keyword === 'required') {
      at(scope.locator.value(full), missing(scope, rel, String(error.params.missingProperty)));
    } else if (error.keyword === 'dependentRequired') {
      const message = `${subject(scope, rel)} needs \`${String(error.params.missingProperty)}\` when \`${String(error.params.property)}\` is set`;
      at(scope.locator.value(full), message);
    } else if (error.keyword === 'propertyNames') {
      const key = String(error.params.propertyName);
      const unsafe = errors.some(
        (e) => e.propertyName === key && e.keyword === 'not' && isSafeAddressSchema((e.parentSchema ?? {}) as Schema),
      );
      at(scope.locator.key([...full, key]), `key \`${key}\` ${container(scope, rel)} ${unsafe ? UNSAFE_ADDRESS : 'is not allowed'}`);
    } else if (error.keyword === 'oneOf' && exactlyOneOfKeys(parent)) {
      const keys = exactlyOneOfKeys(parent) ?? [];
      const present = keys.filter((k) => typeof error.data === 'object' && error.data !== null && k in error.data);
      const wanted = `${subject(scope, rel)} must have exactly one of ${keys.map((k) => `\`${k}\``).join(' or ')}`;
      const second = present[1];
      if (second !== undefined) at(scope.locator.key([...full, second]), `${wanted}, not both`);
      else at(scope.locator.value(full), wanted);
    } else {
      const key = error.instancePath;
      const seen = byValue.get(key);
      if (!seen || (SAYS_WHAT_IT_MUST_BE.has(error.keyword) && !SAYS_WHAT_IT_MUST_BE.has(seen.keyword))) byValue.set(key, error);
    }
  }
  for (const error of byValue.values()) {
    const rel = decodePointer(error.instancePath, scope.data);
    at(scope.locator.value([...scope.base, ...rel]), valueMessage(scope, rel, error));
  }
  return out;
}
