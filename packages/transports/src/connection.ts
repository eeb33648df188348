import type {
  Connection,
  ConnectionDiagnostics,
  Exchange,
  JsonObject,
  JsonValue,
  ProtocolEra,
  RawMessage,
  RequestOptions,
  ResultExchange,
  TransportKind,
  TransportTraits,
  WireLog,
} from '@mcp-eval/protocol';
import { ERROR_CODES, isJsonObject } from '@mcp-eval/protocol';

import type { Channel, ServerRequest } from './channel.js';
import type { EraBinding } from './era-binding.js';
import { isRpcId, progressKey } from './json-rpc-message.js';
import type { RequestIds } from './request-ids.js';

/** The instrument's connection: the core port plus what only a real process or endpoint has. */
export interface WireConnection extends Connection {
  /** stdio: the server's pid, leader of its own process group. */
  readonly pid: number | undefined;
  /** stdio: the first `stderrCapBytes` of stderr. Server text: never log or persist it. */
  stderrText(): string;
}

export interface ConnectionParts {
  readonly channel: Channel;
  readonly binding: EraBinding;
  readonly ids: RequestIds;
  readonly handshake: ResultExchange;
  readonly serverCapabilities: JsonObject;
  readonly coldStartMs: number;
  readonly timeoutMs: number;
  /** Runs before the channel closes (legacy HTTP: DELETE the session). */
  readonly beforeClose?: () => Promise<void>;
}

/** A `notifications/cancelled` is a courtesy: it must not hold up the caller for long. */
const CANCEL_NOTICE_TIMEOUT_MS = 2000;

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function lowerCaseHeaders(headers: Readonly<Record<string, string | null>> | undefined): Record<string, string | null> {
  return Object.fromEntries(Object.entries(headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
}

export class NegotiatedConnection implements WireConnection {
  readonly transport: TransportKind;
  readonly traits: TransportTraits;
  readonly era: ProtocolEra;
  readonly protocolVersion: string;
  readonly serverCapabilities: JsonObject;
  readonly handshake: ResultExchange;
  readonly coldStartMs: number;
  readonly pid: number | undefined;

  readonly #parts: ConnectionParts;
  #closing: Promise<void> | undefined;

  constructor(parts: ConnectionParts) {
    this.#parts = parts;
    this.transport = parts.channel.transport;
    this.traits = parts.channel.traits;
    this.era = parts.binding.era;
    this.protocolVersion = parts.binding.protocolVersion;
    this.serverCapabilities = parts.serverCapabilities;
    this.handshake = parts.handshake;
    this.coldStartMs = parts.coldStartMs;
    this.pid = parts.channel.process?.pid;
    parts.channel.onServerRequest = (request) => void this.#answerServerRequest(request);
  }

  get closed(): boolean {
    return this.#closing !== undefined || this.#parts.channel.closed;
  }

  stderrText(): string {
    return this.#parts.channel.process?.stderrText() ?? '';
  }

  diagnostics(): ConnectionDiagnostics {
    return this.#parts.channel.diagnostics();
  }

  wireLog(): WireLog {
    return this.#parts.channel.wireLog();
  }

  async request(method: string, params?: JsonObject, options?: RequestOptions): Promise<Exchange> {
    const { binding, channel } = this.#parts;
    const id = this.#parts.ids.next();
    const body = binding.message(method, params, id, options);
    const sentParams = isJsonObject(body.params) ? body.params : undefined;
    const key = progressKey(isJsonObject(sentParams?._meta) ? sentParams._meta : undefined);
    const exchange = await channel.send({
      method,
      id,
      body: JSON.stringify(body),
      value: body,
      headers: binding.headers(body),
      expectResponse: true,
      timeoutMs: options?.timeoutMs ?? this.#parts.timeoutMs,
      ...(options?.signal ? { signal: options.signal } : {}),
      ...(key === undefined ? {} : { progressKey: key }),
      ...(options?.dropStreamAfter === undefined ? {} : { dropStreamAfter: options.dropStreamAfter }),
      ...(options?.maxResponseBytes === undefined ? {} : { maxResponseBytes: options.maxResponseBytes }),
    });
    // A dropped stream is not announced: the point is a client that vanished mid-answer.
    const dropped = options?.dropStreamAfter !== undefined && exchange.outcome === 'transport-failure' && exchange.failure === 'cancelled';
    if (!dropped && exchange.outcome === 'transport-failure' && (exchange.failure === 'timeout' || exchange.failure === 'cancelled')) {
      await this.#announceCancel(id, exchange.failure);
    }
    return exchange;
  }

  async notify(method: string, params?: JsonObject): Promise<void> {
    await this.#post(this.#parts.binding.message(method, params), this.#parts.timeoutMs);
  }

  /**
   * Sends `message.body` exactly as given. Headers are derived from the body as for any message
   * (when it parses), then `message.headers` sets or removes any of them. The answer is matched by
   * the body's id; a body without a readable id takes, over HTTP, whatever answer its POST gets
   * and, over stdio, an answer with a null id.
   */
  async sendRaw(message: RawMessage, options?: RequestOptions): Promise<Exchange> {
    const text = typeof message.body === 'string' ? message.body : JSON.stringify(message.body);
    const parsed = typeof message.body === 'string' ? tryParse(text) : message.body;
    const object = isJsonObject(parsed) ? parsed : undefined;
    const id = object && isRpcId(object.id) ? object.id : undefined;
    return this.#parts.channel.send({
      method: typeof object?.method === 'string' ? object.method : 'raw',
      id,
      body: text,
      value: parsed as JsonValue | undefined,
      headers: { ...this.#parts.binding.headers(parsed), ...lowerCaseHeaders(message.headers) },
      expectResponse: message.expectResponse ?? true,
      timeoutMs: options?.timeoutMs ?? this.#parts.timeoutMs,
      ...(options?.signal ? { signal: options.signal } : {}),
      ...(message.httpMethod ? { httpMethod: message.httpMethod } : {}),
    });
  }

  close(): Promise<void> {
    this.#closing ??= (async () => {
      try {
        await this.#parts.beforeClose?.();
      } finally {
        await this.#parts.channel.close();
      }
    })();
    return this.#closing;
  }

  async #post(body: JsonObject, timeoutMs: number): Promise<Exchange> {
    const { binding, channel } = this.#parts;
    return channel.send({
      method: typeof body.method === 'string' ? body.method : 'response',
      id: undefined,
      body: JSON.stringify(body),
      value: body,
      headers: binding.headers(body),
      expectResponse: false,
      timeoutMs,
    });
  }

  /** Tells the server a request was given up, where the era says so (not on 2026-07-28 HTTP). */
  async #announceCancel(id: number, reason: 'timeout' | 'cancelled'): Promise<void> {
    const { binding, channel } = this.#parts;
    if (!binding.cancelWithNotification || channel.closed) return;
    const notice = binding.message('notifications/cancelled', { requestId: id, reason });
    await this.#post(notice, Math.min(this.#parts.timeoutMs, CANCEL_NOTICE_TIMEOUT_MS));
  }

  /**
   * We declare no client capabilities, so the only server request we serve is `ping`; the rest get
   * method-not-found rather than silence, so a server is not left waiting on us.
   */
  async #answerServerRequest(request: ServerRequest): Promise<void> {
    if (this.closed) return;
    const reply: JsonObject =
      request.method === 'ping'
        ? { jsonrpc: '2.0', id: request.id, result: {} }
        : { jsonrpc: '2.0', id: request.id, error: { code: ERROR_CODES.methodNotFound, message: 'Method not found' } };
    await this.#post(reply, Math.min(this.#parts.timeoutMs, CANCEL_NOTICE_TIMEOUT_MS));
  }
}
