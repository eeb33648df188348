import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';

import { CANARY } from '@mcp-eval/fixture-servers';
import { describe, expect, it } from 'vitest';

import { INTERNAL_ERROR_LINE } from './error-boundary.js';
import type { Io } from './io.js';
import { main } from './main.js';
import { runCli, scratchDir } from './test-support/run-cli.js';

const SECRET = `sk-live-${CANARY}`;

/** A stream that keeps what is written to it. */
function sink(): Writable & { text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString('utf8');
      done();
    },
  });
  return Object.assign(stream, { text: () => text });
}

/** A console that fails the way a broken pipe can, with data of its own in the message. */
function hostileStdout(): Writable {
  return new Writable({
    write() {
      throw new Error(`write EPIPE while sending ${SECRET}`);
    },
  });
}

async function savedReport(dir: string): Promise<string> {
  await writeFile(
    join(dir, 'tools.json'),
    JSON.stringify([{ name: 'echo', description: 'Echoes its text back.', inputSchema: { type: 'object', properties: {} } }]),
  );
  const saved = await runCli(['lint', '--catalog', 'tools.json', '--reporter', 'json=lint.json'], { cwd: dir });
  expect(saved.code).toBe(0);
  return join(dir, 'lint.json');
}

describe('the error boundary', () => {
  it('an unknown error prints one fixed line, exit 3: never its message or stack', async () => {
    const { dir, cleanup } = await scratchDir();
    try {
      const file = await savedReport(dir);
      const stderr = sink();
      const io: Io = { stdout: hostileStdout(), stderr, env: {}, cwd: dir };
      expect(await main(['report', file], io)).toBe(3);
      expect(stderr.text()).toBe(`${INTERNAL_ERROR_LINE}\n`);
      expect(stderr.text()).not.toContain(SECRET);
      expect(stderr.text()).not.toContain(CANARY);
    } finally {
      await cleanup();
    }
  });

  it('--debug adds the stack trace on stderr, and only then does the planted secret appear', async () => {
    const { dir, cleanup } = await scratchDir();
    try {
      const file = await savedReport(dir);
      const stderr = sink();
      const io: Io = { stdout: hostileStdout(), stderr, env: {}, cwd: dir };
      expect(await main(['report', file, '--debug'], io)).toBe(3);
      expect(stderr.text().startsWith(`${INTERNAL_ERROR_LINE}\n`)).toBe(true);
      expect(stderr.text()).toContain(SECRET);
      expect(stderr.text()).toMatch(/\n\s+at /);
    } finally {
      await cleanup();
    }
  });

  it('our own errors keep their messages (usage, manifest, flag parsing), exit 2', async () => {
    const { dir, cleanup } = await scratchDir();
    try {
      await writeFile(join(dir, 'bad.yaml'), 'version: 1\ncases: 3\n');
      const manifest = await runCli(['validate', 'bad.yaml'], { cwd: dir });
      expect(manifest.code).toBe(2);
      expect(manifest.stderr).toMatch(/^bad\.yaml:\d+:\d+: /);
      const usage = await runCli(['frobnicate'], { cwd: dir });
      expect(usage).toMatchObject({ code: 2, stderr: 'mcp-eval: unknown command `frobnicate`; see `mcp-eval --help`\n' });
      const flag = await runCli(['run', '--repeat'], { cwd: dir });
      expect(flag.code).toBe(2);
      expect(flag.stderr).toContain('--repeat');
    } finally {
      await cleanup();
    }
  });
});
