import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import type { StdioTarget } from '../target.js';

const require = createRequire(import.meta.url);

function packageDir(name: string): string {
  return dirname(require.resolve(`${name}/package.json`));
}

/** `@modelcontextprotocol/server-everything` over stdio (legacy era, SDK 1.x). */
export function everythingStdio(): StdioTarget {
  return {
    kind: 'stdio',
    command: process.execPath,
    args: [join(packageDir('@modelcontextprotocol/server-everything'), 'dist/index.js'), 'stdio'],
  };
}

/** `@takescake/1password-mcp` over stdio, with no token of any kind (it then makes no network calls). */
export function onePasswordStdio(): StdioTarget {
  return {
    kind: 'stdio',
    command: process.execPath,
    args: [join(packageDir('@takescake/1password-mcp'), 'bin/1password-mcp.js')],
  };
}

const loopbackPreload = fileURLToPath(new URL('./loopback-listen.mjs', import.meta.url));

export interface RunningServer {
  readonly url: string;
  readonly pid: number;
  close(): Promise<void>;
}

/**
 * server-everything's Streamable HTTP server. It calls `app.listen(PORT)`, which binds every
 * interface and has no host setting, so a preload pins its listener to 127.0.0.1 and reports the
 * port the OS chose for PORT=0.
 */
export function startEverythingHttp(): Promise<RunningServer> {
  const child = spawn(
    process.execPath,
    ['--import', loopbackPreload, join(packageDir('@modelcontextprotocol/server-everything'), 'dist/index.js'), 'streamableHttp'],
    { env: { PATH: process.env.PATH ?? '', PORT: '0' }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
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
        pid: child.pid ?? -1,
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
