import { openHttpWire } from './http-wire.js';
import { openStdioWire, type StdioLaunch } from './stdio-wire.js';
import type { Wire, WireAnswer } from './wire.js';

export const MODERN = '2026-07-28';
export const LEGACY = '2025-11-25';
export type OracleEra = typeof MODERN | typeof LEGACY;

export type OracleTarget =
  { readonly transport: 'stdio'; readonly launch: StdioLaunch } | { readonly transport: 'http'; readonly url: string };

/** A connected session of one era: requests carry what that era needs. */
export interface OracleSession {
  readonly era: OracleEra;
  /** `initialize`'s result (legacy) or `server/discover`'s (modern). */
  readonly hello: Record<string, unknown>;
  request(method: string, params?: Record<string, unknown>): Promise<WireAnswer>;
  close(): Promise<void>;
}

const CLIENT = { name: 'mcp-eval-corpus-oracle', version: '0.0.0' };
const REQUEST_TIMEOUT_MS = 15_000;

function envelope(): Record<string, unknown> {
  return {
    'io.modelcontextprotocol/protocolVersion': MODERN,
    'io.modelcontextprotocol/clientInfo': CLIENT,
    'io.modelcontextprotocol/clientCapabilities': {},
  };
}

/** The 2026-07-28 HTTP headers derived from the body: version, method and, where the method names something, Mcp-Name. */
function modernHeaders(method: string, params: Record<string, unknown> | undefined): Record<string, string> {
  const named = method === 'resources/read' ? params?.uri : method === 'tools/call' || method === 'prompts/get' ? params?.name : undefined;
  return { 'mcp-protocol-version': MODERN, 'mcp-method': method, ...(typeof named === 'string' ? { 'mcp-name': named } : {}) };
}

function openWire(target: OracleTarget, state: { version?: string; modern: boolean }): Wire {
  if (target.transport === 'stdio') return openStdioWire(target.launch);
  return openHttpWire(target.url, (method, params) =>
    state.modern ? modernHeaders(method, params) : state.version === undefined ? {} : { 'mcp-protocol-version': state.version },
  );
}

/**
 * Opens a session in `era`; `undefined` when the server does not speak it. Each attempt gets a
 * fresh connection (a fresh process over stdio), so a refused probe cannot spoil the next one.
 */
export async function openSession(target: OracleTarget, era: OracleEra): Promise<OracleSession | undefined> {
  const state: { version?: string; modern: boolean } = { modern: era === MODERN };
  const wire = openWire(target, state);
  if (era === MODERN) {
    const hello = await wire.request('server/discover', { _meta: envelope() }, REQUEST_TIMEOUT_MS);
    const versions = hello.kind === 'result' ? hello.result.supportedVersions : undefined;
    if (hello.kind !== 'result' || !Array.isArray(versions) || !versions.includes(MODERN)) {
      await wire.close();
      return undefined;
    }
    return {
      era,
      hello: hello.result,
      request: (method, params) => wire.request(method, { ...params, _meta: { ...envelope() } }, REQUEST_TIMEOUT_MS),
      close: () => wire.close(),
    };
  }
  const hello = await wire.request('initialize', { protocolVersion: LEGACY, capabilities: {}, clientInfo: CLIENT }, REQUEST_TIMEOUT_MS);
  const version = hello.kind === 'result' ? hello.result.protocolVersion : undefined;
  if (hello.kind !== 'result' || typeof version !== 'string') {
    await wire.close();
    return undefined;
  }
  state.version = version;
  await wire.notify('notifications/initialized');
  return {
    era,
    hello: hello.result,
    request: (method, params) => wire.request(method, params, REQUEST_TIMEOUT_MS),
    close: () => wire.close(),
  };
}
