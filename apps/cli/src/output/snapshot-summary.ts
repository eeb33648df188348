import type { CatalogFingerprints } from '@mcp-eval/core';

/**
 * What `snapshot` pinned, in one line: how many tools, how many fingerprints (each tool's entry,
 * description, input and output hashes that were taken) and where they were written. Counts and
 * the user's own paths only: no tool name or other server text.
 */
export function snapshotSummary(catalog: CatalogFingerprints, files: readonly string[]): string {
  const fingerprints = catalog.tools.reduce(
    (sum, tool) => sum + 2 + (tool.description === undefined ? 0 : 1) + (tool.output === undefined ? 0 : 1),
    0,
  );
  const tools = `${catalog.tools.length} ${catalog.tools.length === 1 ? 'tool' : 'tools'}`;
  const where = files.length === 0 ? 'no file written (give --reporter json=<file>)' : `written to ${files.join(', ')}`;
  const partial = catalog.complete ? '' : ' (incomplete catalog)';
  return `snapshot: pinned ${tools}${partial}, ${fingerprints} fingerprints, ${where}`;
}
