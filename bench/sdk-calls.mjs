#!/usr/bin/env node
// The baseline for run-overhead: the bare official SDK client making the same calls the bench
// manifest makes (N × tools/call add {a, b}), against the same fixture, in a fresh process.
// Usage: node sdk-calls.mjs <v1|v2> <calls> <command> [args...]
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioV2 } from '@modelcontextprotocol/client/stdio';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as StdioV1 } from '@modelcontextprotocol/sdk/client/stdio.js';

const [flavour, calls, command, ...args] = process.argv.slice(2);
const client =
  flavour === 'v2'
    ? new ClientV2({ name: 'bench-sdk', version: '0' }, { versionNegotiation: { mode: 'auto' } })
    : new ClientV1({ name: 'bench-sdk', version: '0' });
const transport = flavour === 'v2' ? new StdioV2({ command, args, stderr: 'ignore' }) : new StdioV1({ command, args, stderr: 'ignore' });
await client.connect(transport);
for (let i = 0; i < Number(calls); i += 1) {
  const result = await client.callTool({ name: 'add', arguments: { a: i, b: 1 } });
  if (result.structuredContent?.sum !== i + 1) throw new Error('unexpected result');
}
await client.close();
