import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TrialOutcome } from '@mcp-eval/core';
import { CANARY } from '@mcp-eval/fixture-servers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOutcomeCache, OUTCOME_CACHE_MAX_ENTRY_BYTES } from './outcome-cache.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-eval-cache-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const key = (n: number) => n.toString(16).padStart(64, '0');
const outcome: TrialOutcome = { status: 'pass', label: 'selected-expected', measurements: { requests: 1, inputTokens: 42, latencyMs: 7 } };
const plant = (n: number, content: string) => {
  mkdirSync(join(dir, 'model'), { recursive: true });
  writeFileSync(join(dir, 'model', `${key(n)}.json`), content);
};

describe('createOutcomeCache', () => {
  it('writes and reads back an outcome; misses on an absent or malformed key', () => {
    const cache = createOutcomeCache(dir);
    expect(cache.read(key(1))).toBeUndefined();
    expect(cache.write(key(1), outcome)).toBe(true);
    expect(cache.read(key(1))).toEqual(outcome);
    expect(cache.read('../../etc/passwd')).toBeUndefined();
    expect(cache.write('../escape', outcome)).toBe(false);
    expect(readdirSync(join(dir, 'model'))).toEqual([`${key(1)}.json`]);
  });

  it('ignores hostile entries: corrupt, oversized, extra text, unknown labels, non-numbers, links', () => {
    plant(2, '{"status":"pass",');
    plant(
      3,
      JSON.stringify({ ...outcome, measurements: { pad: 1 }, label: 'selected-expected' }).padEnd(OUTCOME_CACHE_MAX_ENTRY_BYTES + 10, ' '),
    );
    plant(4, JSON.stringify({ ...outcome, note: CANARY }));
    plant(5, JSON.stringify({ ...outcome, label: CANARY }));
    plant(6, JSON.stringify({ ...outcome, measurements: { requests: CANARY } }));
    plant(7, JSON.stringify({ ...outcome, status: 'pass-ish' }));
    plant(8, 'null');
    symlinkSync(join(dir, 'model', `${key(4)}.json`), join(dir, 'model', `${key(9)}.json`));
    mkdirSync(join(dir, 'model', `${key(10)}.json`));
    const cache = createOutcomeCache(dir);
    for (let n = 2; n <= 10; n += 1) expect(cache.read(key(n))).toBeUndefined();
  });

  it('refuses to write anything but an outcome, so no text can ride along', () => {
    const cache = createOutcomeCache(dir);
    expect(cache.write(key(11), { ...outcome, label: CANARY })).toBe(false);
    expect(cache.write(key(12), { ...outcome, text: CANARY } as TrialOutcome)).toBe(false);
    expect(cache.read(key(11))).toBeUndefined();
  });
});
