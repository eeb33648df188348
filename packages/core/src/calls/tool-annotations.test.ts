import { describe, expect, it } from 'vitest';

import { ANNOTATION_DEFAULTS, effectiveAnnotations, isOpenWorld, isReadOnly, isRepeatableRead } from './tool-annotations.js';

describe('effectiveAnnotations: the MCP spec defaults', () => {
  it('reads a tool with no annotations as writing, destructive, not idempotent and open-world', () => {
    expect(ANNOTATION_DEFAULTS).toEqual({ readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true });
    for (const tool of [{ name: 't' }, { name: 't', annotations: {} }, { name: 't', annotations: null }, 'junk', undefined]) {
      expect(effectiveAnnotations(tool)).toEqual(ANNOTATION_DEFAULTS);
    }
  });

  it('takes only literal booleans the server sets, each hint on its own', () => {
    const tool = { annotations: { readOnlyHint: true, destructiveHint: 'false', idempotentHint: true, openWorldHint: 0 } };
    expect(effectiveAnnotations(tool)).toEqual({ readOnlyHint: true, destructiveHint: true, idempotentHint: true, openWorldHint: true });
  });

  it('never reads an inherited field', () => {
    const annotations = Object.create({ readOnlyHint: true, openWorldHint: false }) as object;
    expect(effectiveAnnotations({ annotations })).toEqual(ANNOTATION_DEFAULTS);
  });
});

describe('the predicates', () => {
  const tool = (annotations: object) => ({ name: 't', annotations });

  it('a read-only tool without openWorldHint is open-world, so no automatic caller may repeat it', () => {
    const t = tool({ readOnlyHint: true });
    expect([isReadOnly(t), isOpenWorld(t), isRepeatableRead(t)]).toEqual([true, true, false]);
  });

  it('only readOnlyHint: true with openWorldHint: false is a repeatable read', () => {
    expect(isRepeatableRead(tool({ readOnlyHint: true, openWorldHint: false }))).toBe(true);
    expect(isRepeatableRead(tool({ readOnlyHint: true, openWorldHint: true }))).toBe(false);
    expect(isRepeatableRead(tool({ readOnlyHint: false, openWorldHint: false }))).toBe(false);
    expect(isRepeatableRead(tool({ openWorldHint: false }))).toBe(false);
  });
});
