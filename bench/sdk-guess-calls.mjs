#!/usr/bin/env node
// The baseline for shared-snapshot: the bare official SDK client (v1, `@modelcontextprotocol/sdk`)
// reading the catalog once, as a client learning the schema would, then making N tools/call of one
// tool with the same naive arguments the schema-guessability cases send.
// Usage: node sdk-guess-calls.mjs <calls> <tool> <command> [args...]   (FIXTURE_* from the environment)
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const [calls, tool, command, ...args] = process.argv.slice(2);
const client = new Client({ name: 'bench-sdk', version: '0' });
await client.connect(new StdioClientTransport({ command, args, env: { ...process.env }, stderr: 'ignore' }));
let cursor;
do {
  const page = await client.listTools(cursor === undefined ? {} : { cursor });
  cursor = page.nextCursor;
} while (cursor);
for (let i = 0; i < Number(calls); i += 1) {
  const result = await client.callTool({ name: tool, arguments: { query: 'q' } });
  if (result.isError) throw new Error('unexpected tool error');
}
await client.close();
