// The public surface of @mcp-eval/core. Named exports only: adding a symbol here makes it public API.
export type { CheckContext, CheckDefinition, JsonSchema, Outcome } from './check.js';
export { defineCheck } from './check.js';
export type { ConnectFailure } from './connect-error.js';
export { ConnectError } from './connect-error.js';
export type {
  Connection,
  ConnectionDiagnostics,
  Connector,
  ErrorExchange,
  Exchange,
  FailedExchange,
  FailureKind,
  JsonObject,
  JsonRpcErrorObject,
  JsonValue,
  ProtocolChoice,
  ProtocolEra,
  RawMessage,
  RequestOptions,
  ResultExchange,
  TransportKind,
} from './connection.js';
export { FAILURE_KINDS } from './connection.js';
export type {
  CaseRecord,
  CheckInfo,
  CheckKind,
  Finding,
  Gate,
  Measurements,
  RunReport,
  RunSummary,
  RunTarget,
  SourceLocation,
  Status,
} from './record.js';
export { STATUSES, summarize } from './record.js';
export { INVALID_TOOL_NAME, isValidToolName, safeToolName } from './tool-name.js';
