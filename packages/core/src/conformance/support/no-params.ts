import type { JsonSchema } from '../../check.js';

/** Conformance assertions take no manifest parameters: the protocol is the contract. */
export type ConformanceParams = Readonly<Record<string, never>>;

export const NO_PARAMS: JsonSchema = { type: 'object', additionalProperties: false };
