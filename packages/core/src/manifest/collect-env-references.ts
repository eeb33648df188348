import { isAlias, isMap, isScalar, isSeq } from 'yaml';
import type { Document } from 'yaml';

import { CASE_KEYS } from './manifest-schema.js';
import type { ManifestError } from './manifest-error.js';
import type { EnvReference } from './manifest-types.js';
import { ENV_REFERENCE_HINT, scanEnvTemplate } from './env-template.js';
import type { EnvTemplateMarker } from './env-template.js';
import { renderPath } from './yaml-locator.js';
import type { YamlLocator, YamlPath } from './yaml-locator.js';

export interface CollectedEnvReferences {
  readonly references: EnvReference[];
  readonly errors: ManifestError[];
}

/**
 * Finds every `${env:NAME}` in the strings that expand at run time (the server's transport block
 * and the cases' parameters), records where each sits, and reports malformed ones. Positions
 * point at the `${` itself when the scalar's source text spells the string the same way (plain,
 * quoted or block scalars without escapes around the reference), else at the scalar.
 */
export function collectEnvReferences(doc: Document, source: string, file: string, locator: YamlLocator): CollectedEnvReferences {
  const references: EnvReference[] = [];
  const errors: ManifestError[] = [];

  // The nodes being visited: parseManifest refuses recursive aliases first; this keeps the walk finite regardless.
  const open = new Set<unknown>();
  function visit(node: unknown, yamlPath: YamlPath, manifestPath: YamlPath, name: (yamlPath: YamlPath) => string): void {
    const target = isAlias(node) ? node.resolve(doc) : node;
    if (open.has(target)) return;
    open.add(target);
    try {
      visitNode(target, yamlPath, manifestPath, name);
    } finally {
      open.delete(target);
    }
  }
  function visitNode(target: unknown, yamlPath: YamlPath, manifestPath: YamlPath, name: (yamlPath: YamlPath) => string): void {
    if (isMap(target)) {
      for (const pair of target.items) {
        if (!isScalar(pair.key)) continue;
        const key = String(pair.key.value);
        visit(pair.value, [...yamlPath, key], [...manifestPath, key], name);
      }
    } else if (isSeq(target)) {
      target.items.forEach((item, i) => visit(item, [...yamlPath, i], [...manifestPath, i], name));
    } else if (isScalar(target) && typeof target.value === 'string' && target.range) {
      const template = scanEnvTemplate(target.value);
      if (template.markers.length === 0) return;
      const start = target.range[0];
      const raw = scanEnvTemplate(source.slice(start, target.range[1])).markers;
      const sameSpelling = (a: EnvTemplateMarker, b: EnvTemplateMarker | undefined): boolean =>
        b !== undefined && a.kind === b.kind && (a.kind === 'reference' ? a.name === (b as typeof a).name : true);
      const aligned = raw.length === template.markers.length && template.markers.every((m, i) => sameSpelling(m, raw[i]));
      template.markers.forEach((marker, i) => {
        const position = locator.at(aligned ? start + (raw[i]?.index ?? 0) : start);
        const location = { file, line: position.line, column: position.column };
        if (marker.kind === 'reference') {
          references.push({ name: marker.name, path: manifestPath, location });
        } else {
          errors.push({
            ...location,
            message: `malformed environment reference \`${marker.snippet}\` in ${name(yamlPath)} (${ENV_REFERENCE_HINT})`,
          });
        }
      });
    }
  }

  const root = doc.contents;
  const server = isMap(root) ? root.get('server', true) : undefined;
  for (const transport of ['stdio', 'http']) {
    const block = isMap(server) ? server.get(transport, true) : undefined;
    if (block === undefined) continue;
    visit(block, ['server', transport], ['server'], (path) => `\`${renderPath(path)}\``);
  }

  const cases = isMap(root) ? root.get('cases', true) : undefined;
  if (isSeq(cases)) {
    cases.items.forEach((item, index) => {
      const caseMap = isAlias(item) ? item.resolve(doc) : item;
      if (!isMap(caseMap)) return;
      const id = caseMap.get('id');
      const label = typeof id === 'string' && id ? `case \`${id}\`` : `case #${index + 1}`;
      for (const pair of caseMap.items) {
        if (!isScalar(pair.key)) continue;
        const key = String(pair.key.value);
        if (CASE_KEYS.includes(key)) continue;
        visit(pair.value, ['cases', index, key], ['cases', index, 'params', key], (path) => `\`${renderPath(path.slice(2))}\` in ${label}`);
      }
    });
  }
  return { references, errors };
}
