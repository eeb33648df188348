import { describe, expect, it } from 'vitest';

import { UsageError } from '../cli-error.js';
import type { Io } from '../io.js';
import { targetFromFlags } from './target-from-flags.js';

const io = (env: Record<string, string> = {}): Io => ({ stdout: process.stdout, stderr: process.stderr, env, cwd: '/work/here' });

describe('targetFromFlags', () => {
  it('splits --stdio into command and arguments, starts in the working directory, keeps --env', () => {
    const flags = targetFromFlags({ stdio: `node "my server.js" --port 3`, env: ['LOG_LEVEL=warn', 'EMPTY='] }, io());
    expect(flags.target).toEqual({
      transport: 'stdio',
      command: 'node',
      args: ['my server.js', '--port', '3'],
      env: { LOG_LEVEL: 'warn', EMPTY: '' },
      cwd: '/work/here',
    });
    expect(flags.protocol).toBe('auto');
    expect(flags.timeoutMs).toBe(10_000);
  });

  it('reads --url with headers, --protocol and --timeout', () => {
    const flags = targetFromFlags(
      { url: 'http://127.0.0.1:3000/mcp', header: ['X-Team: evals', 'Accept-Language:en'], protocol: '2025-11-25', timeout: 5000 },
      io(),
    );
    expect(flags.target).toEqual({
      transport: 'http',
      url: 'http://127.0.0.1:3000/mcp',
      headers: { 'X-Team': 'evals', 'Accept-Language': 'en' },
    });
    expect(flags.protocol).toBe('2025-11-25');
    expect(flags.timeoutMs).toBe(5000);
  });

  it('expands ${env:NAME} in values for the connection and keeps the reference in `written`', () => {
    const flags = targetFromFlags(
      { url: 'http://127.0.0.1:1/mcp', header: ['Authorization: Bearer ${env:TOKEN}'] },
      io({ TOKEN: 's3cret' }),
    );
    expect(flags.target).toMatchObject({ headers: { Authorization: 'Bearer s3cret' } });
    expect(flags.written).toMatchObject({ transport: 'http', headers: { Authorization: 'Bearer ${env:TOKEN}' } });
  });

  it.each([
    [{}, /exactly one of --stdio/],
    [{ stdio: 'node s.js', url: 'http://127.0.0.1:1/mcp' }, /exactly one of --stdio/],
    [{ stdio: '   ' }, /--stdio needs a value/],
    [{ stdio: '""' }, /--stdio needs a command line/],
    [{ stdio: 'node "s.js' }, /unterminated double quote/],
    [{ url: 'ftp://example.com' }, /--url must be an http/],
    [{ url: 'not a url' }, /--url must be an http/],
    [{ url: 'http://user:pass@127.0.0.1:1/mcp' }, /--url must be an http:\/\/ or https:\/\/ URL with no user:password@ in it/],
    [{ url: 'http://127.0.0.1:1/mcp', header: ['NoColon'] }, /--header must look like "Name: value"/],
    [{ url: 'http://127.0.0.1:1/mcp', header: ['A: 1', 'a: 2'] }, /--header names `a` twice/],
    [{ url: 'http://127.0.0.1:1/mcp', env: ['A=1'] }, /--env applies only to --stdio/],
    [{ stdio: 'node s.js', header: ['A: 1'] }, /--header applies only to --url/],
    [{ stdio: 'node s.js', env: ['1A=x'] }, /--env must look like NAME=value/],
    [{ stdio: 'node s.js', protocol: '2024-01-01' }, /--protocol must be one of: auto, 2026-07-28, 2025-11-25/],
    [{ stdio: 'node s.js', timeout: '0' }, /--timeout must be a positive integer/],
    [{ url: 'http://127.0.0.1:1/mcp', header: ['Authorization: Bearer ${env:MCP_EVAL_UNSET_TOKEN}'] }, /MCP_EVAL_UNSET_TOKEN.*not set/],
    [{ stdio: 'node ${HOME}/s.js' }, /malformed environment reference/],
  ])('%j is a usage error', (flags, message) => {
    expect(() => targetFromFlags(flags, io())).toThrow(UsageError);
    expect(() => targetFromFlags(flags, io())).toThrow(message);
  });

  it('refuses user:password@ that only expansion reveals, never echoing it', () => {
    const flags = { url: 'http://${env:WHO}@127.0.0.1:1/mcp' };
    expect(() => targetFromFlags(flags, io({ WHO: 'user:s3cret' }))).toThrow(/with no user:password@ in it once .* expanded/);
    expect(() => targetFromFlags(flags, io({ WHO: 'user:s3cret' }))).toThrow(/^(?!.*s3cret)/s);
  });

  it('never echoes a header value in an error', () => {
    expect(() => targetFromFlags({ url: 'http://127.0.0.1:1/mcp', header: ['Bad Name: s3cret'] }, io())).toThrow(/^(?!.*s3cret)/s);
  });
});

describe('targetFromFlags refuses values HTTP or spawn would refuse, naming the flag, never the value', () => {
  const SECRET = 'canary-flag-5ec2e7';
  it.each([
    [
      { url: 'http://127.0.0.1:1/mcp', header: ['X-Api-Key: ${env:K}'] },
      { K: `${SECRET}\r\nX-Injected: 1` },
      '--header `X-Api-Key` has a line break (CR or LF), which HTTP forbids in a header value',
    ],
    [
      { url: 'http://127.0.0.1:1/mcp', header: [`X-Api-Key: ${SECRET}\0`] },
      {},
      '--header `X-Api-Key` has a NUL character, which HTTP forbids in a header value',
    ],
    [
      { url: 'http://127.0.0.1:1/${env:P}' },
      { P: `mcp\n${SECRET}` },
      '--url has a control character (CR, LF, NUL, tab or another), which a URL may not',
    ],
    [
      { url: `http://127.0.0.1:1/mcp\r\n${SECRET}` },
      {},
      '--url has a control character (CR, LF, NUL, tab or another), which a URL may not',
    ],
    [
      { stdio: 'node server.js', env: ['TOKEN=${env:T}'] },
      { T: `${SECRET}\0` },
      '--env `TOKEN` has a NUL character, which a process cannot receive',
    ],
    [
      { stdio: 'node server.js --token=${env:T}' },
      { T: `${SECRET}\0` },
      'word 3 of --stdio has a NUL character, which a process cannot receive',
    ],
  ])('%j', (flags, env, message) => {
    let caught: unknown;
    try {
      targetFromFlags(flags, io(env));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(UsageError);
    expect((caught as Error).message).toBe(message);
    expect((caught as Error).message).not.toContain(SECRET);
  });
});
