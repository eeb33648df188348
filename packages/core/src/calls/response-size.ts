import type { JsonObject } from '@mcp-eval/protocol';
import { isRecord } from '@mcp-eval/protocol';

import { measureJson } from '../catalog/measure-json.js';

/** The content kinds a tool result carries, as measured; `other` is any type the spec does not name. */
export type ContentKind = 'text' | 'image' | 'audio' | 'resource' | 'resourceLink' | 'structured' | 'other';

export const CONTENT_KINDS: readonly ContentKind[] = ['text', 'image', 'audio', 'resource', 'resourceLink', 'structured', 'other'];

export interface ResponseSize {
  /** The encoded bytes of `content` and `structuredContent`: what a client may hand a model. */
  readonly bytes: number;
  readonly byKind: Readonly<Record<ContentKind, number>>;
  /** The largest base64 payload sent inline (image or audio `data`, an embedded resource's `blob`). */
  readonly largestInlineBlobBytes: number;
}

const KIND_OF_TYPE: Readonly<Record<string, ContentKind>> = {
  text: 'text',
  image: 'image',
  audio: 'audio',
  resource: 'resource',
  resource_link: 'resourceLink',
};

function inlineBlobBytes(item: JsonObject): number {
  if ((item.type === 'image' || item.type === 'audio') && typeof item.data === 'string') return item.data.length;
  if (item.type === 'resource' && isRecord(item.resource) && typeof item.resource.blob === 'string') return item.resource.blob.length;
  return 0;
}

/**
 * What one `tools/call` result costs, measured in memory (nothing of it is kept): its bytes per
 * content kind and its largest inline blob. `_meta` and other fields are not model input.
 */
export function measureResponse(result: JsonObject): ResponseSize {
  const byKind: Record<ContentKind, number> = { text: 0, image: 0, audio: 0, resource: 0, resourceLink: 0, structured: 0, other: 0 };
  let largestInlineBlobBytes = 0;
  const content = Array.isArray(result.content) ? result.content : [];
  for (const item of content) {
    const kind = isRecord(item) && typeof item.type === 'string' ? (KIND_OF_TYPE[item.type] ?? 'other') : 'other';
    byKind[kind] += measureJson(item).bytes;
    if (isRecord(item)) largestInlineBlobBytes = Math.max(largestInlineBlobBytes, inlineBlobBytes(item));
  }
  if (result.structuredContent !== undefined) byKind.structured = measureJson(result.structuredContent).bytes;
  const bytes = measureJson({
    content: result.content ?? [],
    ...(result.structuredContent === undefined ? {} : { structuredContent: result.structuredContent }),
  }).bytes;
  return { bytes, byKind, largestInlineBlobBytes };
}
