import type { JsonObject } from '@mcp-eval/protocol';

import { failure, type Answer } from './exchange.js';
import { idKey, type RpcId } from './json-rpc-message.js';

/** A request in flight on a shared stream (stdio), waiting for the response with its id. */
export interface PendingRequest {
  readonly method: string;
  readonly startedAt: number;
  readonly requestBytes: number;
  /** Routing key of the caller's progress token, if any: matching notifications attach here. */
  readonly progressKey: string | undefined;
  readonly notifications: JsonObject[];
  /** Called exactly once, by the table. */
  settle(answer: Answer, responseBytes: number): void;
}

/** How many given-up ids to remember, so that a late answer is not mistaken for a wrong one. */
const LATE_MEMORY = 1024;

/**
 * Matches responses to requests by id. A response whose id matches nothing is stray; when exactly
 * one request is pending, a stray response is almost certainly its answer under a wrong id, so that
 * request fails `malformed` at once instead of waiting out its timeout. A late answer (to a request
 * that already timed out or was cancelled) is counted as stray but blames no one.
 */
export class PendingTable {
  readonly #pending = new Map<string, PendingRequest>();
  readonly #late = new Set<string>();
  #stray = 0;

  get size(): number {
    return this.#pending.size;
  }

  get strayResponses(): number {
    return this.#stray;
  }

  has(id: RpcId): boolean {
    return this.#pending.has(idKey(id));
  }

  add(id: RpcId, request: PendingRequest): void {
    const key = idKey(id);
    if (this.#pending.has(key)) throw new Error('A request with this id is already pending');
    this.#late.delete(key);
    this.#pending.set(key, request);
  }

  /** Settles the request with `id` if it is pending; true if it was. */
  settle(id: RpcId, answer: Answer, responseBytes: number): boolean {
    const key = idKey(id);
    const request = this.#pending.get(key);
    if (!request) return false;
    this.#pending.delete(key);
    request.settle(answer, responseBytes);
    return true;
  }

  /** Gives up on a request (timeout, cancellation): a later answer to it is only late. */
  abandon(id: RpcId, answer: Answer): void {
    if (!this.settle(id, answer, 0)) return;
    this.#late.add(idKey(id));
    if (this.#late.size > LATE_MEMORY) {
      const oldest = this.#late.values().next();
      if (!oldest.done) this.#late.delete(oldest.value);
    }
  }

  /** A response (valid or not) arrived carrying `id`. */
  route(id: RpcId, answer: Answer, responseBytes: number): void {
    if (this.settle(id, answer, responseBytes)) return;
    this.#stray += 1;
    if (this.#late.delete(idKey(id))) return;
    this.#blameSoleRequest(failure('malformed'), responseBytes);
  }

  /** A response too large to read arrived; `id` is what could be sampled from it, if anything. */
  routeOversized(id: RpcId | undefined, responseBytes: number): void {
    if (id !== undefined && this.settle(id, failure('oversized'), responseBytes)) return;
    if (id !== undefined && this.#late.delete(idKey(id))) return;
    if (!this.#blameSoleRequest(failure('oversized'), responseBytes)) this.#stray += 1;
  }

  /** When exactly one request is pending, settles it with `answer`; true if it did. */
  blameSole(answer: Answer, responseBytes: number): boolean {
    return this.#blameSoleRequest(answer, responseBytes);
  }

  #blameSoleRequest(answer: Answer, responseBytes: number): boolean {
    if (this.#pending.size !== 1) return false;
    const [key, request] = [...this.#pending][0] ?? [];
    if (key === undefined || request === undefined) return false;
    this.#pending.delete(key);
    request.settle(answer, responseBytes);
    return true;
  }

  /** The pending request whose progress token has this routing key. */
  byProgressKey(key: string): PendingRequest | undefined {
    for (const request of this.#pending.values()) if (request.progressKey === key) return request;
    return undefined;
  }

  settleAll(answer: Answer): void {
    const requests = [...this.#pending.values()];
    this.#pending.clear();
    for (const request of requests) request.settle(answer, 0);
  }
}
