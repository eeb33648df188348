import { defineConfig, mergeConfig } from 'vitest/config';

import { sharedTestConfig } from '../vitest.shared.js';

// Each server is real processes (oracle, CLI, the server): three at a time keeps a 2-core machine answering.
export default mergeConfig(sharedTestConfig, defineConfig({ test: { maxConcurrency: 3 } }));
