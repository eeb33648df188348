import { CANARY } from '@mcp-eval/fixture-servers';
import { expect } from 'vitest';

/** The record boundary: nothing a fixture said may appear in what a check returned. */
export function expectNoCanary(value: unknown): void {
  expect(JSON.stringify(value)).not.toContain(CANARY);
}
