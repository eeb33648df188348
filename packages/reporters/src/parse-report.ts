import type { RunReport } from '@mcp-eval/core';
import { parseJsonUnique, reportJsonSchema, SAFE_TEXT_PATTERN, schemaFingerprint } from '@mcp-eval/core/record';
import { isRecord } from '@mcp-eval/protocol';
import type { AnySchemaObject, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';

import { precompiledReportValidators } from './precompiled-report-validator.js';
import { createReportAjv } from './report-ajv.js';
import { REPORT_VALIDATOR_KEY } from './report-validator-key.js';

export type ParseReportResult =
  { readonly ok: true; readonly report: RunReport } | { readonly ok: false; readonly errors: readonly string[] };

let validator: ValidateFunction<RunReport> | undefined;

/**
 * The schema is core's, generated from the record types (`@mcp-eval/core/record`; the same one the
 * package ships as `report.schema.json`), so the validator and the `RunReport` type cannot drift.
 * The build's precompiled validator serves when it came from this very schema; else ajv compiles.
 */
function reportValidator(): ValidateFunction<RunReport> {
  if (validator === undefined) {
    const schema: AnySchemaObject = reportJsonSchema();
    const precompiled = precompiledReportValidators?.[REPORT_VALIDATOR_KEY];
    validator =
      precompiled !== undefined && precompiled.fingerprint === schemaFingerprint(schema)
        ? (precompiled.validate as ValidateFunction<RunReport>)
        : createReportAjv().compile<RunReport>(schema);
  }
  return validator;
}

/**
 * Reads a saved JSON report (the `json` reporter's output) so any reporter can re-render it, as
 * `mcp-eval report run.json --reporter sarif` does. Validation is against `report.schema.json`,
 * which also keeps the record boundary: labels, tool names and keys must have their fixed shapes.
 *
 * Validation stops at the first problem (the file is untrusted; see `reportValidator`), so `errors`
 * names one problem (with the `then` branch behind a failed `if`, never more than a few).
 *
 * Error strings never quote the file's content (a saved report is not trusted text): they name a
 * JSON path, with any key that is not a plain identifier replaced by `<key>`, and the rule broken.
 */
export function parseReport(text: string): ParseReportResult {
  // Duplicate keys are refused: JSON.parse would keep the last `status` of a case, a reader the first.
  const parsed = parseJsonUnique(text);
  if (!parsed.ok) {
    if (parsed.problem === 'duplicate-key') {
      const { first, second } = parsed;
      return { ok: false, errors: [`a key repeats in one object at ${first.line}:${first.column} and ${second.line}:${second.column}`] };
    }
    return { ok: false, errors: [parsed.position === undefined ? 'not valid JSON' : `not valid JSON (at position ${parsed.position})`] };
  }
  const data = parsed.value;
  // Only the first error is reported, and the version decides which schema applies at all: a report
  // of another version hears that, not which field of version 1 it lacks.
  if (isRecord(data) && 'reportVersion' in data && data.reportVersion !== 1) {
    return { ok: false, errors: ['/reportVersion must be equal to constant'] };
  }
  const validate = reportValidator();
  if (validate(data)) {
    const disagreements = summaryDisagreements(data);
    return disagreements.length === 0 ? { ok: true, report: data } : { ok: false, errors: disagreements };
  }
  // An `if` error only says a branch failed; the branch's own error beside it says why.
  const errors = (validate.errors ?? []).filter((error) => error.keyword !== 'if');
  return { ok: false, errors: errors.map(describeError) };
}

/**
 * A report's verdict is read from its summary (pretty's totals, the exit status), so a summary that
 * contradicts the cases would print one thing and gate another: recount, and refuse a mismatch.
 */
function summaryDisagreements(report: RunReport): string[] {
  const counted = { cases: report.cases.length, pass: 0, fail: 0, skip: 0, error: 0 };
  for (const record of report.cases) counted[record.status] += 1;
  return (['cases', 'pass', 'fail', 'skip', 'error'] as const)
    .filter((key) => report.summary[key] !== counted[key])
    .map((key) => `/summary/${key} is ${report.summary[key]} but the cases count ${counted[key]}`);
}

const PLAIN_KEY = /^[A-Za-z0-9_-]{1,64}$/;

function safePath(instancePath: string): string {
  if (instancePath === '') return '/';
  return instancePath
    .split('/')
    .slice(1)
    .map((segment) => (PLAIN_KEY.test(segment) ? segment : '<key>'))
    .map((segment) => `/${segment}`)
    .join('');
}

function describeError(error: ErrorObject): string {
  const path = safePath(error.instancePath);
  if (error.keyword === 'additionalProperties') {
    const key: unknown = error.params['additionalProperty'];
    const name = typeof key === 'string' && PLAIN_KEY.test(key) ? `"${key}"` : '<key>';
    return `${path} has an unknown property ${name}`;
  }
  if (error.keyword === 'pattern' && error.params['pattern'] === SAFE_TEXT_PATTERN)
    return `${path} holds a control character, line break or bidirectional control (they could rewrite what a terminal shows)`;
  return `${path} ${error.message ?? `fails ${error.keyword}`}`;
}
