import { everythingStdio } from '@mcp-eval/fixture-servers';
import { describe, expect, it } from 'vitest';

import { evaluateCheck, evaluateTarget } from '../test-support/evaluate-check.js';
import { expectNoCanary } from '../test-support/expect-no-canary.js';
import { ERAS, CHANNEL_ERAS } from '../test-support/matrix.js';
import { parseCase } from '../test-support/parse-case.js';
import { schemaGuessability } from './schema-guessability.js';

describe('schema-guessability', () => {
  it.each(CHANNEL_ERAS)('passes the reference echo with naive arguments ($transport, $protocol)', async ({ transport, protocol }) => {
    const record = await evaluateCheck(schemaGuessability, { tool: 'echo', arguments: { message: 'hello' } }, 'reference', transport, {
      protocol,
    });
    expect(record).toMatchObject({ status: 'pass', tool: 'echo' });
    expect(record.measurements).toMatchObject({ requiredFields: 1, missingFromProperties: 0, missingFromArguments: 0, properties: 1 });
    expectNoCanary(record);
  });

  it('passes the echo of @modelcontextprotocol/server-everything (stdio, legacy)', async () => {
    const record = await evaluateTarget(schemaGuessability, { tool: 'echo', arguments: { message: 'hello' } }, everythingStdio());
    expect(record).toMatchObject({ status: 'pass', tool: 'echo' });
    expect(record.measurements.requiredFields).toBe(1);
  });

  it('fails server-everything when the naive arguments miss its required field', async () => {
    const record = await evaluateTarget(schemaGuessability, { tool: 'echo', arguments: { text: 'hello' } }, everythingStdio());
    expect(record).toMatchObject({ status: 'fail', label: 'required-not-in-arguments' });
  });

  it.each(ERAS)(
    'fails a required field missing from properties, reporting counts, never the field name (in memory, %s)',
    async (protocol) => {
      // The hidden field is named after the canary: a check that reported names would leak it.
      const record = await evaluateCheck(
        schemaGuessability,
        { tool: 'ghost_required', arguments: { query: 'x' } },
        'flawed-dimensions',
        'memory',
        { protocol },
      );
      expect(record).toMatchObject({ status: 'fail', label: 'required-not-in-properties', tool: 'ghost_required' });
      expect(record.measurements).toMatchObject({ requiredFields: 2, missingFromProperties: 1, missingFromArguments: 1 });
      expectNoCanary(record);
    },
  );

  it.each(ERAS)('fails a schema that is not an object schema (http, %s)', async (protocol) => {
    const record = await evaluateCheck(schemaGuessability, { tool: 'scalar_schema', arguments: {} }, 'flawed-dimensions', 'http', {
      protocol,
    });
    expect(record).toMatchObject({ status: 'fail', label: 'schema-not-object' });
    expectNoCanary(record);
  });

  it('fails a schema whose required is not a list', async () => {
    const record = await evaluateCheck(
      schemaGuessability,
      { tool: 'tangled_schema', arguments: { query: 'x' } },
      'flawed-dimensions',
      'memory',
    );
    expect(record).toMatchObject({ status: 'fail', label: 'schema-malformed' });
  });

  it('a tool the catalog does not list, after walking every page, is named tool-not-listed by the engine', async () => {
    const record = await evaluateCheck(schemaGuessability, { tool: 'no_such_tool', arguments: {} }, 'reference', 'memory');
    expect(record).toMatchObject({ status: 'error', label: 'tool-not-listed', tool: 'no_such_tool' });
  });

  it("a listing defect after the tool was found is not this check's concern", async () => {
    const record = await evaluateCheck(schemaGuessability, { tool: 'echo', arguments: {}, read_only: true }, 'broken-pagination', 'stdio', {
      env: { FIXTURE_FLAW: 'loop' },
    });
    expect(record).toMatchObject({ status: 'pass', tool: 'echo' });
  });

  it('a listing that breaks before the tool is found is list-invalid or list-error', async () => {
    const looping = await evaluateCheck(schemaGuessability, { tool: 'not_listed', arguments: {} }, 'broken-pagination', 'stdio', {
      env: { FIXTURE_FLAW: 'loop' },
    });
    expect(looping).toMatchObject({ status: 'fail', label: 'list-invalid' });
    const erroring = await evaluateCheck(schemaGuessability, { tool: 'get_item', arguments: {} }, 'broken-pagination', 'http', {
      env: { FIXTURE_FLAW: 'error' },
    });
    expect(erroring).toMatchObject({ status: 'fail', label: 'list-error' });
    expect(erroring.measurements.jsonRpcCode).toBe(-32603);
  });

  it('fails naive arguments that miss a required field, without calling the tool', async () => {
    const record = await evaluateCheck(schemaGuessability, { tool: 'add', arguments: { a: 1 } }, 'reference', 'http');
    expect(record).toMatchObject({ status: 'fail', label: 'required-not-in-arguments' });
    expect(record.measurements).toMatchObject({ requiredFields: 2, missingFromArguments: 1 });
    expect(record.measurements.latencyMs).toBeUndefined();
  });

  it.each(ERAS)('fails a call that returns isError (in memory, %s)', async (protocol) => {
    const record = await evaluateCheck(schemaGuessability, { tool: 'get_item', arguments: { id: 'missing' } }, 'reference', 'memory', {
      protocol,
    });
    expect(record).toMatchObject({ status: 'fail', label: 'call-failed' });
    expectNoCanary(record);
  });

  it.each(ERAS)('fails a call answered with a JSON-RPC error, keeping its code (http, %s)', async (protocol) => {
    const record = await evaluateCheck(schemaGuessability, { tool: 'strict_lookup', arguments: { id: 'x' } }, 'reference', 'http', {
      protocol,
    });
    expect(record).toMatchObject({ status: 'fail', label: 'call-error' });
    expect(record.measurements.jsonRpcCode).toBe(-32602);
    expectNoCanary(record);
  });

  it('fails a tool that needs elicitation: the evaluator declares no client capabilities (2026-07-28)', async () => {
    // The server refuses to ask for input a client cannot give (-32021) rather than answering
    // input_required: an agent without elicitation cannot use this tool from its schema alone.
    const record = await evaluateCheck(schemaGuessability, { tool: 'confirm_action', arguments: { what: 'x' } }, 'reference', 'memory', {
      protocol: '2026-07-28',
      allowMutation: true,
    });
    expect(record).toMatchObject({ status: 'fail', label: 'call-error' });
    expect(record.measurements.jsonRpcCode).toBe(-32021);
    expectNoCanary(record);
  });

  it('fails a call that never answers as a transport failure', async () => {
    const record = await evaluateCheck(schemaGuessability, { tool: 'never', read_only: true, arguments: {} }, 'never-answers', 'stdio', {
      timeoutMs: 1_000,
    });
    expect(record).toMatchObject({ status: 'fail', label: 'transport-failure' });
  });

  it('fails a call that crashes the server as a transport failure', async () => {
    const record = await evaluateCheck(schemaGuessability, { tool: 'kill-self', read_only: true, arguments: {} }, 'crash', 'stdio');
    expect(record).toMatchObject({ status: 'fail', label: 'transport-failure' });
  });
});

describe('schema-guessability in a manifest', () => {
  it('accepts a tool and naive arguments; arguments must be a mapping', () => {
    expect(parseCase(schemaGuessability, 'dimension: schema-guessability\ntool: echo\narguments: { message: hello }')).toEqual({
      ok: true,
      params: { tool: 'echo', arguments: { message: 'hello' } },
    });
    expect(parseCase(schemaGuessability, 'dimension: schema-guessability\ntool: echo\narguments: [hello]').ok).toBe(false);
  });
});
