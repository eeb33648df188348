import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** How deep nested `node_modules` are followed; npm's tree is flat but for version conflicts. */
export const MAX_NODE_MODULES_NESTING = 16;

/**
 * The names of every package installed under `projectDir/node_modules`, nested copies included,
 * sorted: what a packed-install test asserts a package does (or does not) pull in.
 */
export async function installedPackages(projectDir: string): Promise<string[]> {
  const found = new Set<string>();
  const walk = async (modules: string, depth: number): Promise<void> => {
    if (depth > MAX_NODE_MODULES_NESTING) return;
    const names = await childDirs(modules);
    for (const name of names) {
      if (name.startsWith('.')) continue;
      const packages = name.startsWith('@') ? (await childDirs(join(modules, name))).map((inner) => `${name}/${inner}`) : [name];
      for (const pkg of packages) {
        found.add(pkg);
        await walk(join(modules, pkg, 'node_modules'), depth + 1);
      }
    }
  };
  await walk(join(projectDir, 'node_modules'), 0);
  return [...found].sort();
}

async function childDirs(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries.filter((entry) => entry.isDirectory() || entry.isSymbolicLink()).map((entry) => entry.name);
  } catch {
    return [];
  }
}
