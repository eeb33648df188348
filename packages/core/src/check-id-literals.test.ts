import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

import ts from 'typescript';
import { describe, expect, it } from 'vitest';

import { BEHAVIOR_CHECK_REGISTRY } from './checks/behavior/index.js';
import { CHECKS } from './checks/index.js';
import { CONFORMANCE_CHECKS } from './conformance/index.js';
import { LINT_RULES } from './lint/rules/index.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** Each family's registered ids and the folder of its definitions and registry index. */
const FAMILIES = [
  { dir: 'packages/core/src/checks', ids: Object.keys(CHECKS) },
  { dir: 'packages/core/src/conformance', ids: Object.keys(CONFORMANCE_CHECKS) },
  { dir: 'packages/core/src/checks/behavior', ids: Object.keys(BEHAVIOR_CHECK_REGISTRY) },
  { dir: 'packages/core/src/lint/rules', ids: LINT_RULES.map((r) => r.id) },
];

/**
 * The literals left, each to be moved onto its definition (or spelled through it) and its entry
 * deleted: the test fails on a new one and on an entry that no longer matches.
 */
const KNOWN: Readonly<Record<string, readonly string[]>> = {
  // Not yet self-describing: the golden-case trial pipeline (BehaviorCase kinds, records per case).
  'packages/core/src/engine/behavior-case.ts': ['argument-correctness', 'no-call', 'task-completion', 'tool-selection', 'tool-sequence'],
  'packages/core/src/engine/behavior-task-trial.ts': ['task-completion'],
  'packages/core/src/engine/behavior-trial.ts': ['argument-correctness', 'no-call', 'task-completion', 'tool-selection', 'tool-sequence'],
  'packages/core/src/engine/cached-trial.ts': ['no-call', 'task-completion', 'tool-sequence'],
  'packages/core/src/engine/evaluate-behavior.ts': ['tool-selection'],
  'packages/core/src/behavior/column-scores.ts': ['argument-correctness', 'no-call', 'tool-selection', 'tool-sequence'],
  'packages/core/src/behavior/fold-trials.ts': ['argument-correctness', 'no-call', 'task-completion', 'tool-selection', 'tool-sequence'],
  // `no-call` is also a label (the no-call check's pass, a conversation's end).
  'packages/core/src/behavior/conversation.ts': ['no-call'],
  'packages/core/src/behavior/no-call.ts': ['no-call'],
  'packages/core/src/behavior/tool-selection.ts': ['no-call'],
  // Other families.
  'apps/cli/src/output/input-files.ts': ['task-completion'],
  'packages/core/src/conformance/resource-uri-validation.ts': ['missing-resource-error'],
  'packages/core/src/lint/tool-verbs.ts': ['load'],
  'packages/core/src/scan/scan-cases.ts': ['discovery-cost', 'pagination', 'surface-listing', 'token-cost'],
  'packages/reporters/src/html/tool-charts.ts': ['token-cost'],
};

const SKIP_DIRS = new Set(['node_modules', 'dist', 'test-support', 'fixtures', '.turbo', 'coverage']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIP_DIRS.has(entry.name) || entry.name.startsWith('.') ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every string literal's text in a file (comments and template parts with substitutions aside). */
function literals(text: string): string[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text);
  const out: string[] = [];
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    if (token === ts.SyntaxKind.StringLiteral || token === ts.SyntaxKind.NoSubstitutionTemplateLiteral) out.push(scanner.getTokenValue());
  }
  return out;
}

function hits(): Record<string, string[]> {
  const owner = new Map<string, { dir: string }>();
  for (const family of FAMILIES) for (const id of family.ids) owner.set(id, family);
  const found: Record<string, string[]> = {};
  for (const file of [...sources(join(root, 'packages')), ...sources(join(root, 'apps'))]) {
    const path = relative(root, file);
    const ids = [...new Set(literals(readFileSync(file, 'utf8')))].filter((text) => {
      const family = owner.get(text);
      if (family === undefined) return false;
      return path !== `${family.dir}/${text}.ts` && path !== `${family.dir}/index.ts`;
    });
    if (ids.length > 0) found[path] = ids.sort();
  }
  return found;
}

describe('check ids as string literals', () => {
  it('appear only in their own definition file and their family registry index', () => {
    expect(hits()).toEqual(KNOWN);
  });
});
