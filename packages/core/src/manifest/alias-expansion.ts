import { isAlias, isMap, isPair, isScalar, isSeq } from 'yaml';
import type { Document } from 'yaml';

/**
 * Bounds on what a manifest's YAML aliases (`*name`) may expand it to, counted on the parsed
 * document before anything is built from it: a "billion laughs" document stays a few bytes
 * of work, while reusing one small anchor hundreds of times is fine.
 */
/** Nodes (mappings, sequences, pairs, scalars) once every alias is replaced by its anchor. */
export const MANIFEST_MAX_EXPANDED_NODES = 100_000;
/** UTF-8 bytes of every scalar's text once every alias is replaced by its anchor. */
export const MANIFEST_MAX_EXPANDED_BYTES = 4 * 1024 * 1024;

export interface AliasLimits {
  readonly maxNodes: number;
  readonly maxBytes: number;
}

export const DEFAULT_ALIAS_LIMITS: AliasLimits = { maxNodes: MANIFEST_MAX_EXPANDED_NODES, maxBytes: MANIFEST_MAX_EXPANDED_BYTES };

/** Why the document cannot be built, and the source offset of the alias to blame. */
export type AliasProblem =
  | { readonly kind: 'recursive-alias'; readonly offset: number; readonly anchor: string }
  | { readonly kind: 'too-large'; readonly offset: number; readonly nodes: number; readonly bytes: number };

interface Size {
  readonly nodes: number;
  readonly bytes: number;
}

class RecursiveAlias extends Error {
  readonly offset: number;
  readonly anchor: string;
  constructor(offset: number, anchor: string) {
    super('recursive alias');
    this.offset = offset;
    this.anchor = anchor;
  }
}

/**
 * The document's expanded size, each node counted once (memoized), so the work is linear in
 * the document however much its aliases multiply. An alias inside the node its anchor names is
 * a cycle: refused where the alias is.
 */
export function checkAliasExpansion(doc: Document, limits: AliasLimits = DEFAULT_ALIAS_LIMITS): AliasProblem | undefined {
  const sizes = new Map<unknown, Size>();
  const open = new Set<unknown>();
  let firstAlias: number | undefined;

  function size(node: unknown): Size {
    if (node === null || node === undefined) return { nodes: 0, bytes: 0 };
    const known = sizes.get(node);
    if (known) return known;
    if (isAlias(node)) {
      const offset = node.range?.[0] ?? 0;
      firstAlias = firstAlias === undefined ? offset : Math.min(firstAlias, offset);
      const target = node.resolve(doc);
      if (open.has(target)) throw new RecursiveAlias(offset, node.source);
      // An alias to nothing is a YAML error reported before this runs.
      return target === undefined ? { nodes: 1, bytes: 0 } : size(target);
    }
    open.add(node);
    let nodes = 1;
    let bytes = 0;
    const add = (child: unknown): void => {
      const s = size(child);
      nodes += s.nodes;
      bytes += s.bytes;
    };
    if (isMap(node) || isSeq(node)) for (const item of node.items) add(item);
    else if (isPair(node)) {
      add(node.key);
      add(node.value);
    } else if (isScalar(node)) bytes = Buffer.byteLength(String(node.value));
    open.delete(node);
    const result = { nodes, bytes };
    sizes.set(node, result);
    return result;
  }

  try {
    const total = size(doc.contents);
    if (firstAlias !== undefined && (total.nodes > limits.maxNodes || total.bytes > limits.maxBytes)) {
      return { kind: 'too-large', offset: firstAlias, ...total };
    }
    return undefined;
  } catch (error) {
    if (error instanceof RecursiveAlias) return { kind: 'recursive-alias', offset: error.offset, anchor: error.anchor };
    throw error;
  }
}

/** The error message for a problem; it names the anchor and the limit, never scalar text. */
export function describeAliasProblem(problem: AliasProblem, limits: AliasLimits = DEFAULT_ALIAS_LIMITS): string {
  if (problem.kind === 'recursive-alias')
    return `invalid YAML: alias \`*${problem.anchor}\` refers to a node that contains it (a recursive alias)`;
  const what = problem.nodes > limits.maxNodes ? `${limits.maxNodes} nodes` : `${limits.maxBytes} bytes of text`;
  return `invalid YAML: aliases expand the document past ${what} (the limit on alias expansion; the first alias is here)`;
}
