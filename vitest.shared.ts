import { defineConfig } from 'vitest/config';

/**
 * Every package's test settings: tests beside the code; limits generous enough for real server
 * processes on a busy 2-core CI machine (tests assert behaviour, never timings); and JSON results
 * that `.ci/count-results.mjs` sums into the CI's count line.
 */
export const sharedTestConfig = defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default', 'json'],
    outputFile: { json: '.vitest-results/results.json' },
  },
});
