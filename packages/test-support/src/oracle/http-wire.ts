import { answerOf, type Wire, type WireAnswer } from './wire.js';

/** Headers a request adds beyond the fixed ones: the era's version, method and name headers. */
export type HeadersFor = (method: string, params: Record<string, unknown> | undefined) => Record<string, string>;

/** The first JSON-RPC response in an SSE body (`data:` lines joined per event). */
function sseAnswer(text: string, id: number): WireAnswer | undefined {
  for (const event of text.split(/\r?\n\r?\n/)) {
    const data = event
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trimStart())
      .join('\n');
    if (data === '') continue;
    try {
      const response = answerOf(JSON.parse(data));
      if (response?.id === id) return response.answer;
    } catch {
      // a non-JSON event is skipped; the answer may come in a later one
    }
  }
  return undefined;
}

/**
 * Plain HTTP POST per JSON-RPC message. Redirects are never followed (`redirect: 'manual'`), so
 * nothing leaves the loopback URL the caller gave. The server's `Mcp-Session-Id` is kept and sent back.
 */
export function openHttpWire(url: string, headersFor: HeadersFor): Wire {
  let session: string | undefined;
  let nextId = 1;
  const post = async (
    message: Record<string, unknown>,
    method: string,
    params: Record<string, unknown> | undefined,
    timeoutMs: number,
  ): Promise<Response> =>
    fetch(url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(session === undefined ? {} : { 'mcp-session-id': session }),
        ...headersFor(method, params),
      },
      body: JSON.stringify({ jsonrpc: '2.0', ...message }),
    });
  return {
    request: async (method, params, timeoutMs) => {
      const id = nextId++;
      let response: Response;
      let text: string;
      try {
        response = await post({ id, method, ...(params === undefined ? {} : { params }) }, method, params, timeoutMs);
        text = await response.text();
      } catch (error) {
        return { kind: 'failed', reason: error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'closed' };
      }
      session = response.headers.get('mcp-session-id') ?? session;
      const type = response.headers.get('content-type') ?? '';
      if (type.includes('text/event-stream')) return sseAnswer(text, id) ?? { kind: 'failed', reason: 'malformed' };
      try {
        const answer = answerOf(JSON.parse(text));
        if (answer !== undefined) return answer.answer;
      } catch {
        // not JSON: judged by the status below
      }
      return { kind: 'failed', reason: response.ok ? 'malformed' : 'http-status' };
    },
    notify: async (method, params) => {
      try {
        const response = await post({ method, ...(params === undefined ? {} : { params }) }, method, params, 10_000);
        await response.arrayBuffer();
      } catch {
        // a lost notification shows up as the next request's failure
      }
    },
    close: async () => {
      if (session === undefined) return;
      try {
        const response = await fetch(url, { method: 'DELETE', redirect: 'manual', headers: { 'mcp-session-id': session } });
        await response.arrayBuffer();
      } catch {
        // the server may already be gone
      }
    },
  };
}
