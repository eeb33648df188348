import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

// The repository stands alone: a comment (or a docs page) cites only what ships with it. A design
// note or an issue tracker the reader cannot open is not a reason; the contract is in docs/
// (engine.md, record.md, mutation-gate.md, model-layer.md), and a comment that points there must
// point at a page that exists.
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Source folders, walked whole (tests, fixtures, scripts, test-support included). */
const SOURCE_ROOTS = ['packages', 'apps', 'fixtures', 'corpus', 'bench', '.ci'];
const SOURCE_FILES = ['knip.jsonc', 'eslint.config.js', 'action.yml'];
const SOURCE_EXTENSION = /\.(?:[cm]?[jt]s|jsonc|ya?ml)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.turbo', 'coverage']);

// Built from pieces so this file does not cite what it forbids.
const OUTSIDE_DOCUMENT = ['DE', 'SIGN'].join('');
const ISSUE = ['[Ii]', 'ssues? #?[0-9]+'].join('');
/** A citation of a document or tracker outside the repository. */
const CITATION = new RegExp(`${OUTSIDE_DOCUMENT}|\\b${ISSUE}|\\(#[0-9]+\\)|\\bresearch (?:§|section)`);
/** A repository-relative docs page (not a URL's or a relative path's tail). */
const DOCS_POINTER = /(?<![\w/.-])docs\/[\w./-]+\.md\b/g;

function walk(folder: string, keep: (name: string) => boolean): string[] {
  const absolute = join(repoRoot, folder);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : walk(path, keep);
    return keep(entry.name) ? [path] : [];
  });
}

/** Every source file of the repository: `.ci` whole (its scripts have no extension), else by extension. */
function sourceFiles(): string[] {
  return [
    ...SOURCE_ROOTS.flatMap((root) => walk(root, (name) => root === '.ci' || SOURCE_EXTENSION.test(name))),
    ...SOURCE_FILES.filter((file) => existsSync(join(repoRoot, file))),
  ];
}

/** The markdown a reader gets with the repository: README, CONTRIBUTING, docs/ and each package's pages. */
function markdownFiles(): string[] {
  const isMarkdown = (name: string): boolean => name.endsWith('.md');
  return ['README.md', 'CONTRIBUTING.md', ...walk('docs', isMarkdown), ...SOURCE_ROOTS.flatMap((root) => walk(root, isMarkdown))];
}

/** `file:line: text` for each line that cites an outside document or an issue number. */
function citations(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, index) => (CITATION.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : []));
}

/** `file:line: page` for each docs page a line names that is not in docs/. */
function missingPages(file: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, index) =>
      [...line.matchAll(DOCS_POINTER)].flatMap(([page]) => (existsSync(join(repoRoot, page)) ? [] : [`${file}:${index + 1}: ${page}`])),
    );
}

const read = (file: string): string => readFileSync(join(repoRoot, file), 'utf8');

describe('citations', () => {
  it('recognises each form of an outside citation, and a plain comment as none', () => {
    const cited = [
      `// as ${OUTSIDE_DOCUMENT} §9 says`,
      ` * (${OUTSIDE_DOCUMENT} section 4)`,
      `// see ${['is', 'sue'].join('')} 13`,
      `// ${['Is', 'sue'].join('')} 9 items 1 and 5`,
      `// fixed in (#${'42'})`,
      `// the client's classifier (research ${'§'}1.2)`,
    ];
    expect(cited.filter((line) => citations('x.ts', line).length === 0)).toEqual([]);
    expect(citations('x.ts', "// case #1 must be a mapping; RFC 9110 section 5.1; '&#39;'")).toEqual([]);
    const missing = ['docs', 'no-such-page.md'].join('/');
    expect(missingPages('x.ts', `// see ${missing} and https://example.com/${missing}`)).toEqual([`x.ts:1: ${missing}`]);
  });

  it('finds the source it checks', () => {
    const files = sourceFiles();
    expect(files).toEqual(expect.arrayContaining(['packages/core/src/record.ts', 'apps/cli/src/main.ts', 'knip.jsonc', '.ci/run']));
    expect(files.filter((file) => file.includes('/node_modules/') || file.includes('/dist/'))).toEqual([]);
  });

  it('no source file, test or not, cites a document outside the repository or an issue number', () => {
    expect(sourceFiles().flatMap((file) => citations(file, read(file)))).toEqual([]);
  });

  it('no docs page or README cites one either', () => {
    expect(markdownFiles().flatMap((file) => citations(file, read(file)))).toEqual([]);
  });

  it('every docs/ page a source file names exists', () => {
    expect(sourceFiles().flatMap((file) => missingPages(file, read(file)))).toEqual([]);
  });
});
