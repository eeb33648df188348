#!/usr/bin/env node
// The baseline for catalog-cost: the bare official SDK client (v1) walking every page of tools/list
// `walks` times on one connection, as many walks as the `mcp-eval run` it is compared with makes
// (discovery-cost and token-cost each walk the catalog fresh), then closing.
// Usage: node sdk-walk-pages.mjs <walks> <command> [args...]   (FIXTURE_* from the environment)
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const [walks, command, ...args] = process.argv.slice(2);
const client = new Client({ name: 'bench-sdk', version: '0' });
await client.connect(new StdioClientTransport({ command, args, env: { ...process.env }, stderr: 'ignore' }));
for (let walk = 0; walk < Number(walks); walk += 1) {
  let cursor;
  let tools = 0;
  do {
    const page = await client.listTools(cursor === undefined ? {} : { cursor });
    tools += page.tools.length;
    cursor = page.nextCursor;
  } while (cursor);
  if (tools === 0) throw new Error('no tools listed');
}
await client.close();
