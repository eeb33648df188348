import { fileURLToPath } from 'node:url';

import { mergeConfig } from 'vitest/config';

import { sharedTestConfig } from '../../vitest.shared.js';

// Checks are tested against real servers through the real instrument. `@mcp-eval/transports`
// depends on core, so core cannot depend on it without a package cycle: tests import it from
// source instead, and `@mcp-eval/core` resolves to this package's source for both sides.
const transportsSource = fileURLToPath(new URL('../transports/src/index.ts', import.meta.url));
const coreSource = fileURLToPath(new URL('./src/index.ts', import.meta.url));

export default mergeConfig(sharedTestConfig, {
  resolve: {
    alias: [
      { find: /^@mcp-eval\/transports$/, replacement: transportsSource },
      { find: /^@mcp-eval\/core$/, replacement: coreSource },
    ],
  },
});
