import type { JsonObject, JsonValue } from '@mcp-eval/protocol';
import { isRecord } from '@mcp-eval/protocol';

import { placeholderArguments } from './placeholder-arguments.js';

/** RFC 9110 `token`: what an `x-mcp-header` name must be (SEP-2243). */
const HTTP_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** The `x-mcp-header` types 2026-07-28 admits (`number` is excluded by the revision). */
const HEADER_TYPES = ['string', 'integer', 'boolean'] as const;
export type HeaderParameterType = (typeof HEADER_TYPES)[number];

/** One tool parameter marked `x-mcp-header`, mirrored into `Mcp-Param-{header}`. */
export interface HeaderParameter {
  readonly tool: string;
  readonly property: string;
  /** The full header name, lower-cased as the instrument sends headers. */
  readonly header: string;
  readonly type: HeaderParameterType;
  readonly inputSchema: unknown;
}

function isHeaderType(type: unknown): type is HeaderParameterType {
  return HEADER_TYPES.some((t) => t === type);
}

/**
 * The first top-level property of `tool` validly marked `x-mcp-header` (a token name on a string,
 * integer or boolean property), preferring a string one (only a string can carry non-ASCII). Only
 * top-level properties are read: one parameter is enough to observe the server's check.
 */
export function headerParameter(tool: JsonObject): HeaderParameter | undefined {
  const found = headerParameters(tool);
  return found.find((p) => p.type === 'string') ?? found[0];
}

/** Every top-level property of `tool` validly marked `x-mcp-header`, in schema order. */
export function headerParameters(tool: JsonObject): HeaderParameter[] {
  const schema = tool.inputSchema;
  if (typeof tool.name !== 'string' || !isRecord(schema) || !isRecord(schema.properties)) return [];
  const found: HeaderParameter[] = [];
  for (const [property, child] of Object.entries(schema.properties)) {
    if (!isRecord(child)) continue;
    const name = child['x-mcp-header'];
    if (typeof name !== 'string' || !HTTP_TOKEN.test(name) || !isHeaderType(child.type)) continue;
    found.push({ tool: tool.name, property, header: `mcp-param-${name.toLowerCase()}`, type: child.type, inputSchema: schema });
  }
  return found;
}

/** Two distinct plain values of the parameter's type: the one sent in the body and another. */
export function headerValues(type: HeaderParameterType): { readonly value: JsonValue; readonly other: JsonValue } {
  switch (type) {
    case 'string':
      return { value: 'mcp-eval', other: 'mcp-eval-other' };
    case 'integer':
      return { value: 7, other: 8 };
    case 'boolean':
      return { value: false, other: true };
  }
}

/** A value as a header carries it, before any Base64 wrapping: the decimal or `true`/`false`. */
export function headerText(value: JsonValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Appended to a probe's string value: outside ASCII, so only the Base64 form may carry it in a header. */
export const NON_ASCII_SUFFIX = '-zürich-東京';

/** The Base64 form (SEP-2243): `=?base64?{UTF-8 bytes as Base64}?=`. */
export function base64HeaderValue(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCodePoint(byte);
  return `=?base64?${btoa(binary)}?=`;
}

/** The tool's placeholder arguments, with the header parameter set to `value`. */
export function argumentsWith(parameter: HeaderParameter, value: JsonValue): JsonObject {
  return { ...placeholderArguments(parameter.inputSchema), [parameter.property]: value };
}
