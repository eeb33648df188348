/**
 * `@mcp-eval/core/record`: the record boundary alone (types, their schemas, the one copy of each
 * record, the report's JSON Schema), for consumers that render or read reports, such as
 * `@mcp-eval/reporters`, without loading the engine, the manifest parser or their dependencies.
 */
export type {
  CaseRecord,
  CatalogFingerprints,
  CheckInfo,
  CheckKind,
  Finding,
  Gate,
  Measurements,
  ModelColumn,
  ModelProvider,
  RecordEra,
  ReviewedEntryState,
  ReviewedState,
  RoleSpend,
  RunGate,
  RunGateFailure,
  RunReport,
  RunShard,
  RunSummary,
  RunTarget,
  SourceLocation,
  Status,
} from './record.js';
export type { FindingRewrite, RecordFields } from './copy-record.js';
export {
  copyCaseRecord,
  copyCatalogFingerprints,
  copyCheckInfo,
  copyFinding,
  copyModelColumn,
  copyReviewedEntryState,
  copyRoleSpend,
  copyRunGate,
} from './copy-record.js';
export { MAX_SHARD_COUNT } from './record.js';
export { reportJsonSchema } from './report-schema.js';
export { escapeLine, escapeTerminalText, SAFE_TEXT_PATTERN } from './terminal-text.js';
export type { TextPosition, UniqueJsonResult } from './parse-json-unique.js';
export { parseJsonUnique } from './parse-json-unique.js';
// The report validator's build-time copy is checked against the schema it came from (reporters' parseReport).
export type { PrecompiledValidator, PrecompiledValidators } from './validators/precompiled-validator.js';
export { schemaFingerprint } from './validators/schema-fingerprint.js';
export { countsAsFailure } from './reviewed/apply-reviewed.js';
