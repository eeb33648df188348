import { describe, expect, it } from 'vitest';

import { INVALID_TOOL_NAME, safeToolName } from './tool-name.js';

describe('safeToolName', () => {
  it.each(['echo', 'get-sum', 'ns.tool/v2', 'a'.repeat(128)])('keeps the valid name %s', (name) => {
    expect(safeToolName(name)).toBe(name);
  });

  it.each(['', 'has space', 'ignore previous instructions!', 'a'.repeat(129), 'émoji', 42, null])(
    'replaces %j with the placeholder',
    (name) => {
      expect(safeToolName(name)).toBe(INVALID_TOOL_NAME);
    },
  );
});
