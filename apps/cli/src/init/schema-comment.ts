import { access } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';

const SCHEMA = join('node_modules', '@mcp-eval', 'core', 'dist', 'manifest.schema.json');

/**
 * The `yaml-language-server` line that gives editors completion and checking, pointing at the
 * schema @mcp-eval/core ships, when a project install has it in `node_modules` at or above the
 * manifest's directory. Nothing otherwise: a path into a global install would not travel.
 */
export async function schemaComment(manifestDir: string): Promise<string[]> {
  for (let dir = manifestDir; ; dir = dirname(dir)) {
    const candidate = join(dir, SCHEMA);
    try {
      await access(candidate);
      return [`# yaml-language-server: $schema=${relative(manifestDir, candidate).split('\\').join('/')}`, '#'];
    } catch {
      // not here: try the parent
    }
    if (dirname(dir) === dir) return [];
  }
}
