import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

import type { Target } from '@mcp-eval/transports';

const require = createRequire(import.meta.url);

/** `@modelcontextprotocol/server-everything` over stdio, started the way its `bin` entry does. */
export function everythingStdio(): Target {
  const packageJson = require.resolve('@modelcontextprotocol/server-everything/package.json');
  return { kind: 'stdio', command: process.execPath, args: [join(dirname(packageJson), 'dist/index.js'), 'stdio'] };
}
