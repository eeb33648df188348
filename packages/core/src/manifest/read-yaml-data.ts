import { LineCounter, parseDocument } from 'yaml';

import { checkAliasExpansion, describeAliasProblem } from './alias-expansion.js';
import type { ManifestError } from './manifest-error.js';
import { sortManifestErrors } from './manifest-error.js';
import type { YamlLocator } from './yaml-locator.js';
import { createYamlLocator } from './yaml-locator.js';

export type YamlDataResult =
  | { readonly ok: true; readonly data: unknown; readonly locator: YamlLocator }
  | { readonly ok: false; readonly errors: readonly ManifestError[] };

/**
 * The hardened read of a small checked-in YAML file (the lint suppression file, the reviewed file):
 * a leading BOM dropped, duplicate keys refused, alias expansion bounded as for manifests
 * (`checkAliasExpansion`), every problem located `file:line:column`. Never throws. An empty
 * document is `data: null`.
 */
export function readYamlData(text: string, file: string): YamlDataResult {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const locator = createYamlLocator(doc, lineCounter);
  const problems = [...doc.errors, ...doc.warnings];
  if (problems.length > 0) {
    return {
      ok: false,
      errors: sortManifestErrors(problems.map((e) => ({ file, ...locator.at(e.pos[0]), message: `invalid YAML: ${e.message}` }))),
    };
  }
  if (doc.contents === null) return { ok: true, data: null, locator };
  const aliasProblem = checkAliasExpansion(doc);
  if (aliasProblem)
    return { ok: false, errors: [{ file, ...locator.at(aliasProblem.offset), message: describeAliasProblem(aliasProblem) }] };
  try {
    // Expansion is bounded by checkAliasExpansion above.
    return { ok: true, data: doc.toJS({ maxAliasCount: -1 }), locator };
  } catch {
    return { ok: false, errors: [{ file, line: 1, column: 1, message: 'invalid YAML: the document cannot be read as data' }] };
  }
}
