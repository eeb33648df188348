import { isAlias, isMap, isScalar, isSeq } from 'yaml';
import type { Document, LineCounter, Node } from 'yaml';

/** A path into the parsed YAML: mapping keys and sequence indices, as ajv's instancePath splits. */
export type YamlPath = readonly (string | number)[];

export interface Position {
  readonly line: number;
  readonly column: number;
}

/** Turns paths into 1-based line:column positions in one parsed manifest. */
export interface YamlLocator {
  /** The value at `path` (or its key when the value is empty), else the nearest enclosing node. */
  value(path: YamlPath): Position;
  /** The key at the end of `path` (for unknown-key errors), else as `value`. */
  key(path: YamlPath): Position;
  /** The node at `path` itself, for scanning its text. */
  node(path: YamlPath): Node | undefined;
  /** Line and column of a source offset. */
  at(offset: number): Position;
}

interface Step {
  readonly keyNode?: Node;
  readonly valueNode?: Node | undefined;
}

export function createYamlLocator(doc: Document, lineCounter: LineCounter): YamlLocator {
  const at = (offset: number): Position => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
  const deref = (node: unknown): unknown => (isAlias(node) ? node.resolve(doc) : node);

  // Every step along `path` that exists, so a missing tail falls back to its nearest ancestor.
  function walk(path: YamlPath): Step[] {
    const steps: Step[] = [{ valueNode: (doc.contents ?? undefined) as Node | undefined }];
    let current: unknown = deref(doc.contents);
    for (const segment of path) {
      let step: Step | undefined;
      if (isMap(current)) {
        const pair = current.items.find((p) => isScalar(p.key) && String(p.key.value) === String(segment));
        if (pair) step = { keyNode: pair.key as Node, valueNode: (pair.value ?? undefined) as Node | undefined };
      } else if (isSeq(current) && typeof segment === 'number') {
        const item = current.items[segment];
        if (item !== undefined) step = { valueNode: item as Node };
      }
      if (!step) break;
      steps.push(step);
      current = deref(step.valueNode);
    }
    return steps;
  }

  const startOf = (node: Node | undefined): Position | undefined => (node?.range ? at(node.range[0]) : undefined);
  // `key:` with nothing after it parses as an empty null scalar positioned after the colon.
  const isEmpty = (node: Node | undefined): boolean =>
    !node || (isScalar(node) && node.value === null && !!node.range && node.range[0] === node.range[1]);

  function locate(path: YamlPath, preferKey: boolean): Position {
    const steps = walk(path);
    const exact = steps.length === path.length + 1;
    for (let i = steps.length - 1; i >= 0; i -= 1) {
      const step = steps[i];
      if (!step) continue;
      const useKey = (exact && i === steps.length - 1 && preferKey) || isEmpty(step.valueNode);
      const position = useKey ? (startOf(step.keyNode) ?? startOf(step.valueNode)) : startOf(step.valueNode);
      if (position) return position;
    }
    return { line: 1, column: 1 };
  }

  return {
    value: (path) => locate(path, false),
    key: (path) => locate(path, true),
    node: (path) => {
      const steps = walk(path);
      return steps.length === path.length + 1 ? steps.at(-1)?.valueNode : undefined;
    },
    at,
  };
}

/** `server.stdio.args[1]`: how messages name a place in the manifest. */
export function renderPath(path: YamlPath): string {
  return path.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
}
