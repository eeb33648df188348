import { envelopeMeta } from '@mcp-eval/protocol';
import { describe, expect, it } from 'vitest';

import { encodeHeaderValue, modernHeaders } from './modern-headers.js';

describe('encodeHeaderValue', () => {
  it('passes safe ASCII through', () => {
    expect(encodeHeaderValue('get-sum')).toBe('get-sum');
  });

  it('base64-encodes non-ASCII, padded, empty and sentinel-looking values', () => {
    expect(encodeHeaderValue('café')).toBe(`=?base64?${Buffer.from('café').toString('base64')}?=`);
    expect(encodeHeaderValue(' x')).toMatch(/^=\?base64\?/);
    expect(encodeHeaderValue('')).toBe('=?base64??=');
    expect(encodeHeaderValue('=?base64?abc?=')).toBe(`=?base64?${Buffer.from('=?base64?abc?=').toString('base64')}?=`);
  });
});

describe('modernHeaders', () => {
  const meta = envelopeMeta('2026-07-28', { name: 'c', version: '1' });

  it('derives version, method and name from the body', () => {
    const body = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', _meta: meta } };
    expect(modernHeaders(body, '2026-07-28')).toEqual({
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'echo',
    });
    const read = { jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: 'file:///ü', _meta: meta } };
    expect(modernHeaders(read, '2026-07-28')['mcp-name']).toMatch(/^=\?base64\?/);
  });

  it('follows the envelope of a deliberately unsupported version', () => {
    const body = { method: 'tools/list', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2099-01-01' } } };
    expect(modernHeaders(body, '2026-07-28')['mcp-protocol-version']).toBe('2099-01-01');
  });

  it('falls back to the connection version for a body it cannot read', () => {
    expect(modernHeaders(undefined, '2026-07-28')).toEqual({ 'mcp-protocol-version': '2026-07-28' });
  });
});
