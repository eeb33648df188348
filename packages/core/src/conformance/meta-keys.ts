import type { JsonValue } from '@mcp-eval/protocol';
import { isJsonObject, pushAll } from '@mcp-eval/protocol';

import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import { RESERVED_META_KEYS } from './support/protocol-constants.js';
import { receivedMessages, wireOutcome } from './support/wire-messages.js';
import { overWireLog, WIRE_LOG_FULL_LABELS } from './support/wire-workload.js';
import type { WireLogFullLabel } from './support/wire-workload.js';

export type MetaKeysLabel = 'meta-keys-valid' | 'meta-key-invalid' | 'meta-key-reserved' | 'no-meta-observed' | WireLogFullLabel;

const LABELS: Record<MetaKeysLabel, string> = {
  ...WIRE_LOG_FULL_LABELS,
  'meta-keys-valid': 'Every _meta key the server wrote follows the prefix and name rules, and reserved prefixes carry only defined keys.',
  'meta-key-invalid': 'A _meta key that breaks the key format (a prefix label or the name starts, ends or contains what the rules forbid).',
  'meta-key-reserved': 'A _meta key under a reserved prefix (second label modelcontextprotocol or mcp) that the revision does not define.',
  'no-meta-observed': 'Skipped: the server wrote no _meta key in the whole workload, so there was nothing to check.',
};

/** A prefix label: starts with a letter, ends with a letter or digit, letters, digits and hyphens inside. */
const PREFIX_LABEL = /^[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
/** The name: empty, or starts and ends alphanumeric with hyphens, underscores, dots and alphanumerics inside. */
const NAME = /^(?:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)?$/;
/** How deep into a message `_meta` objects are looked for (results nest them in items and content blocks). */
export const META_SEARCH_DEPTH = 8;
/** Server data whose keys are the server's own (schemas, structured output), not protocol objects. */
const OPAQUE = new Set(['inputSchema', 'outputSchema', 'structuredContent', 'requestedSchema', 'arguments']);

function metaKeyProblem(key: string, defined: readonly string[]): 'meta-key-invalid' | 'meta-key-reserved' | undefined {
  const slash = key.lastIndexOf('/');
  const prefix = slash === -1 ? undefined : key.slice(0, slash);
  const name = slash === -1 ? key : key.slice(slash + 1);
  if (!NAME.test(name)) return 'meta-key-invalid';
  if (prefix === undefined) return undefined;
  const labels = prefix.split('.');
  if (!labels.every((label) => PREFIX_LABEL.test(label))) return 'meta-key-invalid';
  const reserved = labels[1] === 'modelcontextprotocol' || labels[1] === 'mcp';
  return reserved && !defined.includes(key) ? 'meta-key-reserved' : undefined;
}

function collectMetaKeys(value: JsonValue, depth: number, keys: string[]): void {
  if (depth > META_SEARCH_DEPTH) return;
  if (Array.isArray(value)) {
    for (const item of value) collectMetaKeys(item, depth + 1, keys);
    return;
  }
  if (!isJsonObject(value)) return;
  for (const [key, member] of Object.entries(value)) {
    if (key === '_meta' && isJsonObject(member)) pushAll(keys, Object.keys(member));
    else if (!OPAQUE.has(key)) collectMetaKeys(member, depth + 1, keys);
  }
}

/**
 * Every `_meta` key the server wrote in the shared wire workload (in `params`, `result` and the
 * items, content blocks and messages inside them) follows the revision's key format, and keys
 * under a reserved prefix are ones the revision defines. Skips when no key was written at all.
 */
export const metaKeys = defineCheck<ConformanceParams, MetaKeysLabel>({
  id: 'meta-keys',
  kind: 'conformance',
  requirements: ['L9', 'M11'],
  title: '_meta keys follow the naming rules',
  summary: 'Every _meta key the server writes has a valid prefix and name; reserved prefixes carry only keys the revision defines.',
  params: NO_PARAMS,
  labels: LABELS,
  run: overWireLog(async (ctx, read): Promise<Outcome<MetaKeysLabel>> => {
    const { log, era } = await read();
    const defined = RESERVED_META_KEYS[era];
    const defects: { label: 'meta-key-invalid' | 'meta-key-reserved'; measurements: { frame: number } }[] = [];
    let checked = 0;
    for (const { index, message } of receivedMessages(log)) {
      const keys: string[] = [];
      collectMetaKeys(message, 0, keys);
      checked += keys.length;
      for (const key of keys) {
        const problem = metaKeyProblem(key, defined);
        if (problem) defects.push({ label: problem, measurements: { frame: index } });
      }
    }
    if (checked === 0) return { status: 'skip', label: 'no-meta-observed' };
    return wireOutcome(defects, 'meta-keys-valid', { keys: checked });
  }),
});
