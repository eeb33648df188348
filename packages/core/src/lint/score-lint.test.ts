import { describe, expect, it } from 'vitest';

import type { RuleTally } from './score-lint.js';
import { DEFAULT_LINT_THRESHOLD, lintGate, scoreLint } from './score-lint.js';

const tally = (layer: RuleTally['layer'], severity: RuleTally['severity'], evaluated: number, failed: number): RuleTally => ({
  layer,
  severity,
  evaluated,
  failed,
});

describe('scoreLint', () => {
  it('weighs each failed (rule, tool) unit by its rule severity', () => {
    // protocol: critical 5×10 + low 1×10 = 60 weight; failed 5×2 + 1×4 = 14 → 100 × (1 − 14/60).
    const scores = scoreLint([tally('protocol', 'critical', 10, 2), tally('protocol', 'low', 10, 4)], ['protocol']);
    expect(scores.protocol).toBe(76.67);
    expect(scores.overall).toBe(76.67);
    expect(scores.quality).toBeUndefined();
  });

  it('uses the severity weights 5, 3, 2, 1 and 0.5', () => {
    const one = (severity: RuleTally['severity']): RuleTally[] => [tally('quality', severity, 1, 1), tally('quality', 'info', 1, 0)];
    expect(scoreLint(one('critical'), ['quality']).quality).toBe(9.09); // 1 − 5/5.5
    expect(scoreLint(one('high'), ['quality']).quality).toBe(14.29); // 1 − 3/3.5
    expect(scoreLint(one('medium'), ['quality']).quality).toBe(20); // 1 − 2/2.5
    expect(scoreLint(one('low'), ['quality']).quality).toBe(33.33); // 1 − 1/1.5
    expect(scoreLint(one('info'), ['quality']).quality).toBe(50);
  });

  it('averages the layers that ran with weights 0.15, 0.10, 0.10', () => {
    const tallies = [tally('protocol', 'high', 10, 0), tally('quality', 'high', 10, 10), tally('security', 'high', 10, 5)];
    const scores = scoreLint(tallies);
    expect(scores).toEqual({ protocol: 100, quality: 0, security: 50, overall: 57.14 }); // (0.15×100 + 0.10×0 + 0.10×50) / 0.35
    expect(scoreLint(tallies, ['quality', 'security']).overall).toBe(25);
  });

  it('scores a layer with nothing to judge (an empty catalog) 100', () => {
    expect(scoreLint([])).toEqual({ protocol: 100, quality: 100, security: 100, overall: 100 });
  });
});

describe('lintGate', () => {
  it('passes at exactly the threshold and fails just under it', () => {
    const at70 = scoreLint([tally('protocol', 'low', 10_000, 3_000)], ['protocol']).overall;
    const at6999 = scoreLint([tally('protocol', 'low', 10_000, 3_001)], ['protocol']).overall;
    expect(at70).toBe(70);
    expect(at6999).toBe(69.99);
    expect(lintGate(at70, 0)).toEqual({ passed: true, threshold: DEFAULT_LINT_THRESHOLD, failures: [] });
    expect(lintGate(at6999, 0)).toEqual({ passed: false, threshold: 70, failures: ['score-below-threshold'] });
  });

  it('passes at exactly 70 when every layer scores 70', () => {
    const tallies = (['protocol', 'quality', 'security'] as const).map((layer) => tally(layer, 'medium', 10, 3));
    expect(scoreLint(tallies).overall).toBe(70);
    expect(lintGate(scoreLint(tallies).overall, 0).passed).toBe(true);
  });

  it('fails a perfect score with a single critical finding', () => {
    expect(lintGate(100, 1)).toEqual({ passed: false, threshold: 70, failures: ['critical-finding'] });
    expect(lintGate(50, 2).failures).toEqual(['score-below-threshold', 'critical-finding']);
  });

  it('takes a configured threshold, from 0 to 100', () => {
    expect(lintGate(85, 0, 90).passed).toBe(false);
    expect(lintGate(90, 0, 90).passed).toBe(true);
    expect(lintGate(0, 0, 0).passed).toBe(true);
    expect(() => lintGate(90, 0, 101)).toThrow(RangeError);
    expect(() => lintGate(90, 0, Number.NaN)).toThrow(RangeError);
  });
});
