// The public surface of @mcp-eval/transports. Named exports only: adding a symbol here makes it public API.
export type { WireConnection } from './connection.js';
export type { WireConnector } from './connector.js';
export { createConnector } from './connector.js';
export { INHERITED_ENV_NAMES } from './child-env.js';
export { killTrackedGroups } from './process-tree.js';
export { LEGACY_PROTOCOL_VERSION, MODERN_PROTOCOL_VERSION } from '@mcp-eval/protocol';
export type { ConnectorOptions, HttpTarget, StdioTarget, Target } from './target.js';
export { DEFAULT_OPTIONS } from './target.js';
