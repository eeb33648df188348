import { isRecord } from '@mcp-eval/protocol';

import { measureJson } from '../catalog/measure-json.js';
import type { ListWalkProblem } from '../catalog/walk-list.js';
import { nameWords } from './name-words.js';
import { collectStrings } from './walk-json.js';

export type JsonRecord = Readonly<Record<string, unknown>>;

/** An own field only: `entry.constructor` must not find `Object` on a catalog entry's prototype. */
export function ownField(record: JsonRecord | undefined, key: string): unknown {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

export function hasOwnField(record: JsonRecord | undefined, key: string): boolean {
  return record !== undefined && Object.hasOwn(record, key);
}

/** One entry of `inputSchema.properties`. */
export interface CatalogProperty {
  readonly name: string;
  /** The property's schema when it is a JSON object (booleans and junk give `undefined`). */
  readonly schema: JsonRecord | undefined;
  readonly raw: unknown;
}

/**
 * One catalog entry, read defensively: the catalog comes from an untrusted server, so every field
 * is `undefined` unless it has the expected JSON type. Rules that judge the types themselves read
 * `entry` (or `raw`) with `ownField`.
 */
export interface CatalogTool {
  readonly index: number;
  readonly raw: unknown;
  /** The entry when it is a JSON object. */
  readonly entry: JsonRecord | undefined;
  readonly name: string | undefined;
  readonly description: string | undefined;
  readonly inputSchema: JsonRecord | undefined;
  readonly outputSchema: JsonRecord | undefined;
  readonly annotations: JsonRecord | undefined;
  /** `inputSchema.properties` entries when it is an object, in declaration order. */
  readonly properties: readonly CatalogProperty[];
  /** The string members of `inputSchema.required` when it is an array. */
  readonly required: readonly string[];
  /** The name's words, lower-cased (empty without a string name). */
  readonly nameWords: readonly string[];
  /** Every string in the entry, values and keys: what text rules scan. */
  readonly strings: readonly string[];
  /** Nesting levels of the entry (objects and arrays), measured without recursion. */
  readonly depth: number;
}

/** Why reading a live catalog stopped before its end: the walk's problem and the page it met it on. */
export interface CatalogListingDefect {
  readonly problem: ListWalkProblem;
  /** 1-based page. */
  readonly page: number;
}

export interface LintCatalog {
  readonly tools: readonly CatalogTool[];
  /** Set when the tools are what was read before a listing defect, not the whole catalog. */
  readonly listing?: CatalogListingDefect;
}

function record(value: unknown): JsonRecord | undefined {
  return isRecord(value) ? value : undefined;
}

function readTool(raw: unknown, index: number): CatalogTool {
  const entry = record(raw);
  const name = ownField(entry, 'name');
  const description = ownField(entry, 'description');
  const inputSchema = record(ownField(entry, 'inputSchema'));
  const props = record(ownField(inputSchema, 'properties'));
  const required = ownField(inputSchema, 'required');
  return {
    index,
    raw,
    entry,
    name: typeof name === 'string' ? name : undefined,
    description: typeof description === 'string' ? description : undefined,
    inputSchema,
    outputSchema: record(ownField(entry, 'outputSchema')),
    annotations: record(ownField(entry, 'annotations')),
    properties: props === undefined ? [] : Object.entries(props).map(([n, v]) => ({ name: n, schema: record(v), raw: v })),
    required: Array.isArray(required) ? required.filter((r): r is string => typeof r === 'string') : [],
    nameWords: typeof name === 'string' ? nameWords(name) : [],
    strings: collectStrings(raw),
    depth: measureJson(raw).depth,
  };
}

/**
 * Reads the `tools` array of a `tools/list` result (every page joined, or every page read before
 * `listing`'s defect) once for all rules.
 */
export function readCatalog(tools: readonly unknown[], listing?: CatalogListingDefect): LintCatalog {
  return { tools: tools.map(readTool), ...(listing === undefined ? {} : { listing }) };
}
