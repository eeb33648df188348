import type { CheckDefinition, ParamsSchema } from '../../check.js';
import { contention as realContention } from '../../checks/contention.js';
import { discoveryCost as realDiscoveryCost } from '../../checks/discovery-cost.js';
import { errorHonesty as realErrorHonesty } from '../../checks/error-honesty.js';
import { pagination as realPagination } from '../../checks/pagination.js';
import { schemaGuessability as realSchemaGuessability } from '../../checks/schema-guessability.js';
import { stateRecovery as realStateRecovery } from '../../checks/state-recovery.js';
import { tokenCost as realTokenCost } from '../../checks/token-cost.js';

/**
 * The checks the manifest tests parse against: the real definitions, so the tests see exactly the
 * parameter schemas users get (a hand-written mirror drifted: `minimum: 1` where the check said
 * `0`). Two of them are re-expressed with a JSON Schema feature no built-in check uses yet, so
 * the manifest's handling of it stays tested; each is derived from the real schema, never
 * restated. `run` is never called here.
 */

type Properties = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

function propertiesOf(params: ParamsSchema): Properties {
  return params.properties as Properties;
}

/** state-recovery's real parameters with the three steps behind one local `$ref` (re-rooting). */
function withLocalRefs(check: CheckDefinition): CheckDefinition {
  const { failure, recovery: _recovery, validation: _validation, ...others } = propertiesOf(check.params);
  const ref = { $ref: '#/$defs/call' };
  const params = {
    ...check.params,
    $defs: { call: failure },
    properties: { failure: ref, recovery: ref, validation: ref, ...others },
  };
  return { ...check, params };
}

/** error-honesty's real parameters with the pointers also `format: json-pointer` (format messages). */
function withPointerFormat(check: CheckDefinition): CheckDefinition {
  const { error_code_pointer: code, retryable_pointer: retryable, ...others } = propertiesOf(check.params);
  const params = {
    ...check.params,
    properties: {
      ...others,
      error_code_pointer: { ...code, format: 'json-pointer' },
      retryable_pointer: { ...retryable, format: 'json-pointer' },
    },
  };
  return { ...check, params };
}

export const discoveryCost = realDiscoveryCost as CheckDefinition;
export const schemaGuessability = realSchemaGuessability as CheckDefinition;
export const errorHonesty = withPointerFormat(realErrorHonesty as CheckDefinition);
export const stateRecovery = withLocalRefs(realStateRecovery as CheckDefinition);
export const contention = realContention as CheckDefinition;
export const tokenCost = realTokenCost as CheckDefinition;
export const pagination = realPagination as CheckDefinition;

/** Enough of the checks to parse the example manifest (`example-manifest.ts`). */
export const testChecks: readonly CheckDefinition[] = [
  discoveryCost,
  schemaGuessability,
  errorHonesty,
  stateRecovery,
  contention,
  tokenCost,
  pagination,
];
