import type { Exchange, JsonValue } from '@mcp-eval/core';
import { isRecord, safeToolName } from '@mcp-eval/core';

/** Content item types the spec defines; anything else a server sends shows as `other`. */
const CONTENT_TYPES = ['text', 'image', 'audio', 'resource', 'resource_link'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number] | 'other';

/** List results whose item count is worth showing. */
const LIST_KEYS = ['tools', 'resources', 'resourceTemplates', 'prompts'] as const;

export type JsonKind = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

export interface ContentShape {
  readonly type: ContentType;
  /** Characters of the item's payload (text, base64 data, embedded resource text or blob). */
  readonly length?: number;
}

/** What came back for one request, as numbers and fixed words: never the server's text. */
export interface ExchangeShape {
  readonly method: string;
  /** tools/call: the tool the request named (validated, or a placeholder). */
  readonly tool?: string;
  readonly outcome: Exchange['outcome'];
  readonly failure?: string;
  readonly jsonRpcCode?: number;
  readonly httpStatus?: number;
  readonly isError?: boolean;
  readonly content?: readonly ContentShape[];
  readonly structuredContent?: { readonly type: JsonKind; readonly size: number };
  readonly items?: number;
  readonly nextCursor?: boolean;
  readonly latencyMs: number;
  readonly requestBytes: number;
  readonly responseBytes: number;
}

function kindOf(value: JsonValue): JsonKind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value as 'object' | 'string' | 'number' | 'boolean';
}

/** Keys of an object, items of an array, characters of a string, 0 otherwise. */
function sizeOf(value: JsonValue): number {
  if (Array.isArray(value)) return value.length;
  if (isRecord(value)) return Object.keys(value).length;
  if (typeof value === 'string') return value.length;
  return 0;
}

function payloadLength(item: Readonly<Record<string, unknown>>): number | undefined {
  const payload = item['text'] ?? item['data'];
  if (typeof payload === 'string') return payload.length;
  const resource = item['resource'];
  if (isRecord(resource)) {
    const body = resource['text'] ?? resource['blob'];
    if (typeof body === 'string') return body.length;
  }
  return undefined;
}

function contentShape(item: unknown): ContentShape {
  if (!isRecord(item)) return { type: 'other' };
  const declared = item['type'];
  const type = CONTENT_TYPES.find((t) => t === declared) ?? 'other';
  const length = payloadLength(item);
  return length === undefined ? { type } : { type, length };
}

export function exchangeShape(method: string, params: Readonly<Record<string, unknown>> | undefined, exchange: Exchange): ExchangeShape {
  const name = params?.['name'];
  const base = {
    method,
    ...(method === 'tools/call' && typeof name === 'string' ? { tool: safeToolName(name) } : {}),
    outcome: exchange.outcome,
    latencyMs: exchange.latencyMs,
    requestBytes: exchange.requestBytes,
    responseBytes: exchange.responseBytes,
    ...(exchange.httpStatus === undefined ? {} : { httpStatus: exchange.httpStatus }),
  };
  if (exchange.outcome === 'transport-failure') return { ...base, failure: exchange.failure };
  if (exchange.outcome === 'error') return { ...base, jsonRpcCode: exchange.error.code };
  const { result } = exchange;
  const content = result['content'];
  const structured = result['structuredContent'];
  const list = LIST_KEYS.map((key) => result[key]).find(Array.isArray);
  return {
    ...base,
    ...(typeof result['isError'] === 'boolean' ? { isError: result['isError'] } : {}),
    ...(Array.isArray(content) ? { content: content.map(contentShape) } : {}),
    ...(structured === undefined ? {} : { structuredContent: { type: kindOf(structured), size: sizeOf(structured) } }),
    ...(list === undefined ? {} : { items: list.length, nextCursor: typeof result['nextCursor'] === 'string' }),
  };
}
