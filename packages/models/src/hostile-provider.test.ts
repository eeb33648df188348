import type { ModelOutcome, ResolvedColumn } from '@mcp-eval/core';
import type { ModelEndpoint, RecordingOrigin } from '@mcp-eval/fixture-models';
import { startModelEndpoint, startRecordingOrigin } from '@mcp-eval/fixture-models';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createColumnPort } from './create-column-port.js';
import type { HostedProvider } from './provider-table.js';
import { PROVIDERS } from './provider-table.js';
import { createRunBudget } from './run-budget.js';
import { scriptedRequest } from './test-support/scripted-request.js';

let elsewhere: RecordingOrigin;
let endpoint: ModelEndpoint;
beforeEach(async () => {
  elsewhere = await startRecordingOrigin();
  endpoint = await startModelEndpoint(undefined, { redirectTo: elsewhere.origin });
});
afterEach(async () => {
  await endpoint.close();
  await elsewhere.close();
});

const STYLES = Object.keys(PROVIDERS) as HostedProvider[];
type Style = HostedProvider;

function decide(style: Style, model: string, extra: Partial<ResolvedColumn> = {}): Promise<ModelOutcome> {
  const column: ResolvedColumn = { id: 'col', provider: style, model, baseUrl: endpoint.baseUrl, apiKey: 'test-key-not-real', ...extra };
  return createColumnPort(column, { budget: createRunBudget(), env: {} }).decide(scriptedRequest('right-tool', { maxRetries: 0 }));
}

describe.each(STYLES)('%s provider against a hostile endpoint', (style) => {
  it.each([307, 302] as const)(
    'a %i to another origin is never followed: provider-error with the status, nothing sent there',
    async (status) => {
      const outcome = await decide(style, `scripted-redirect-${status}`);
      expect(outcome).toMatchObject({ kind: 'failure', failure: 'provider-error', httpStatus: status, requests: 1 });
      expect(endpoint.requests()).toBe(1);
      expect(elsewhere.received).toEqual([]);
    },
  );

  it('a body past max_response_bytes is cut off as it streams: response-too-large', async () => {
    const outcome = await decide(style, 'scripted-huge-body', { maxResponseBytes: 64 * 1024 });
    expect(outcome).toMatchObject({ kind: 'failure', failure: 'response-too-large', requests: 1 });
  });

  it('a key with CR/LF never reaches the wire: refused as the MCP transports refuse it', async () => {
    const outcome = await decide(style, 'scripted-right-tool', { apiKey: 'k\r\nX-Injected: 1' });
    expect(outcome).toMatchObject({ kind: 'failure', failure: 'provider-error' });
    expect(endpoint.requests()).toBe(0);
  });

  it('an absurd retry-after-ms is no number at all: rate-limited without retryAfterMs', async () => {
    const outcome = await decide(style, 'scripted-retry-after-absurd');
    expect(outcome).toMatchObject({ kind: 'failure', failure: 'rate-limited' });
    expect(outcome).not.toHaveProperty('retryAfterMs');
  });

  it('negative token counts are not recorded as spent', async () => {
    const outcome = await decide(style, 'scripted-negative-usage');
    expect(outcome).toMatchObject({ kind: 'decision', usage: { inputTokens: 0, outputTokens: 0 } });
  });
});
