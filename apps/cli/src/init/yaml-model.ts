import type { JsonValue } from '@mcp-eval/core';

/**
 * The little YAML init writes, as data: mappings of entries, each with an optional `# TODO` for the
 * person who finishes the manifest. Rendering is in render-manifest.ts.
 */
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
