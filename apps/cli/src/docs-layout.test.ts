import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// CONTRIBUTING.md's layout and dependency table are read by whoever moves in first: a workspace
// package it leaves out, or a dependency line that drifts from package.json, fails here.
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

interface PackageJson {
  readonly name: string;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly devDependencies?: Readonly<Record<string, string>>;
}

/** Every folder `pnpm-workspace.yaml` names that holds a package, its `*` patterns expanded. */
function workspaceFolders(): string[] {
  const { packages } = parse(readFileSync(join(repoRoot, 'pnpm-workspace.yaml'), 'utf8')) as { packages: string[] };
  return packages
    .flatMap((pattern) => {
      if (!pattern.endsWith('/*')) return [pattern];
      const parent = pattern.slice(0, -2);
      return readdirSync(join(repoRoot, parent), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => `${parent}/${entry.name}`);
    })
    .filter((folder) => existsSync(join(repoRoot, folder, 'package.json')));
}

function manifestOf(folder: string): PackageJson {
  return JSON.parse(readFileSync(join(repoRoot, folder, 'package.json'), 'utf8')) as PackageJson;
}

const contributing = readFileSync(join(repoRoot, 'CONTRIBUTING.md'), 'utf8');

/** The first fenced block under `## Layout`. */
function layoutBlock(): string {
  const section = contributing.slice(contributing.indexOf('## Layout'));
  const block = /```\n([\s\S]*?)```/.exec(section);
  return block?.[1] ?? '';
}

/** The table under `### Package dependencies`: package name → its two cells, as sorted name lists. */
function dependencyTable(): Map<string, { readonly dependencies: string[]; readonly devDependencies: string[] }> {
  const section = contributing.slice(contributing.indexOf('### Package dependencies'));
  const rows = new Map<string, { readonly dependencies: string[]; readonly devDependencies: string[] }>();
  const names = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '').sort();
  for (const line of section.split('\n').slice(1)) {
    if (line.startsWith('#')) break;
    const cells = line.split('|').map((cell) => cell.trim());
    const [, name, dependencies, devDependencies] = cells;
    if (name === undefined || dependencies === undefined || devDependencies === undefined || !name.startsWith('`')) continue;
    rows.set(name.slice(1, -1), { dependencies: names(dependencies), devDependencies: names(devDependencies) });
  }
  return rows;
}

const folders = workspaceFolders();
const workspaceNames = new Set(folders.map((folder) => manifestOf(folder).name));
const workspaceDependencies = (deps: Readonly<Record<string, string>> | undefined): string[] =>
  Object.keys(deps ?? {})
    .filter((name) => workspaceNames.has(name))
    .sort();

describe("CONTRIBUTING.md's layout", () => {
  it('finds the workspace packages it checks', () => {
    expect(folders).toEqual(expect.arrayContaining(['packages/core', 'apps/cli', 'fixtures/model-endpoint', 'bench', 'corpus']));
  });

  it.each(folders)('names %s with its package name', (folder) => {
    const { name } = manifestOf(folder);
    const line = layoutBlock()
      .split('\n')
      .find((text) => text.startsWith(`${folder} `) || text.startsWith(`${folder}/ `));
    expect(line, `no layout line starts with ${folder}`).toBeDefined();
    expect(line?.split(/\s+/)[1]).toBe(name);
  });

  it.each(folders)("states %s's workspace dependencies as its package.json has them", (folder) => {
    const manifest = manifestOf(folder);
    const row = dependencyTable().get(manifest.name);
    expect(row, `no dependency row for ${manifest.name}`).toBeDefined();
    expect(row).toEqual({
      dependencies: workspaceDependencies(manifest.dependencies),
      devDependencies: workspaceDependencies(manifest.devDependencies),
    });
  });

  it('has a dependency row only for workspace packages', () => {
    expect([...dependencyTable().keys()].filter((name) => !workspaceNames.has(name))).toEqual([]);
  });
});
