import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface ProxyOptions {
  /** Held before each request is forwarded and again before its answer is returned. */
  readonly delayMs: number;
  /** After this many requests the proxy drops every connection and stops listening (0: never). */
  readonly crashAfter: number;
}

export interface HttpProxy {
  readonly url: string;
  close(): Promise<void>;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const HOP_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);
const MAX_BODY_BYTES = 64 * 1024 * 1024;

async function bodyOf(request: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * A loopback forwarding server in front of `target` (a loopback URL): every request is held,
 * forwarded with plain fetch (redirects never followed), and its whole answer held and returned.
 * A GET stream that stays open is therefore never answered (mapped in proxy-mapping.ts).
 */
export async function startHttpProxy(target: string, options: ProxyOptions): Promise<HttpProxy> {
  const sockets = new Set<Socket>();
  const isCrashed = (): boolean => state.crashed;
  let requests = 0;
  const state: { crashed: boolean } = { crashed: false };
  const crash = (): void => {
    state.crashed = true;
    server.close();
    for (const socket of sockets) socket.destroy();
  };
  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    requests += 1;
    if (state.crashed || (options.crashAfter > 0 && requests > options.crashAfter)) return crash();
    const body = await bodyOf(request);
    await sleep(options.delayMs);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers))
      if (typeof value === 'string' && !HOP_HEADERS.has(name)) headers[name] = value;
    const method = request.method ?? 'GET';
    // A client that gives up (a GET stream it closes, a timeout) ends the upstream request too.
    const upstream = new AbortController();
    response.once('close', () => upstream.abort());
    const answer = await fetch(target, {
      method,
      headers,
      redirect: 'manual',
      signal: upstream.signal,
      ...(method === 'GET' || method === 'HEAD' || body === undefined ? {} : { body }),
    });
    const out: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!HOP_HEADERS.has(name) && name !== 'content-encoding') out[name] = value;
    });
    const bytes = Buffer.from(await answer.arrayBuffer());
    await sleep(options.delayMs);
    if (isCrashed()) return;
    response.writeHead(answer.status, out).end(bytes);
  };
  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(502).end();
      else response.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}${new URL(target).pathname}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
        if (state.crashed) resolve();
      }),
  };
}
