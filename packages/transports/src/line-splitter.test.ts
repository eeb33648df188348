import { describe, expect, it } from 'vitest';

import { LineSplitter, sampleId } from './line-splitter.js';

function collect(max: number): { splitter: LineSplitter; events: string[] } {
  const events: string[] = [];
  const splitter = new LineSplitter(max, {
    line: (text, bytes) => events.push(`line:${text}:${String(bytes)}`),
    overflowStarted: (bytes) => events.push(`overflow:${String(bytes)}`),
    oversizedLine: (bytes, head, tail) => events.push(`oversized:${String(bytes)}:${head.slice(0, 3)}:${tail.slice(-3)}`),
  });
  return { splitter, events };
}

describe('LineSplitter', () => {
  it('frames by newline across chunks, keeping CR and empty lines', () => {
    const { splitter, events } = collect(100);
    splitter.push(Buffer.from('ab'));
    splitter.push(Buffer.from('c\r\n\nde'));
    splitter.end();
    expect(events).toEqual(['line:abc\r:4', 'line::0', 'line:de:2']);
  });

  it('counts bytes, not characters', () => {
    const { splitter, events } = collect(100);
    splitter.push(Buffer.from('é\n'));
    expect(events).toEqual(['line:é:2']);
  });

  it('reports an over-cap line once, keeps samples, and resumes framing after it', () => {
    const { splitter, events } = collect(10);
    splitter.push(Buffer.from('abcdefgh'));
    splitter.push(Buffer.from('ijklmn'));
    splitter.push(Buffer.from('opq\nok\n'));
    expect(events).toEqual(['overflow:14', 'oversized:17:abc:opq', 'line:ok:2']);
  });

  it('does not split a multi-byte character across decoded lines', () => {
    const { splitter, events } = collect(100);
    const bytes = Buffer.from('ü\n');
    splitter.push(bytes.subarray(0, 1));
    splitter.push(bytes.subarray(1));
    expect(events).toEqual(['line:ü:2']);
  });
});

describe('sampleId', () => {
  it('finds a leading or trailing id', () => {
    expect(sampleId('{"jsonrpc":"2.0","id":7,"result":{"x":"', '')).toBe(7);
    expect(sampleId('{"result":{"text":"xx', 'xx"}]},"jsonrpc":"2.0","id":"a-1"}')).toBe('a-1');
    expect(sampleId('{"result":{"items":[{"id":3', 'zzz')).toBeUndefined();
  });
});
