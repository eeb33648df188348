import { describe, expect, it } from 'vitest';

import { UsageError } from '../cli-error.js';
import type { Io } from '../io.js';
import { startRunTracing } from './run-tracing.js';

const io: Io = { stdout: process.stdout, stderr: process.stderr, env: {}, cwd: '/work/here' };

describe('startRunTracing reads --otlp-endpoint up front', () => {
  it.each([
    ['CR/LF', 'http://127.0.0.1:4318/v1/\r\nsecret-token-path'],
    ['a tab', 'http://127.0.0.1:4318/\tsecret-token-path'],
    ['a NUL', 'http://127.0.0.1:4318/secret-token-path\0'],
  ])('refuses %s (which the URL parser would strip silently), without echoing the value', (_what, endpoint) => {
    expect(() => startRunTracing({ otlpEndpoint: endpoint }, io)).toThrow(UsageError);
    expect(() => startRunTracing({ otlpEndpoint: endpoint }, io)).toThrow(/^(?!.*secret-token-path).*control character/s);
  });

  it('takes a plain http(s) URL', () => {
    expect(() => startRunTracing({ otlpEndpoint: 'http://127.0.0.1:4318' }, io)).not.toThrow();
  });
});
