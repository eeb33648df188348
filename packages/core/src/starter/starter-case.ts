import type { JsonObject, JsonValue } from '@mcp-eval/protocol';

/**
 * What `mcp-eval init` writes for one check, as data: the little YAML of a starter case, the tool
 * facts a check's `starter` builder may choose from, and the builder's signature. Server text
 * never reaches a starter case: tools are known by validated names and annotations only.
 */

/** One key of a starter case, with an optional `# TODO` for the person who finishes it. */
export interface YamlEntry {
  readonly key: string;
  /** A JSON value is written inline (JSON is YAML); a `YamlMap` as a nested block. */
  readonly value: JsonValue | YamlMap;
  readonly todo?: string;
}

/** A nested block mapping (a class, so it can never be mistaken for an inline JSON object). */
export class YamlMap {
  readonly entries: readonly YamlEntry[];

  constructor(entries: readonly YamlEntry[]) {
    this.entries = entries;
  }
}

/** One case: comment lines above it, then its entries (id, dimension/probe, parameters). */
export interface StarterCase {
  readonly comments: readonly string[];
  readonly entries: readonly YamlEntry[];
}

/** A placeholder for one argument of a tool. */
export interface StarterArgument {
  readonly name: string;
  readonly value: JsonValue;
  /** Set when the placeholder is unlikely to be accepted as is. */
  readonly todo?: string;
}

/**
 * What init knows about one tool, read in memory from its catalog entry: only its validated name,
 * its annotations, and names and placeholders for its arguments.
 */
export interface StarterTool {
  readonly name: string;
  /** The server annotates it `readOnlyHint: true` (the mutation gate opens for it). */
  readonly readOnly: boolean;
  /**
   * It may reach outside the server (a URL, a vendor's API): the MCP spec's default, unless the
   * server annotates it `openWorldHint: false`.
   */
  readonly openWorld: boolean;
  /** Its description says it is deprecated: chosen only when no other tool fits. */
  readonly deprecated: boolean;
  readonly arguments: readonly StarterArgument[];
  /** Every placeholder is likely accepted (no TODO). */
  readonly complete: boolean;
  /** A string property (required first) payload-bounds can inflate. */
  readonly stringField?: string;
  /** The tool declares an `outputSchema`. */
  readonly hasOutputSchema: boolean;
  /** Required top-level fields of its output schema (plain identifiers only). */
  readonly outputFields: readonly string[];
}

export interface StarterInput {
  /** The catalog as listed (entries are measured, never copied into the case). */
  readonly catalog: readonly JsonObject[];
  /** The tools init may name, in catalog order. */
  readonly tools: readonly StarterTool[];
}

/** A check's starter case for a server, or `undefined` when no tool fits (init says so). */
export type StarterBuilder = (input: StarterInput) => StarterCase | undefined;
