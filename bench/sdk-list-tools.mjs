#!/usr/bin/env node
// The baseline for startup.mjs: the bare official SDK client doing a discovery-cost case's job
// (connect, list every page of tools, close) in a fresh process.
// Usage: node sdk-list-tools.mjs <command> [args...]
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const [command, ...args] = process.argv.slice(2);
const client = new Client({ name: 'bench-sdk', version: '0' });
await client.connect(new StdioClientTransport({ command, args, stderr: 'ignore' }));
let cursor;
let tools = 0;
do {
  const page = await client.listTools(cursor === undefined ? {} : { cursor });
  tools += page.tools.length;
  cursor = page.nextCursor;
} while (cursor !== undefined);
if (tools === 0) throw new Error('no tools listed');
await client.close();
