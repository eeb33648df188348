// The public surface of @mcp-eval/protocol. Named exports only: adding a symbol here makes it public API.
export type { JsonObject, JsonValue } from './json-value.js';
export { isJsonObject, isRecord } from './json-value.js';
export type { FailureKind } from './failure-kind.js';
export { FAILURE_KINDS } from './failure-kind.js';
export type {
  BodylessHttpMethod,
  Connection,
  ConnectionDiagnostics,
  Connector,
  ErrorExchange,
  Exchange,
  ExchangeMeasurements,
  FailedExchange,
  JsonRpcErrorObject,
  RawMessage,
  RequestOptions,
  ResultExchange,
} from './connection.js';
export type { ConnectFailure, NetworkFailure, ServerExit } from './connect-error.js';
export { CONNECT_FAILURE_PHRASES, ConnectError } from './connect-error.js';
export { withRequest } from './with-request.js';
export { withMembers } from './with-members.js';
export { maxOf, minOf, pushAll } from './extremes.js';
export type { WireFrame, WireLog, WireSource } from './wire-log.js';
export { WIRE_LOG_MAX_BYTES, WIRE_LOG_MAX_FRAMES } from './wire-log.js';
export type { ProtocolChoice, ProtocolEra } from './revisions.js';
export { LEGACY_PROTOCOL_VERSION, LEGACY_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSION, PROTOCOL_CHOICES } from './revisions.js';
export type { ClientInfo } from './envelope.js';
export { CLIENT_CAPABILITIES_META, CLIENT_INFO_META, envelopeMeta, paramsWithMeta, PROTOCOL_VERSION_META } from './envelope.js';
export { ERROR_CODES } from './error-codes.js';
export type { HttpTarget, ServerTarget, StdioTarget, TransportKind } from './server-target.js';
export type { TransportTraits } from './transport-traits.js';
export { HTTP_URL_EXPECTED, isHttpUrl } from './http-url.js';
