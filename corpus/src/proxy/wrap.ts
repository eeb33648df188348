import { fileURLToPath } from 'node:url';

import type { Started } from '../servers.js';
import { startHttpProxy, type ProxyOptions } from './http-proxy.js';

const STDIO_PROXY = fileURLToPath(new URL('./stdio-proxy.mjs', import.meta.url));

/** The same server behind a proxy: a wrapper process over stdio, a loopback forwarder over HTTP. */
export async function behindProxy(started: Started, options: ProxyOptions): Promise<Started> {
  if (started.transport === 'http') {
    const proxy = await startHttpProxy(started.url, options);
    return { transport: 'http', url: proxy.url, close: () => proxy.close() };
  }
  const { command, args, env } = started.stdio;
  return {
    transport: 'stdio',
    stdio: { command: process.execPath, args: [STDIO_PROXY, String(options.delayMs), String(options.crashAfter), command, ...args], env },
    close: () => Promise.resolve(),
  };
}
