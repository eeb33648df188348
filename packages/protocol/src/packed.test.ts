import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { installedPackages, installPacked } from '@mcp-eval/test-support';
import type { PackedProject } from '@mcp-eval/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ConnectError } from './connect-error.js';
import { envelopeMeta, paramsWithMeta } from './envelope.js';
import { ERROR_CODES } from './error-codes.js';
import { FAILURE_KINDS } from './failure-kind.js';
import { isHttpUrl } from './http-url.js';
import { isRecord } from './json-value.js';
import { LEGACY_PROTOCOL_VERSIONS, PROTOCOL_CHOICES } from './revisions.js';

const protocolDir = fileURLToPath(new URL('..', import.meta.url));

/** What the script below computes, computed here from source: the installed copy must agree. */
function expected(): unknown {
  const error = new ConnectError('unreachable', 'The endpoint could not be reached');
  return {
    envelope: paramsWithMeta({ name: 'x' }, envelopeMeta(PROTOCOL_CHOICES[1] ?? '', { name: 'c', version: '1' })),
    codes: ERROR_CODES,
    failures: FAILURE_KINDS,
    choices: PROTOCOL_CHOICES,
    legacy: LEGACY_PROTOCOL_VERSIONS,
    urls: [isHttpUrl('https://mcp.example.com/mcp'), isHttpUrl('file:///etc/passwd')],
    records: [isRecord({}), isRecord([]), isRecord(null)],
    error: { name: error.name, kind: error.kind, isError: error instanceof Error },
  };
}

/** Runs in the installed project with only @mcp-eval/protocol. */
const SCRIPT = `
import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  ConnectError, envelopeMeta, ERROR_CODES, FAILURE_KINDS, isHttpUrl, isRecord, LEGACY_PROTOCOL_VERSIONS, paramsWithMeta, PROTOCOL_CHOICES,
} from '@mcp-eval/protocol';

const require = createRequire(import.meta.url);
const error = new ConnectError('unreachable', 'The endpoint could not be reached');
process.stdout.write(JSON.stringify({
  result: {
    envelope: paramsWithMeta({ name: 'x' }, envelopeMeta(PROTOCOL_CHOICES[1], { name: 'c', version: '1' })),
    codes: ERROR_CODES,
    failures: FAILURE_KINDS,
    choices: PROTOCOL_CHOICES,
    legacy: LEGACY_PROTOCOL_VERSIONS,
    urls: [isHttpUrl('https://mcp.example.com/mcp'), isHttpUrl('file:///etc/passwd')],
    records: [isRecord({}), isRecord([]), isRecord(null)],
    error: { name: error.name, kind: error.kind, isError: error instanceof Error },
  },
  installedAt: realpathSync(require.resolve('@mcp-eval/protocol/package.json')),
}));
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
describe('@mcp-eval/protocol installed from its tarball', { timeout: 300_000 }, () => {
  let project: PackedProject | undefined;

  beforeAll(async () => {
    project = await installPacked([protocolDir]);
  }, 300_000);

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
    expect(output.result).toEqual(expected());
  });

  it('ships declarations a strict TypeScript consumer can compile against', async () => {
    await project!.compileStrict(CONSUMER_TS);
  });
});
