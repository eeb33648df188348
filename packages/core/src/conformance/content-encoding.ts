import type { JsonObject } from '@mcp-eval/protocol';
import { isRecord } from '@mcp-eval/protocol';

import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import type { ListMethod } from '../catalog/walk-list.js';
import type { Finding } from '../record.js';
import { declares, SKIP_LABELS } from './support/applicability.js';
import { bodyDefect, isMediaType, isStrictBase64 } from './support/encoding.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import { structuredCalls } from './support/structured-calls.js';
import { sharedWalk } from './support/shared-walk.js';
import { sharedRequest } from './support/shared-request.js';

/** At most this many prompts (the first listed that need no required argument) are fetched with `prompts/get`. */
export const CONTENT_MAX_PROMPTS = 5;
/** At most this many listed resources (the first in list order) are read with `resources/read`. */
export const CONTENT_MAX_READS = 5;

type BlockSource = 'prompt' | 'tool';
type BlockDefect = 'data-not-base64' | 'media-type-invalid' | 'embedded-uri-missing' | 'embedded-body-missing' | 'embedded-blob-not-base64';
type ContentsDefect = 'contents-uri-missing' | 'contents-body-missing' | 'contents-blob-not-base64';
type DefectLabel = `${BlockSource}-${BlockDefect}` | ContentsDefect;

export type ContentEncodingLabel = 'content-encoded' | DefectLabel | 'nothing-returned' | 'capability-not-declared';

const SOURCES: Record<BlockSource, string> = {
  prompt: 'a message of prompts/get (a listed prompt that needs no argument)',
  tool: 'a result of a read-only tool called for structured-content',
};

const BLOCK_DEFECTS: Record<BlockDefect, string> = {
  'data-not-base64': 'an image or audio block whose data is not strict base64 (RFC 4648: alphabet, whole quanta, padding)',
  'media-type-invalid': 'an image or audio block whose mimeType is not a type/subtype media type',
  'embedded-uri-missing': 'an embedded resource block whose resource has no uri string',
  'embedded-body-missing': 'an embedded resource block whose resource has neither a text string nor a blob, or both',
  'embedded-blob-not-base64': 'an embedded resource block whose blob is not strict base64',
};

function buildLabels(): Record<ContentEncodingLabel, string> {
  const labels: Record<string, string> = {
    'content-encoded':
      'Every content block and resources/read entry checked was well formed: base64 data and a media type on images and audio, a uri and exactly a text or base64 blob on resources.',
    'contents-uri-missing': 'Finding: a resources/read contents entry has no uri string.',
    'contents-body-missing': 'Finding: a resources/read contents entry has neither a text string nor a blob, or both.',
    'contents-blob-not-base64': 'Finding: a resources/read contents entry has a blob that is not strict base64.',
    'nothing-returned':
      'Skipped: no prompt, read-only tool result or resource read returned content to check (nothing declared, listed or answered).',
    'capability-not-declared': SKIP_LABELS['capability-not-declared'],
  };
  for (const [source, where] of Object.entries(SOURCES)) {
    for (const [defect, what] of Object.entries(BLOCK_DEFECTS)) labels[`${source}-${defect}`] = `Finding: in ${where}, ${what}.`;
  }
  return labels as Record<ContentEncodingLabel, string>;
}

function blockDefect(block: unknown): BlockDefect | undefined {
  if (!isRecord(block)) return undefined;
  if (block.type === 'image' || block.type === 'audio') {
    if (!isStrictBase64(block.data)) return 'data-not-base64';
    return isMediaType(block.mimeType) ? undefined : 'media-type-invalid';
  }
  if (block.type === 'resource') {
    const resource = isRecord(block.resource) ? block.resource : {};
    if (typeof resource.uri !== 'string' || resource.uri === '') return 'embedded-uri-missing';
    const body = bodyDefect(resource);
    return body === undefined ? undefined : `embedded-${body}`;
  }
  return undefined;
}

function contentsDefect(entry: unknown): ContentsDefect | undefined {
  if (!isRecord(entry) || typeof entry.uri !== 'string' || entry.uri === '') return 'contents-uri-missing';
  const body = bodyDefect(entry);
  return body === undefined ? undefined : `contents-${body}`;
}

/** A prompt message's content: one block (2025-11-25) or a list of them. */
function blocksOf(content: unknown): unknown[] {
  if (Array.isArray(content)) return content;
  return content === undefined ? [] : [content];
}

function needsArguments(prompt: JsonObject): boolean {
  return Array.isArray(prompt.arguments) && prompt.arguments.some((argument) => isRecord(argument) && argument.required === true);
}

/**
 * Both eras: content travels encoded as the revision defines it. Checked on every content block of
 * `prompts/get` (the first CONTENT_MAX_PROMPTS listed prompts that need no argument), of the
 * read-only tool results `structured-content` reads, and every `contents` entry of `resources/read`
 * (the first CONTENT_MAX_READS listed resources): image and audio carry strict base64 `data` and a
 * media type, embedded resources and read contents a `uri` and exactly a `text` or a base64
 * `blob`. Errors are not judged here. Findings carry positions (`index`, `block`), never content.
 */
export const contentEncoding = defineCheck<ConformanceParams, ContentEncodingLabel>({
  id: 'content-encoding',
  kind: 'conformance',
  requirements: ['L54', 'L57', 'M75', 'M77'],
  title: 'Content is encoded as the protocol defines',
  summary: 'Image and audio data is base64 with a media type; embedded and read resources carry a uri and a text or base64 blob.',
  params: NO_PARAMS,
  labels: buildLabels(),
  async run(ctx): Promise<Outcome<ContentEncodingLabel>> {
    const surfaces = ['tools', 'prompts', 'resources'].filter((capability) => declares(ctx.connection, capability));
    if (surfaces.length === 0) return { status: 'skip', label: 'capability-not-declared' };
    const listed = async (method: ListMethod, capability: string): Promise<readonly JsonObject[]> =>
      surfaces.includes(capability) ? (await sharedWalk(ctx, method)).items : [];

    const findings: (Finding & { readonly label: DefectLabel })[] = [];
    let checked = 0;
    const checkBlocks = (source: BlockSource, index: number, blocks: readonly unknown[]): void => {
      for (const [block, value] of blocks.entries()) {
        checked += 1;
        const defect = blockDefect(value);
        if (defect) findings.push({ label: `${source}-${defect}`, measurements: { index, block } });
      }
    };

    // Everything is fetched side by side (each read shared with the other assertions), then judged in order.
    const [promptAnswers, calls, readAnswers] = await Promise.all([
      listed('prompts/list', 'prompts').then((prompts) =>
        Promise.all(
          prompts
            .filter((prompt) => !needsArguments(prompt))
            .slice(0, CONTENT_MAX_PROMPTS)
            .map((prompt) => sharedRequest(ctx, 'prompts/get', { name: prompt.name as string })),
        ),
      ),
      surfaces.includes('tools') ? structuredCalls(ctx).then((made) => made.calls) : [],
      listed('resources/list', 'resources').then((resources) =>
        Promise.all(
          resources.slice(0, CONTENT_MAX_READS).map((resource) => sharedRequest(ctx, 'resources/read', { uri: resource.uri as string })),
        ),
      ),
    ]);

    for (const [index, exchange] of promptAnswers.entries()) {
      if (exchange.outcome !== 'result' || !Array.isArray(exchange.result.messages)) continue;
      checkBlocks(
        'prompt',
        index,
        exchange.result.messages.flatMap((message) => (isRecord(message) ? blocksOf(message.content) : [])),
      );
    }

    for (const { index, result } of calls) {
      if (result && Array.isArray(result.content)) checkBlocks('tool', index, result.content);
    }

    for (const [index, exchange] of readAnswers.entries()) {
      if (exchange.outcome !== 'result' || !Array.isArray(exchange.result.contents)) continue;
      for (const [block, entry] of exchange.result.contents.entries()) {
        checked += 1;
        const defect = contentsDefect(entry);
        if (defect) findings.push({ label: defect, measurements: { index, block } });
      }
    }

    const measurements = { checked, defects: findings.length };
    const [first] = findings;
    if (first) return { status: 'fail', label: first.label, measurements, findings };
    if (checked === 0) return { status: 'skip', label: 'nothing-returned', measurements };
    return { status: 'pass', label: 'content-encoded', measurements };
  },
});
