// The public surface of @mcp-eval/transports. Named exports only: adding a symbol here makes it public API.
export type { WireConnection } from './connection.js';
export type { WireConnector } from './connector.js';
export { createConnector } from './connector.js';
// Adding a transport: implement a Channel and build its connector from an opener.
export type { Channel, ChannelProcess, OpenedChannel, Outbound, ServerRequest } from './channel.js';
export type { RpcId } from './json-rpc-message.js';
export type { OpenChannel } from './connector-from-channel.js';
export { connectorFromChannel } from './connector-from-channel.js';
export type { TransportTraits } from '@mcp-eval/protocol';
export type { InMemoryServer } from './memory-channel.js';
export { inMemoryConnector } from './in-memory-connector.js';
export { INHERITED_ENV_NAMES } from './child-env.js';
export { killTrackedGroups } from './process-tree.js';
export { LEGACY_PROTOCOL_VERSION, MODERN_PROTOCOL_VERSION } from '@mcp-eval/protocol';
export type { ConnectorOptions, HttpTarget, ResolvedOptions, StdioTarget, Target } from './target.js';
export { DEFAULT_OPTIONS } from './target.js';
