import { Pool, type Dispatcher } from 'undici';

import { isBadPort } from './http-bad-port.js';

/** Refused before anything is sent, as `fetch` refused it; `code` names why when the network would. */
class EndpointRefusal extends Error {
  readonly code: string | undefined;

  constructor(message: string, code?: string) {
    super(message);
    this.code = code;
  }
}

export interface EndpointRequest {
  readonly method: 'POST' | 'GET' | 'DELETE';
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly signal?: AbortSignal;
}

/**
 * One target URL's connections: a keep-alive `Pool` for its origin, opened at the first request
 * and destroyed on close (so no socket or keep-alive timer outlives the channel). Redirects are
 * never followed: a `Pool` does not, and a 3xx comes back as what it is.
 */
export class HttpEndpoint {
  readonly #url: string;
  #pool: Pool | undefined;
  #path = '/';
  #closed = false;

  constructor(url: string) {
    this.#url = url;
  }

  request(request: EndpointRequest): Promise<Dispatcher.ResponseData> {
    const pool = this.#open();
    return pool.request({
      path: this.#path,
      method: request.method,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: request.body }),
      ...(request.signal === undefined ? {} : { signal: request.signal }),
    });
  }

  /** Ends every socket now; in-flight requests fail. */
  async close(): Promise<void> {
    this.#closed = true;
    const pool = this.#pool;
    this.#pool = undefined;
    if (pool && !pool.destroyed) await pool.destroy();
  }

  #open(): Pool {
    if (this.#closed) throw new EndpointRefusal('closed');
    if (this.#pool) return this.#pool;
    // The URL is checked as `fetch` checked it: only http(s), no credentials, no bad port.
    const url = new URL(this.#url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new EndpointRefusal('not an http(s) URL');
    if (url.username !== '' || url.password !== '') throw new EndpointRefusal('a URL with credentials');
    if (isBadPort(url)) throw new EndpointRefusal('bad port', 'BAD_PORT');
    this.#path = `${url.pathname}${url.search}`;
    this.#pool = new Pool(url.origin);
    return this.#pool;
  }
}
