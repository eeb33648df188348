import type { Exchange, JsonObject } from '@mcp-eval/protocol';
import { describe, expect, it } from 'vitest';

import { buildExchange, failure, type Answer } from './exchange.js';
import { HTTP_TRAITS } from './http-channel.js';
import { classifyProbe } from './probe-classifier.js';
import { STDIO_TRAITS } from './stdio-channel.js';

function probe(answer: Answer, httpStatus?: number): Exchange {
  return buildExchange(
    {
      method: 'server/discover',
      requestBytes: 1,
      responseBytes: 1,
      latencyMs: 1,
      notifications: [],
      ...(httpStatus ? { httpStatus } : {}),
    },
    answer,
  );
}

const discover = (versions: string[]): Answer => ({ outcome: 'result', result: { supportedVersions: versions, capabilities: {} } });
const rpcError = (code: number, data?: JsonObject): Answer => ({
  outcome: 'error',
  error: { code, message: 'm', ...(data ? { data } : {}) },
});

describe('classifyProbe', () => {
  it('is modern only for a DiscoverResult listing 2026-07-28', () => {
    expect(classifyProbe(probe(discover(['2026-07-28'])), STDIO_TRAITS, false).kind).toBe('modern');
    expect(classifyProbe(probe(discover(['2099-01-01'])), STDIO_TRAITS, false).kind).toBe('legacy');
    expect(classifyProbe(probe({ outcome: 'result', result: {} }), HTTP_TRAITS, false).kind).toBe('legacy');
  });

  it('retries once on -32022 listing 2026-07-28, and is legacy otherwise', () => {
    const corrective = probe(rpcError(-32022, { supported: ['2026-07-28'] }), 400);
    expect(classifyProbe(corrective, HTTP_TRAITS, false).kind).toBe('retry');
    expect(classifyProbe(corrective, HTTP_TRAITS, true).kind).toBe('legacy');
    expect(classifyProbe(probe(rpcError(-32022, { supported: ['2025-11-25'] })), STDIO_TRAITS, false).kind).toBe('legacy');
  });

  it('reads other JSON-RPC errors and other 4xx as legacy', () => {
    expect(classifyProbe(probe(rpcError(-32601)), STDIO_TRAITS, false).kind).toBe('legacy');
    expect(classifyProbe(probe(rpcError(-32000), 400), HTTP_TRAITS, false).kind).toBe('legacy');
    expect(classifyProbe(probe(failure('http-status'), 404), HTTP_TRAITS, false).kind).toBe('legacy');
  });

  it('never reads 401, 403 or 5xx as legacy', () => {
    for (const status of [401, 403, 500, 503]) {
      expect(classifyProbe(probe(rpcError(-32000), status), HTTP_TRAITS, false)).toEqual({ kind: 'fail', failure: 'http-status' });
      expect(classifyProbe(probe(failure('http-status'), status), HTTP_TRAITS, false)).toEqual({ kind: 'fail', failure: 'http-status' });
    }
  });

  it('reads silence or a dead process as legacy on stdio, and as an outage over HTTP', () => {
    for (const kind of ['timeout', 'closed', 'crashed'] as const) {
      expect(classifyProbe(probe(failure(kind)), STDIO_TRAITS, false).kind).toBe('legacy');
      expect(classifyProbe(probe(failure(kind)), HTTP_TRAITS, false)).toEqual({ kind: 'fail', failure: kind });
    }
    expect(classifyProbe(probe(failure('crashed')), HTTP_TRAITS, false, 'refused')).toEqual({ kind: 'fail', failure: 'refused' });
    expect(classifyProbe(probe(failure('cancelled')), STDIO_TRAITS, false)).toEqual({ kind: 'fail', failure: 'cancelled' });
  });
});
