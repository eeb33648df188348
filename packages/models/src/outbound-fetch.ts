import { DEFAULT_MAX_RESPONSE_BYTES, serverValueProblem } from '@mcp-eval/core';

export interface OutboundLimits {
  /** @default DEFAULT_MAX_RESPONSE_BYTES (16 MiB: a real completion is a few KiB) */
  readonly maxResponseBytes?: number;
  /** Per request, headers and body: the column's `timeout_ms`. Undefined: the caller's signal only. */
  readonly timeoutMs?: number;
}

/** The body passed `maxResponseBytes`: the read was aborted there (`response-too-large`). */
export class ResponseTooLargeError extends Error {
  constructor() {
    super('response body over the size limit');
    this.name = 'ResponseTooLargeError';
  }
}

/** A header value the MCP transports would refuse too (CR, LF, NUL, another control, above U+00FF). */
export class RefusedHeaderError extends Error {
  constructor() {
    super('a request header value is not a valid HTTP field value');
    this.name = 'RefusedHeaderError';
  }
}

/** Whether `error`, or an error it was wrapped in (`cause`, as the AI SDK wraps), is a `ResponseTooLargeError`. */
export function isResponseTooLarge(error: unknown): boolean {
  for (let at: unknown = error, depth = 0; at instanceof Error && depth < 8; at = at.cause, depth += 1) {
    if (at instanceof ResponseTooLargeError) return true;
  }
  return false;
}

/** A request's headers as name-value pairs, before `Headers` sees them (it throws quoting the value). */
function headerPairs(given: RequestInit['headers']): [string, string][] {
  if (given === undefined) return [];
  if (given instanceof Headers) return [...given.entries()];
  const entries: [string, unknown][] = Array.isArray(given) ? given.map((pair) => [String(pair[0]), pair[1]]) : Object.entries(given);
  return entries.map(([name, value]) => [name, Array.isArray(value) ? value.map(String).join(', ') : String(value)]);
}

/** The body, counted as it streams: past `limit` bytes the read fails and the socket is let go. */
function capped(body: ReadableStream<Uint8Array>, limit: number): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let seen = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      seen += value.byteLength;
      if (seen > limit) {
        await reader.cancel().catch(() => undefined);
        return controller.error(new ResponseTooLargeError());
      }
      controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/**
 * The one HTTP client for everything that is not MCP (model providers, the judge and generator
 * on their columns): a `fetch` that never follows a redirect (a 3xx comes back as the answer, so
 * the provider reports it and no key or prompt reaches another origin), refuses any header value
 * the MCP transports refuse, caps the body by counting bytes as they stream, and bounds each
 * request by `timeoutMs` as well as the caller's signal.
 */
export function createOutboundFetch(limits: OutboundLimits = {}): typeof fetch {
  const maxResponseBytes = limits.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  return async (input, init) => {
    const headers = new Headers(input instanceof Request ? input.headers : undefined);
    // Headers() itself throws on CR/LF, quoting the value: check the raw pairs first.
    const pairs = headerPairs(init?.headers);
    if (pairs.some(([, value]) => serverValueProblem('header-value', value) !== undefined)) throw new RefusedHeaderError();
    for (const [name, value] of pairs) headers.set(name, value);
    const signals = [init?.signal, limits.timeoutMs === undefined ? undefined : AbortSignal.timeout(limits.timeoutMs)].filter(
      (s): s is AbortSignal => s !== undefined && s !== null,
    );
    const response = await fetch(input, {
      ...init,
      headers,
      redirect: 'manual',
      ...(signals.length === 0 ? {} : { signal: signals.length === 1 ? signals[0] : AbortSignal.any(signals) }),
    });
    if (response.body === null) return response;
    return new Response(capped(response.body, maxResponseBytes), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
