import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { CANARY, stdioFixture } from '@mcp-eval/fixture-servers';
import { installedPackages, installPacked } from '@mcp-eval/test-support';
import type { PackedProject } from '@mcp-eval/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const transportsDir = fileURLToPath(new URL('..', import.meta.url));
const protocolDir = fileURLToPath(new URL('../../protocol', import.meta.url));

/**
 * Runs in the installed project with only @mcp-eval/transports (and the protocol package it
 * depends on): connect to a real fixture server over stdio, list its tools, close.
 */
const SCRIPT = `
import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createConnector, MODERN_PROTOCOL_VERSION } from '@mcp-eval/transports';

const require = createRequire(import.meta.url);
const target = JSON.parse(process.argv[2]);
const connection = await createConnector(target, { timeoutMs: 20000 }).connect();
try {
  const listed = await connection.request('tools/list', {});
  process.stdout.write(JSON.stringify({
    transport: connection.transport,
    protocolVersion: connection.protocolVersion,
    modern: MODERN_PROTOCOL_VERSION,
    outcome: listed.outcome,
    tools: listed.outcome === 'result' && Array.isArray(listed.result.tools) ? listed.result.tools.length : -1,
    installedAt: realpathSync(require.resolve('@mcp-eval/transports/package.json')),
  }));
} finally {
  await connection.close();
}
`;

/** A TypeScript consumer: the published declarations resolve with only the declared dependencies. */
const CONSUMER_TS = `
import type { Connection, Exchange, ServerTarget } from '@mcp-eval/protocol';
import { createConnector, DEFAULT_OPTIONS } from '@mcp-eval/transports';
import type { ConnectorOptions, Target, WireConnection } from '@mcp-eval/transports';

export async function open(target: ServerTarget, options: ConnectorOptions = DEFAULT_OPTIONS): Promise<Connection> {
  const wire: WireConnection = await createConnector(target, options).connect();
  return wire;
}

export const http: Target = { transport: 'http', url: 'http://127.0.0.1:1/mcp' };

export function failed(exchange: Exchange): boolean {
  return exchange.outcome === 'transport-failure';
}
`;

// Packing and a real npm install take a while (the registry when npm's cache is cold).
describe('@mcp-eval/transports installed from its tarball', { timeout: 600_000 }, () => {
  let project: PackedProject | undefined;

  beforeAll(async () => {
    project = await installPacked([transportsDir], { transitive: [protocolDir] });
  }, 600_000);

  afterAll(async () => {
    await project?.remove();
  });

  it('pulls in neither core nor its ajv and yaml: only the protocol package, eventsource-parser and undici', async () => {
    const installed = await installedPackages(project!.dir);
    expect(installed).toContain('@mcp-eval/transports');
    expect(installed).toContain('@mcp-eval/protocol');
    for (const absent of ['@mcp-eval/core', 'ajv', 'ajv-formats', 'yaml']) expect(installed, absent).not.toContain(absent);
    expect(installed).toEqual(['@mcp-eval/protocol', '@mcp-eval/transports', 'eventsource-parser', 'undici']);
  });

  it('connects to a real server over stdio from the installed copy', async () => {
    const dir = project!.dir;
    await writeFile(join(dir, 'connect.mjs'), SCRIPT);
    const stdout = await project!.node(['connect.mjs', JSON.stringify(stdioFixture('reference'))]);
    const output = JSON.parse(stdout) as {
      transport: string;
      protocolVersion: string;
      modern: string;
      outcome: string;
      tools: number;
      installedAt: string;
    };
    // Really the installed copy, not a link back into the workspace.
    expect(output.installedAt.startsWith(dir)).toBe(true);
    expect(output).toMatchObject({ transport: 'stdio', outcome: 'result' });
    expect(output.protocolVersion).toBe(output.modern);
    expect(output.tools).toBeGreaterThan(0);
    expect(stdout).not.toContain(CANARY);
  });

  it('ships declarations a strict TypeScript consumer can compile against', async () => {
    await project!.compileStrict(CONSUMER_TS);
  });
});
