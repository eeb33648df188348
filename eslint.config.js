import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.turbo/**', 'bench/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    // Type-aware rules: each file is checked with its package's tsconfig.
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unnecessary-condition': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../../packages/*', '../../../packages/*', '../../apps/*', '**/packages/*/src/*'],
              message: 'Import workspace packages by name.',
            },
          ],
        },
      ],
      'no-console': 'error',
    },
  },
  {
    // A spread into a call passes every element as an argument: past about 100k elements it throws
    // RangeError (stack overflow), so hostile-sized data (a report's cases, a _meta's keys) would
    // crash. Use a loop or the `maxOf`/`minOf`/`pushAll` helpers of @mcp-eval/protocol instead; a
    // spread that is bounded by construction takes an eslint-disable comment saying why.
    files: ['packages/**/*.ts', 'apps/**/*.ts', 'packages/**/*.tsx', 'apps/**/*.tsx'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression > SpreadElement.arguments, NewExpression > SpreadElement.arguments',
          message: 'No spread into a call: an unbounded array overflows the stack. Use a loop, maxOf/minOf or pushAll.',
        },
      ],
    },
  },
  {
    // Size walls: a function past 80 lines or a file past 300 is doing more than one thing. Tests,
    // their harnesses and fixture servers are exempt (a table of cases is long by nature).
    files: ['packages/**/*.ts', 'apps/**/*.ts', 'packages/**/*.tsx', 'apps/**/*.tsx'],
    ignores: ['**/*.test.ts', '**/test-support/**'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['**/*.test.ts', 'apps/cli/src/**', 'fixtures/**'],
    rules: { 'no-console': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
