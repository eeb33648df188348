import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import type { Target } from '@mcp-eval/transports';

const require = createRequire(import.meta.url);

function packageDir(name: string): string {
  return dirname(require.resolve(`${name}/package.json`));
}

/** `@takescake/1password-mcp` over stdio, never given a token (it then makes no network calls). */
export function onePasswordStdio(): Target {
  return { kind: 'stdio', command: process.execPath, args: [join(packageDir('@takescake/1password-mcp'), 'bin/1password-mcp.js')] };
}

// The transports' own preload pins `app.listen(PORT)` to 127.0.0.1 and reports the port: one piece
// serves both packages' tests (server-everything has no host setting of its own).
const loopbackPreload = fileURLToPath(new URL('../../../../transports/src/test-support/loopback-listen.mjs', import.meta.url));

export interface RunningServer {
  readonly url: string;
  close(): Promise<void>;
}

/** `@modelcontextprotocol/server-everything` over Streamable HTTP on 127.0.0.1, port 0. */
export function startEverythingHttp(): Promise<RunningServer> {
  const entry = join(packageDir('@modelcontextprotocol/server-everything'), 'dist/index.js');
  const child = spawn(process.execPath, ['--import', loopbackPreload, entry, 'streamableHttp'], {
    env: { PATH: process.env.PATH ?? '', PORT: '0' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let buffered = '';
    const onData = (chunk: Buffer): void => {
      buffered += chunk.toString('utf8');
      const match = /LOOPBACK_LISTENING (\d+)/.exec(buffered);
      if (!match) return;
      child.stderr.off('data', onData);
      child.stderr.resume();
      resolve({
        url: `http://127.0.0.1:${match[1]}/mcp`,
        close: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGKILL');
          }),
      });
    };
    child.stderr.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`server-everything exited early with code ${String(code)}`)));
  });
}
