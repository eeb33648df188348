import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { installedPackages, installPacked } from '@mcp-eval/test-support';
import type { PackedProject } from '@mcp-eval/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as protocol from './index.js';

const protocolDir = fileURLToPath(new URL('..', import.meta.url));

/**
 * The vocabulary, computed through the package's public exports: run here on the source, and
 * (through its own text) in the installed project, where the two must agree.
 */
function vocabulary(p: typeof protocol): unknown {
  const error = new p.ConnectError('unreachable', 'The endpoint could not be reached');
  return {
    envelope: p.paramsWithMeta({ name: 'x' }, p.envelopeMeta(p.MODERN_PROTOCOL_VERSION, { name: 'c', version: '1' })),
    codes: p.ERROR_CODES,
    failures: p.FAILURE_KINDS,
    choices: p.PROTOCOL_CHOICES,
    legacy: p.LEGACY_PROTOCOL_VERSIONS,
    urls: [p.isHttpUrl('https://mcp.example.com/mcp'), p.isHttpUrl('file:///etc/passwd')],
    records: [p.isRecord({}), p.isRecord([]), p.isRecord(null)],
    error: { name: error.name, kind: error.kind, isError: error instanceof Error },
  };
}

/** Runs in the installed project with only @mcp-eval/protocol. */
const SCRIPT = `
import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as protocol from '@mcp-eval/protocol';

const require = createRequire(import.meta.url);
const vocabulary = ${vocabulary.toString()};
const installedAt = realpathSync(require.resolve('@mcp-eval/protocol/package.json'));
process.stdout.write(JSON.stringify({ result: vocabulary(protocol), installedAt }));
`;

/** A TypeScript consumer implementing the port itself, against the published declarations only. */
const CONSUMER_TS = `
import { ConnectError } from '@mcp-eval/protocol';
import type { Connection, Connector, Exchange, FailureKind, ProtocolChoice, ServerTarget } from '@mcp-eval/protocol';

export const target: ServerTarget = { transport: 'stdio', command: 'node', args: ['server.js'] };
export const choice: ProtocolChoice = '2026-07-28';

export function failure(exchange: Exchange): FailureKind | undefined {
  return exchange.outcome === 'transport-failure' ? exchange.failure : undefined;
}

export const connector: Connector = {
  transport: 'stdio',
  connect(): Promise<Connection> {
    return Promise.reject(new ConnectError('spawn-failed', 'not implemented here'));
  },
};
`;

// Packing and a real npm install take a while.
describe('@mcp-eval/protocol installed from its tarball', { timeout: 600_000 }, () => {
  let project: PackedProject | undefined;

  beforeAll(async () => {
    project = await installPacked([protocolDir]);
  }, 600_000);

  afterAll(async () => {
    await project?.remove();
  });

  it('installs nothing but itself (no runtime dependencies)', async () => {
    expect(await installedPackages(project!.dir)).toEqual(['@mcp-eval/protocol']);
  });

  it('gives the installed copy the same vocabulary as the workspace source', async () => {
    const dir = project!.dir;
    await writeFile(join(dir, 'vocabulary.mjs'), SCRIPT);
    const output = JSON.parse(await project!.node(['vocabulary.mjs'])) as { result: unknown; installedAt: string };
    // Really the installed copy, not a link back into the workspace.
    expect(output.installedAt.startsWith(dir)).toBe(true);
    expect(output.result).toEqual(vocabulary(protocol));
  });

  it('ships declarations a strict TypeScript consumer can compile against', async () => {
    await project!.compileStrict(CONSUMER_TS);
  });
});
