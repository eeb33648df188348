import type { CheckDefinition } from '../check.js';
import { formatManifestError } from '../manifest/manifest-error.js';
import { parseManifest } from '../manifest/parse-manifest.js';

export type ParsedCase =
  { readonly ok: true; readonly params: Readonly<Record<string, unknown>> } | { readonly ok: false; readonly errors: readonly string[] };

/**
 * Parses one case (YAML lines indented as a list item's body, after `- id: under-test`) through
 * the real manifest loader with `check` as the only registered check: what a user's manifest gets.
 */
export function parseCase(check: CheckDefinition, body: string): ParsedCase {
  const text = [
    'version: 1',
    'server:',
    '  stdio: { command: node }',
    'cases:',
    '  - id: under-test',
    ...body.split('\n').map((line) => `    ${line}`),
  ].join('\n');
  const result = parseManifest(text, 'mcp-eval.yaml', [check]);
  if (!result.ok) return { ok: false, errors: result.errors.map(formatManifestError) };
  const [parsed] = result.manifest.cases;
  return parsed ? { ok: true, params: parsed.params } : { ok: false, errors: ['no case'] };
}
