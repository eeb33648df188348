import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runCli, scratchDir, writeManifest } from '../test-support/run-cli.js';

// A planted secret whose line break undici would refuse with a TypeError quoting the whole value.
const SECRET = 'canary-5ec2e7-planted-secret';
const HOSTILE = `${SECRET}\r\nX-Injected: 1`;

// A loopback witness: whatever the CLI sends would land here. Nothing may.
let requests = 0;
const witness = createServer((_req, res) => {
  requests += 1;
  res.writeHead(500).end();
});
let url = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => witness.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(witness.address() as AddressInfo).port}/mcp`;
});
afterAll(() => new Promise<void>((resolve) => witness.close(() => resolve())));

function expectRefused(result: { code: number | null; stdout: string; stderr: string }, named: RegExp): void {
  expect(result.code, result.stderr).toBe(2);
  expect(result.stderr).toMatch(named);
  expect(`${result.stdout}${result.stderr}`).not.toContain(SECRET);
  expect(result.stderr).not.toMatch(/\bat .*\.js:\d+/); // never a stack trace
  expect(requests).toBe(0);
}

describe('a header value HTTP would refuse is exit 2 before anything connects, naming the header, never the value', () => {
  it.each([['conformance'], ['lint'], ['init']])('%s --url --header', async (command) => {
    const { dir, cleanup } = await scratchDir();
    try {
      const result = await runCli([command, '--url', url, '--header', 'X-Api-Key: ${env:API_KEY}'], {
        cwd: dir,
        env: { API_KEY: HOSTILE },
      });
      expectRefused(result, /--header `X-Api-Key` has a line break \(CR or LF\)/);
    } finally {
      await cleanup();
    }
  });

  it('--url itself with a line break from ${env:…}', async () => {
    const result = await runCli(['lint', '--url', '${env:MCP_URL}'], { env: { MCP_URL: `${url}\n${SECRET}` } });
    expectRefused(result, /--url has a control character/);
  });

  it('run: located at the reference in the manifest', async () => {
    const { dir, cleanup } = await scratchDir();
    try {
      const yaml = `version: 1\nserver:\n  http:\n    url: ${url}\n    headers:\n      X-Api-Key: "\${env:API_KEY}"\ncases:\n  - { id: pages, probe: pagination }\n`;
      await writeManifest(dir, yaml, 'm.yaml');
      const result = await runCli(['run', 'm.yaml'], { cwd: dir, env: { API_KEY: HOSTILE } });
      expectRefused(result, /^m\.yaml:6:19: `server\.http\.headers\.X-Api-Key` has a line break \(CR or LF\)/);
      // validate checks the same, without connecting
      const validate = await runCli(['validate', 'm.yaml'], { cwd: dir, env: { API_KEY: HOSTILE } });
      expect(validate.stderr).toMatch(/^m\.yaml:6:19: warning: `server\.http\.headers\.X-Api-Key` has a line break/);
      expect(`${validate.stdout}${validate.stderr}`).not.toContain(SECRET);
    } finally {
      await cleanup();
    }
  });

  it('run and validate: a literal NUL in an argument, located', async () => {
    const { dir, cleanup } = await scratchDir();
    try {
      await writeManifest(
        dir,
        `version: 1\nserver:\n  stdio: { command: node, args: ["a\\0${SECRET}"] }\ncases:\n  - { id: pages, probe: pagination }\n`,
        'm.yaml',
      );
      for (const command of ['run', 'validate']) {
        const result = await runCli([command, 'm.yaml'], { cwd: dir });
        expectRefused(result, /^m\.yaml:3:34: `server\.stdio\.args\[0\]` has a NUL character/);
      }
    } finally {
      await cleanup();
    }
  });
});
