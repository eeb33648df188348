import { afterAll, describe, expect, it } from 'vitest';

import { evaluateCheck } from '../test-support/evaluate-check.js';
import { expectNoCanary } from '../test-support/expect-no-canary.js';
import { ERAS, TRANSPORT_ERAS } from '../test-support/matrix.js';
import { parseCase } from '../test-support/parse-case.js';
import { tempFiles } from '../test-support/temp-files.js';
import { DEFAULT_MAX_INLINE_BLOB_BYTES, MAX_RESPONSE_VARIANTS, responseCost } from './response-cost.js';

const files = tempFiles();
afterAll(() => files.remove());

const limits = { field: 'limit', values: [1, 10, 100, 1000] };

describe.each(TRANSPORT_ERAS)('response-cost ($transport, $protocol)', ({ transport, protocol }) => {
  it('passes the reference: slow_read answers the same whatever ms it waits', async () => {
    const params = {
      tool: 'slow_read',
      arguments: {},
      vary: { field: 'ms', values: [1, 5, 20] },
      max_response_tokens: 200,
      max_growth: 1.5,
    };
    const record = await evaluateCheck(responseCost, params, 'reference', transport, { protocol });
    expect(record).toMatchObject({
      status: 'pass',
      label: 'within-budget',
      measurements: { variants: 3, stillGrowing: 0, totalImageBytes: 0 },
    });
    expect(record.measurements.growth).toBeLessThanOrEqual(1.5);
    expect(record.findings?.map((f) => [f.label, f.pointer])).toEqual([
      ['variant-cost', '/vary/values/0'],
      ['variant-cost', '/vary/values/1'],
      ['variant-cost', '/vary/values/2'],
    ]);
    expect(record.findings?.[0]?.measurements?.textBytes).toBeGreaterThan(0);
    expectNoCanary(record);
  });

  it('fails a list with no upper bound as unbounded-growth, and passes the same list capped at 10', async () => {
    const unbounded = await evaluateCheck(
      responseCost,
      { tool: 'list_records', arguments: {}, vary: limits, max_growth: 20 },
      'costly-responses',
      transport,
      { protocol },
    );
    expect(unbounded).toMatchObject({ status: 'fail', label: 'unbounded-growth', measurements: { variants: 4, stillGrowing: 1 } });
    expect(unbounded.measurements.growth).toBeGreaterThan(500);
    // Text and structured content both carry the list.
    expect(unbounded.findings?.[3]?.measurements?.textBytes).toBeGreaterThan(10_000);
    expect(unbounded.findings?.[3]?.measurements?.structuredBytes).toBeGreaterThan(10_000);
    expectNoCanary(unbounded);

    const capped = await evaluateCheck(
      responseCost,
      { tool: 'list_records_capped', arguments: {}, vary: limits, max_growth: 20 },
      'costly-responses',
      transport,
      { protocol },
    );
    expect(capped).toMatchObject({ status: 'pass', label: 'within-budget', measurements: { stillGrowing: 0 } });
    expect(capped.measurements.growth).toBeGreaterThan(5);
  });
});

describe('response-cost budgets', () => {
  it('fails response-over-budget at the first variant over max_response_tokens, marking it', async () => {
    const record = await evaluateCheck(
      responseCost,
      { tool: 'list_records', arguments: {}, vary: limits, max_response_tokens: 2_000 },
      'costly-responses',
      'memory',
    );
    expect(record).toMatchObject({ status: 'fail', label: 'response-over-budget', measurements: { maxResponseTokensBudget: 2_000 } });
    expect(record.findings?.map((f) => f.label)).toEqual(['variant-cost', 'variant-cost', 'variant-over-budget', 'variant-over-budget']);
    expect(record.findings?.[3]?.measurements?.tokens).toBe(Math.ceil((record.findings?.[3]?.measurements?.bytes ?? 0) / 4));
    expect(record.measurements.largestResponseTokens).toBeGreaterThan(2_000);
    expectNoCanary(record);
  });

  it.each(ERAS)(
    'fails blob-inlined for an image, audio or embedded resource over the threshold, passes a resource_link (%s)',
    async (protocol) => {
      const vary = { field: 'kind', values: ['link', 'image', 'audio', 'resource'] };
      const record = await evaluateCheck(responseCost, { tool: 'get_media', arguments: {}, vary }, 'costly-responses', 'stdio', {
        protocol,
      });
      expect(record).toMatchObject({
        status: 'fail',
        label: 'blob-inlined',
        measurements: { largestInlineBlobBytes: 100_000, maxInlineBlobBudgetBytes: DEFAULT_MAX_INLINE_BLOB_BYTES },
      });
      expect(record.findings?.map((f) => f.label)).toEqual([
        'variant-cost',
        'variant-blob-inlined',
        'variant-blob-inlined',
        'variant-blob-inlined',
      ]);
      const [link, image, audio, resource] = (record.findings ?? []).map((f) => f.measurements ?? {});
      expect(link).toMatchObject({ inlineBlobBytes: 0, imageBytes: 0 });
      expect(link?.resourceLinkBytes).toBeGreaterThan(0);
      expect(image?.imageBytes).toBeGreaterThan(100_000);
      expect(audio?.audioBytes).toBeGreaterThan(100_000);
      expect(resource?.resourceBytes).toBeGreaterThan(100_000);
      expectNoCanary(record);

      const linked = await evaluateCheck(responseCost, { tool: 'get_media', arguments: { kind: 'link' } }, 'costly-responses', 'stdio', {
        protocol,
      });
      expect(linked).toMatchObject({
        status: 'pass',
        measurements: { variants: 1, largestInlineBlobBytes: 0 },
        findings: [{ label: 'variant-cost', pointer: 'arguments' }],
      });
    },
  );

  it('lets a case raise max_inline_blob_bytes past the blob', async () => {
    const params = { tool: 'get_media', arguments: { kind: 'image' }, max_inline_blob_bytes: 200_000 };
    const record = await evaluateCheck(responseCost, params, 'costly-responses', 'memory');
    expect(record).toMatchObject({ status: 'pass', measurements: { largestInlineBlobBytes: 100_000 } });
  });

  it('fails call-failed on a variant answered with an error', async () => {
    const record = await evaluateCheck(responseCost, { tool: 'explode', arguments: {}, read_only: true }, 'reference', 'memory');
    expect(record).toMatchObject({ status: 'fail', label: 'call-failed', measurements: { variant: 1 } });
  });

  it.each(ERAS)('sends nothing to a tool neither annotated nor declared read-only (%s)', async (protocol) => {
    const log = `not-read-only-${protocol}.jsonl`;
    const record = await evaluateCheck(responseCost, { tool: 'create_item', arguments: { id: 'x' } }, 'reference', 'memory', {
      protocol,
      env: { FIXTURE_CALL_LOG: files.path(log) },
    });
    expect(record).toMatchObject({ status: 'skip', label: 'mutation-not-allowed' });
    expect(files.calls(log)).toEqual([]);
  });
});

describe('response-cost in a manifest', () => {
  it('defaults the blob threshold and bounds the variants', () => {
    expect(parseCase(responseCost, 'probe: response-cost\ntool: list\narguments: {}\nvary: { field: limit, values: [1, 10] }')).toEqual({
      ok: true,
      params: {
        tool: 'list',
        arguments: {},
        vary: { field: 'limit', values: [1, 10] },
        max_inline_blob_bytes: DEFAULT_MAX_INLINE_BLOB_BYTES,
      },
    });
    const tooMany = JSON.stringify(Array.from({ length: MAX_RESPONSE_VARIANTS + 1 }, (_, i) => i));
    for (const bad of [
      `vary: { field: limit, values: ${tooMany} }`,
      'vary: { field: limit, values: [1] }',
      'max_growth: 0.5',
      'vary: { field: limit, values: [1, 2], extra: 1 }',
    ]) {
      expect(parseCase(responseCost, `probe: response-cost\ntool: list\narguments: {}\n${bad}`).ok, bad).toBe(false);
    }
  });
});
