import { isRecord, pushAll } from '@mcp-eval/protocol';
import type { ValidateFunction } from 'ajv';

import type { CheckDefinition } from '../check.js';
import type { BehaviorCheckDefinition } from '../checks/behavior/behavior-check.js';
import { behaviorCaseChecks, behaviorChecks } from '../checks/behavior/index.js';
import type { Gate } from '../record.js';
import type { Budget } from './budget-schema.js';
import { describeAjvErrors } from './ajv-error-messages.js';
import { manifestValidator } from './manifest-validator.js';
import { caseValidatorKey } from './manifest-validator-schemas.js';
import type { ManifestError } from './manifest-error.js';
import { buildCaseSchema, CASE_KEYS } from './manifest-schema.js';
import type { CaseKind, CaseSpec } from './manifest-types.js';
import type { YamlLocator } from './yaml-locator.js';

// One validator per check definition: precompiled by the build, or compiled once (the costly part).
const validators = new WeakMap<CheckDefinition | BehaviorCheckDefinition, ValidateFunction>();

function caseValidator(check: CheckDefinition | BehaviorCheckDefinition): ValidateFunction {
  let validate = validators.get(check);
  if (!validate) {
    try {
      validate = manifestValidator(caseValidatorKey(check.id), buildCaseSchema(check));
    } catch (error) {
      // A broken params schema is a bug in the check, not in the user's manifest.
      throw new Error(`check ${check.id}: its params schema does not compile: ${(error as Error).message}`, { cause: error });
    }
    validators.set(check, validate);
  }
  return validate;
}

function idList(checks: readonly CheckDefinition[], kind: CaseKind): string {
  const ids = kind === 'behavior' ? behaviorCaseChecks.map((c) => c.id) : checks.filter((c) => c.kind === kind).map((c) => c.id);
  return ids.length > 0 ? `expected one of: ${ids.join(', ')}` : `no ${kind} checks are registered`;
}

export interface ValidatedCases {
  readonly errors: ManifestError[];
  /** The valid cases, in manifest order. Complete only when `errors` is empty. */
  readonly cases: CaseSpec[];
}

/**
 * The second stage: each case on its own. First which check it names (exactly one of `dimension`
 * or `probe`, an existing check of that kind), then its keys against that check's case schema
 * (which applies the parameter defaults), then ids unique across the manifest.
 */
export function validateCases(
  items: readonly unknown[],
  checks: readonly CheckDefinition[],
  file: string,
  locator: YamlLocator,
): ValidatedCases {
  const errors: ManifestError[] = [];
  const cases: CaseSpec[] = [];
  const report = (position: { line: number; column: number }, message: string): void => {
    errors.push({ file, line: position.line, column: position.column, message });
  };
  const firstIds = new Map<string, { line: number; column: number }>();

  items.forEach((item, index) => {
    if (!isRecord(item)) return; // the structure stage already said it must be a mapping
    const path = ['cases', index];
    const id = typeof item.id === 'string' && item.id.length > 0 ? item.id : undefined;
    const label = id !== undefined ? `case \`${id}\`` : `case #${index + 1}`;

    if (id !== undefined) {
      const position = locator.value([...path, 'id']);
      const first = firstIds.get(id);
      if (first) report(position, `duplicate case id \`${id}\` (first used at ${file}:${first.line}:${first.column})`);
      else firstIds.set(id, position);
    }

    if ('behavior' in item) {
      const other = 'dimension' in item ? 'dimension' : 'probe' in item ? 'probe' : undefined;
      if (other !== undefined) {
        report(locator.key([...path, 'behavior']), `${label} has both \`${other}\` and \`behavior\` (a case names exactly one check)`);
        return;
      }
      const behavior = validateBehaviorCase(item, path, label, file, locator, errors);
      if (behavior !== undefined) cases.push({ ...behavior, id: id ?? '' });
      return;
    }
    const checked = validateCheckCase(item, path, label, checks, file, locator, errors);
    if (checked !== undefined) cases.push({ id: id ?? '', ...checked });
  });
  return { errors, cases };
}

/** A `behavior:` case: one of the behavior checks a case may name, then its keys against its schema. */
function validateBehaviorCase(
  item: Readonly<Record<string, unknown>>,
  path: (string | number)[],
  label: string,
  file: string,
  locator: YamlLocator,
  errors: ManifestError[],
): Omit<CaseSpec, 'id'> | undefined {
  const checkId = item.behavior;
  const at = locator.value([...path, 'behavior']);
  const expected = `expected one of: ${behaviorCaseChecks.map((c) => c.id).join(', ')}`;
  if (typeof checkId !== 'string') {
    errors.push({ file, ...at, message: `\`behavior\` in ${label} must be a check id (${expected})` });
    return undefined;
  }
  const check = behaviorChecks.find((c) => c.id === checkId);
  if (check === undefined || !check.caseKind) {
    const why =
      check === undefined
        ? `unknown behavior \`${checkId}\``
        : `\`${checkId}\` is a record tool-selection and tool-sequence cases produce with \`expect.arguments\`, not a case kind`;
    errors.push({ file, ...at, message: `${why} in ${label} (${expected})` });
    return undefined;
  }
  const validate = caseValidator(check);
  if (!validate(item)) {
    const caseScope = { label, check: check.id, reserved: CASE_KEYS };
    pushAll(errors, describeAjvErrors(validate.errors ?? [], { file, locator, base: path, data: item, caseScope }));
    return undefined;
  }
  const { id: _id, behavior: _behavior, gate, budget: _budget, ...params } = item;
  const start = locator.value(path);
  return {
    kind: 'behavior',
    check: check.id,
    params,
    ...(gate === undefined ? {} : { gate: gate as Gate }),
    location: { file, line: start.line, column: start.column },
  };
}

/** A `dimension:` or `probe:` case: exactly one of the two, naming a check of that kind, then its keys against its schema. */
function validateCheckCase(
  item: Readonly<Record<string, unknown>>,
  path: (string | number)[],
  label: string,
  checks: readonly CheckDefinition[],
  file: string,
  locator: YamlLocator,
  errors: ManifestError[],
): Omit<CaseSpec, 'id'> | undefined {
  const report = (position: { line: number; column: number }, message: string): void => {
    errors.push({ file, line: position.line, column: position.column, message });
  };
  const hasDimension = 'dimension' in item;
  const hasProbe = 'probe' in item;
  if (hasDimension && hasProbe) {
    report(locator.key([...path, 'probe']), `${label} has both \`dimension\` and \`probe\` (a case names exactly one check)`);
    return undefined;
  }
  if (!hasDimension && !hasProbe) {
    report(locator.value(path), `${label} has neither \`dimension\` nor \`probe\` (a case names exactly one check)`);
    return undefined;
  }
  const kind: CaseKind = hasDimension ? 'dimension' : 'probe';
  const checkId = item[kind];
  const at = locator.value([...path, kind]);
  if (typeof checkId !== 'string') {
    report(at, `\`${kind}\` in ${label} must be a check id (${idList(checks, kind)})`);
    return undefined;
  }
  const check = checks.find((c) => c.id === checkId);
  if (!check) {
    report(at, `unknown ${kind} \`${checkId}\` in ${label} (${idList(checks, kind)})`);
    return undefined;
  }
  if (check.kind !== kind) {
    report(
      at,
      check.kind === 'dimension' || check.kind === 'probe'
        ? `\`${checkId}\` is a ${check.kind}, not a ${kind}: write \`${check.kind}: ${checkId}\` in ${label}`
        : `\`${checkId}\` is a ${check.kind} check and cannot be a manifest case (${idList(checks, kind)})`,
    );
    return undefined;
  }

  const validate = caseValidator(check);
  if (!validate(item)) {
    const caseScope = { label, check: check.id, reserved: CASE_KEYS };
    pushAll(errors, describeAjvErrors(validate.errors ?? [], { file, locator, base: path, data: item, caseScope }));
    return undefined;
  }
  const { id: _id, dimension: _dimension, probe: _probe, gate, budget, ...params } = item;
  const start = locator.value(path);
  return {
    kind,
    check: check.id,
    params,
    ...(gate === undefined ? {} : { gate: gate as Gate }),
    ...(budget === undefined ? {} : { budget: budget as Budget }),
    location: { file, line: start.line, column: start.column },
  };
}
