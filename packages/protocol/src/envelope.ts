import { isJsonObject, type JsonObject } from './json-value.js';

/** The three `_meta` keys of the 2026-07-28 per-request envelope. */
export const PROTOCOL_VERSION_META = 'io.modelcontextprotocol/protocolVersion';
export const CLIENT_INFO_META = 'io.modelcontextprotocol/clientInfo';
export const CLIENT_CAPABILITIES_META = 'io.modelcontextprotocol/clientCapabilities';

export interface ClientInfo {
  readonly name: string;
  readonly version: string;
}

/** The per-request `_meta` envelope of the 2026-07-28 revision. */
export function envelopeMeta(version: string, clientInfo: ClientInfo, clientCapabilities: JsonObject = {}): JsonObject {
  return {
    [PROTOCOL_VERSION_META]: version,
    [CLIENT_INFO_META]: { name: clientInfo.name, version: clientInfo.version },
    [CLIENT_CAPABILITIES_META]: clientCapabilities,
  };
}

/** `params` with `meta` merged over its own `_meta`; `undefined` when there is nothing to send. */
export function paramsWithMeta(params: JsonObject | undefined, meta: JsonObject | undefined): JsonObject | undefined {
  if (meta === undefined || Object.keys(meta).length === 0) return params;
  const own = isJsonObject(params?._meta) ? params._meta : {};
  return { ...params, _meta: { ...own, ...meta } };
}
