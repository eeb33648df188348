import type { ClientInfo, JsonObject, ProtocolChoice, ResultExchange } from '@mcp-eval/protocol';
import { ConnectError, isJsonObject, LEGACY_PROTOCOL_VERSION, MODERN_PROTOCOL_VERSION } from '@mcp-eval/protocol';

import type { OpenedChannel } from './channel.js';
import { modernBinding, type EraBinding } from './era-binding.js';
import { handshakeFailure, httpStatusOf, legacyHandshake, type HandshakeContext } from './legacy-session.js';
import { classifyProbe, type ProbeVerdict } from './probe-classifier.js';
import { RequestIds } from './request-ids.js';

export interface NegotiateOptions {
  readonly protocol: ProtocolChoice;
  readonly timeoutMs: number;
  readonly clientInfo: ClientInfo;
  readonly signal?: AbortSignal;
}

export interface Negotiated {
  readonly opened: OpenedChannel;
  readonly binding: EraBinding;
  readonly handshake: ResultExchange;
  readonly serverCapabilities: JsonObject;
  readonly coldStartMs: number;
  readonly ids: RequestIds;
  readonly sessionId: string | undefined;
}

/** From opening the channel (stdio: spawning) to the handshake's answer. */
function coldStart(opened: OpenedChannel, answeredAt: number): number {
  return Math.round((answeredAt - opened.startedAt) * 10) / 10;
}

async function probe(opened: OpenedChannel, ids: RequestIds, options: NegotiateOptions, retried: boolean) {
  const binding = modernBinding(opened.channel.traits, options.clientInfo);
  const id = ids.next();
  const body = binding.message('server/discover', undefined, id);
  const exchange = await opened.channel.send({
    method: 'server/discover',
    id,
    body: JSON.stringify(body),
    value: body,
    headers: binding.headers(body),
    expectResponse: true,
    timeoutMs: options.timeoutMs,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const verdict: ProbeVerdict = classifyProbe(exchange, opened.channel.traits, retried, opened.unreachable());
  return { binding, exchange, verdict, answeredAt: performance.now() };
}

/**
 * Establishes the era on a channel: `auto` probes with `server/discover` and falls back to
 * `initialize`; a pinned era sends only its own handshake. A stdio server that died on the probe is
 * started again for the fallback. On failure every channel opened here is closed before throwing.
 */
export async function negotiate(open: () => Promise<OpenedChannel>, options: NegotiateOptions): Promise<Negotiated> {
  let opened = await open();
  const ids = new RequestIds();
  const context = (): HandshakeContext => ({
    channel: opened.channel,
    ids,
    clientInfo: options.clientInfo,
    timeoutMs: options.timeoutMs,
    unreachable: opened.unreachable,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const legacy = async (): Promise<Negotiated> => {
    const done = await legacyHandshake(context());
    return { opened, ids, ...done, coldStartMs: coldStart(opened, done.answeredAt) };
  };
  try {
    if (options.protocol === LEGACY_PROTOCOL_VERSION) return await legacy();
    let attempt = await probe(opened, ids, options, false);
    if (attempt.verdict.kind === 'retry') attempt = await probe(opened, ids, options, true);
    const { verdict, exchange } = attempt;
    if (verdict.kind === 'modern' && exchange.outcome === 'result') {
      const capabilities = verdict.discover.capabilities;
      return {
        opened,
        ids,
        binding: attempt.binding,
        handshake: exchange,
        serverCapabilities: isJsonObject(capabilities) ? capabilities : {},
        coldStartMs: coldStart(opened, attempt.answeredAt),
        sessionId: undefined,
      };
    }
    if (verdict.kind === 'fail')
      throw new ConnectError(
        verdict.failure,
        `The protocol probe failed: ${verdict.failure}`,
        verdict.failure === 'http-status' ? httpStatusOf(exchange) : undefined,
      );
    if (options.protocol === MODERN_PROTOCOL_VERSION) {
      if (verdict.kind === 'legacy' && exchange.outcome === 'transport-failure') throw handshakeFailure(exchange, opened.unreachable());
      throw new ConnectError('era-unsupported', 'The server does not speak protocol revision 2026-07-28');
    }
    if (opened.channel.closed) {
      await opened.channel.close();
      opened = await open();
    }
    return await legacy();
  } catch (error) {
    await opened.channel.close();
    throw error;
  }
}
