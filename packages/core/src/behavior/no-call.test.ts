import { describe, expect, it } from 'vitest';
import { classifyNoCall } from './no-call.js';
import { call, text, turn, unknown } from './test-support/turns.js';

describe('classifyNoCall', () => {
  it('passes an answer with no call and fails any call', () => {
    expect(classifyNoCall([text(false)])).toEqual({ label: 'no-call', pass: true });
    expect(classifyNoCall([text(true)])).toEqual({ label: 'no-call', pass: true });
    expect(classifyNoCall([turn(call('get_item'))])).toEqual({ label: 'over-triggered', pass: false });
    expect(classifyNoCall([turn(unknown())])).toEqual({ label: 'over-triggered', pass: false });
  });
});
