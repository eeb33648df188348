import { describe, expect, it } from 'vitest';

import { networkFailure } from './network-failure.js';

// DNS is classified here from the error code alone: a live lookup, even of a `.invalid` name, may
// leave the machine through the configured resolver, and these tests send nothing past loopback.
describe('networkFailure', () => {
  it.each([
    ['ECONNREFUSED', 'refused'],
    ['ENOTFOUND', 'dns'],
    ['EAI_AGAIN', 'dns'],
    ['EHOSTUNREACH', 'unreachable'],
    ['BAD_PORT', 'blocked-port'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'tls'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'tls'],
    ['CERT_HAS_EXPIRED', 'tls'],
  ])('%s is %s', (code, kind) => {
    expect(networkFailure(code)).toBe(kind);
  });

  it('a reset or an unknown code is not a network failure (the server went away)', () => {
    expect(networkFailure('ECONNRESET')).toBeUndefined();
    expect(networkFailure(undefined)).toBeUndefined();
  });
});
