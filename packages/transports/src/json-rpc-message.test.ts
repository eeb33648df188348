import { describe, expect, it } from 'vitest';

import { classifyMessage, idKey, parseMessages } from './json-rpc-message.js';

describe('classifyMessage', () => {
  it('recognizes results, errors, notifications and server requests', () => {
    expect(classifyMessage({ jsonrpc: '2.0', id: 1, result: { a: 1 } })).toEqual({ kind: 'result', id: 1, result: { a: 1 } });
    expect(classifyMessage({ jsonrpc: '2.0', id: 'x', error: { code: -32601, message: 'm', data: { d: 1 } } })).toEqual({
      kind: 'error',
      id: 'x',
      error: { code: -32601, message: 'm', data: { d: 1 } },
    });
    expect(classifyMessage({ jsonrpc: '2.0', method: 'notifications/progress' }).kind).toBe('notification');
    expect(classifyMessage({ jsonrpc: '2.0', id: 3, method: 'ping' })).toEqual({ kind: 'request', id: 3, method: 'ping' });
  });

  it('flags response-shaped messages that are not valid responses', () => {
    expect(classifyMessage({ jsonrpc: '2.0', id: 1, result: 5 })).toEqual({ kind: 'invalid-response', id: 1 });
    expect(classifyMessage({ id: 1, result: {} })).toEqual({ kind: 'invalid-response', id: 1 });
    expect(classifyMessage({ jsonrpc: '2.0', id: 1, error: { code: 'x', message: 'm' } })).toEqual({ kind: 'invalid-response', id: 1 });
    expect(classifyMessage({ jsonrpc: '2.0', id: 1, result: {}, error: { code: 1, message: '' } }).kind).toBe('invalid-response');
  });

  it('calls other JSON values not JSON-RPC', () => {
    expect(classifyMessage({ log: 'x' }).kind).toBe('not-json-rpc');
    expect(classifyMessage(42).kind).toBe('not-json-rpc');
    expect(classifyMessage({ jsonrpc: '2.0', id: {}, result: {} }).kind).toBe('not-json-rpc');
  });
});

describe('parseMessages', () => {
  it('returns undefined for non-JSON and splits batches', () => {
    expect(parseMessages('not json')).toBeUndefined();
    expect(parseMessages('[{"jsonrpc":"2.0","id":1,"result":{}},{"jsonrpc":"2.0","method":"n"}]')?.map((m) => m.kind)).toEqual([
      'result',
      'notification',
    ]);
  });
});

describe('idKey', () => {
  it('keeps numeric and string ids apart', () => {
    expect(idKey(5)).not.toBe(idKey('5'));
    expect(idKey(null)).toBe('null');
  });
});
