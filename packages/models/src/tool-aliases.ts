import { createHash } from 'node:crypto';

/** What every provider accepts as a function name (OpenAI's rule, the strictest common one). */
export const PROVIDER_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** Characters kept from the original name before the hash suffix of a rewritten alias. */
const ALIAS_PREFIX_CHARS = 55;

export interface ToolAliases {
  /** Catalog name → the name sent to the provider. */
  readonly toProvider: ReadonlyMap<string, string>;
  /** Provider name → catalog name; a name missing here is an unknown tool. */
  readonly toCatalog: ReadonlyMap<string, string>;
}

function hashSuffix(name: string, length: number): string {
  return createHash('sha256').update(name).digest('hex').slice(0, length);
}

/**
 * Aliases catalog names to `PROVIDER_TOOL_NAME` and maps them back. A name that already fits is
 * sent unchanged; any other becomes its allowed characters (others as `_`), cut to 55, plus `_`
 * and 8 hex of its sha256 — so the alias depends on the name alone, not on catalog order. A
 * collision (vanishingly rare) lengthens the hash, in sorted-name order, so it stays deterministic.
 */
export function aliasToolNames(names: readonly string[]): ToolAliases {
  const unique = [...new Set(names)].sort();
  const toProvider = new Map<string, string>();
  const taken = new Set<string>();
  for (const name of unique) {
    if (PROVIDER_TOOL_NAME.test(name)) {
      toProvider.set(name, name);
      taken.add(name);
    }
  }
  for (const name of unique) {
    if (toProvider.has(name)) continue;
    const prefix = name.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, ALIAS_PREFIX_CHARS);
    let length = 8;
    let alias = `${prefix}_${hashSuffix(name, length)}`;
    while (taken.has(alias)) {
      length += 1;
      alias = `${prefix.slice(0, 63 - length)}_${hashSuffix(name, length)}`;
    }
    toProvider.set(name, alias);
    taken.add(alias);
  }
  const toCatalog = new Map([...toProvider].map(([name, alias]) => [alias, name]));
  return { toProvider, toCatalog };
}
