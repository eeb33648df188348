import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { checks, conformanceChecks, LINT_LAYERS, LINT_RULES } from '@mcp-eval/core';
import { describe, expect, it } from 'vitest';

// Every count of a registry the docs state is the registry's count: a new check, assertion or rule
// that leaves a "20 assertions" behind fails here, naming the file and line.
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const WORDS: Readonly<Record<string, number>> = Object.fromEntries(
  [
    'zero',
    'one',
    'two',
    'three',
    'four',
    'five',
    'six',
    'seven',
    'eight',
    'nine',
    'ten',
    'eleven',
    'twelve',
    'thirteen',
    'fourteen',
    'fifteen',
    'sixteen',
    'seventeen',
    'eighteen',
    'nineteen',
    'twenty',
  ].map((word, index) => [word, index]),
);

/** The markdown a user reads: README files and docs/, recursively. */
function pages(): string[] {
  const docs = readdirSync(join(repoRoot, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => join('docs', name));
  const readmes = [
    'README.md',
    'CONTRIBUTING.md',
    ...['protocol', 'core', 'transports', 'reporters', 'models'].map((p) => `packages/${p}/README.md`),
    'apps/cli/README.md',
  ];
  return [...readmes, ...docs];
}

const NUMBER = `([0-9]+|${Object.keys(WORDS).join('|')})`;

/** A phrase that states a registry's size, and the size. */
const COUNTS: readonly { readonly phrase: RegExp; readonly count: number; readonly what: string }[] = [
  {
    phrase: new RegExp(`\\b${NUMBER} (?:deterministic )?(?:protocol |conformance )+assertions\\b`, 'gi'),
    count: conformanceChecks.length,
    what: 'conformance assertions',
  },
  { phrase: new RegExp(`\\b${NUMBER} (?:static )?(?:lint )?rules\\b(?! in)`, 'gi'), count: LINT_RULES.length, what: 'lint rules' },
  {
    phrase: new RegExp(`\\b${NUMBER} (?:headline )?dimensions\\b`, 'gi'),
    count: checks.filter((check) => check.kind === 'dimension').length,
    what: 'dimensions',
  },
  {
    phrase: new RegExp(`\\b${NUMBER} (?:supplemental )?probes\\b`, 'gi'),
    count: checks.filter((check) => check.kind === 'probe').length,
    what: 'probes',
  },
];

function value(number: string): number {
  return WORDS[number.toLowerCase()] ?? Number(number);
}

describe('counts in the docs', () => {
  it.each(pages())('%s states each registry count as the registry has it', (file) => {
    const text = readFileSync(join(repoRoot, file), 'utf8');
    const wrong: string[] = [];
    for (const [index, line] of text.split('\n').entries()) {
      // A lint layer's heading counts that layer's rules.
      const layer = /^### (Protocol|Quality|Security) \(([0-9]+) rules\)/.exec(line);
      if (layer !== null) {
        const name = (layer[1] ?? '').toLowerCase();
        const count = LINT_RULES.filter((rule) => rule.layer === name).length;
        if (Number(layer[2]) !== count) wrong.push(`${file}:${index + 1}: ${name} has ${count} rules`);
        continue;
      }
      for (const { phrase, count, what } of COUNTS) {
        for (const match of line.matchAll(phrase)) {
          if (value(match[1] ?? '') !== count) wrong.push(`${file}:${index + 1}: "${match[0]}", but there are ${count} ${what}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('knows every lint layer it checks headings for', () => {
    expect([...LINT_LAYERS].sort()).toEqual(['protocol', 'quality', 'security']);
  });
});
