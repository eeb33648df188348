import { describe, expect, it } from 'vitest';
import { foldTrials, median } from './fold-trials.js';
import type { TrialOutcome } from './trial-outcome.js';
import { NO_CORRECT_SELECTION } from './trial-outcome.js';

const spent = { requests: 1, inputTokens: 40, outputTokens: 5, latencyMs: 10, temperatureApplied: 1 };
const pass = (label = 'selected-expected', extra = {}): TrialOutcome => ({ status: 'pass', label, measurements: { ...spent, ...extra } });
const fail = (label: string, extra = {}): TrialOutcome => ({ status: 'fail', label, measurements: { ...spent, ...extra } });

describe('foldTrials', () => {
  it('passes 5/5 on a hard gate with Wilson bounds and summed spend', () => {
    const record = foldTrials('tool-selection', [pass(), pass(), pass(), pass(), pass('selected-prerequisite', { latencyMs: 30 })], 'hard');
    expect(record).toMatchObject({ status: 'pass', label: 'selected-prerequisite', runs: 5, passes: 5, passRate: 1 });
    expect(record.measurements).toMatchObject({
      trials: 5,
      passes: 5,
      selectionRate: 1,
      requests: 5,
      inputTokens: 200,
      outputTokens: 25,
      latencyP50Ms: 10,
      flaky: 0,
      cachedTrials: 0,
    });
    expect(record.measurements.wilsonLow).toBeCloseTo(0.5655, 4);
    expect(record.measurements.wilsonHigh).toBe(1);
  });

  it('fails 4/5 hard with the first failing label, passes it soft with the last pass, and reports it flaky', () => {
    const trials = [pass(), fail('selected-other'), pass(), fail('no-call'), pass('selected-prerequisite'), pass()];
    const four = trials.slice(0, 3).concat(trials.slice(4));
    expect(four).toHaveLength(5);
    const hard = foldTrials('tool-selection', four, 'hard');
    expect(hard).toMatchObject({ status: 'fail', label: 'selected-other', passes: 4, runs: 5 });
    expect(hard.measurements.flaky).toBe(1);
    expect(hard.measurements.wilsonLow).toBeCloseTo(0.3755, 4);
    expect(hard.measurements.wilsonHigh).toBeCloseTo(0.9638, 4);
    expect(foldTrials('tool-selection', four, 'soft')).toMatchObject({ status: 'pass', label: 'selected-expected' });
    // 3/5 is below the soft gate's 80%.
    expect(foldTrials('tool-selection', trials.slice(0, 5), 'soft')).toMatchObject({ status: 'fail', label: 'selected-other' });
  });

  it('reports an error trial by its label and numbers when nothing failed', () => {
    const timeout: TrialOutcome = { status: 'error', label: 'rate-limited', measurements: { ...spent, retryAfterMs: 200 } };
    const record = foldTrials('no-call', [pass('no-call'), timeout], 'hard');
    expect(record).toMatchObject({ status: 'error', label: 'rate-limited' });
    expect(record.measurements.retryAfterMs).toBe(200);
    expect(foldTrials('no-call', [pass('no-call'), fail('over-triggered')], 'soft').measurements.falseTriggerRate).toBe(0.5);
  });

  it('counts argument-correctness over correct selections only, without spend', () => {
    const args = [NO_CORRECT_SELECTION, pass('args-match', {}), fail('missing-required'), NO_CORRECT_SELECTION];
    const record = foldTrials('argument-correctness', args, 'hard');
    expect(record).toMatchObject({ status: 'fail', label: 'missing-required', runs: 2, passes: 1 });
    expect(record.measurements).toMatchObject({ argTrials: 2, argPasses: 1, trials: 2 });
    expect(record.measurements.requests).toBeUndefined();
    expect(foldTrials('argument-correctness', [NO_CORRECT_SELECTION, NO_CORRECT_SELECTION], 'hard')).toMatchObject({
      status: 'skip',
      label: 'no-correct-selection',
      runs: 0,
    });
  });

  it('skips when every trial skipped, counts cached trials, keeps sequence numbers and temperatureApplied', () => {
    const unavailable: TrialOutcome = { status: 'skip', label: 'model-unavailable', measurements: { requests: 0 } };
    expect(foldTrials('tool-selection', [unavailable, unavailable], 'hard')).toMatchObject({
      status: 'skip',
      label: 'model-unavailable',
      runs: 0,
    });
    const seq = fail('sequence-order', { firstErrorPosition: 1, expectedSteps: 2, stepsTaken: 2, temperatureApplied: 0, cached: 1 });
    const record = foldTrials('tool-sequence', [seq, pass('sequence-match', { cached: 1 })], 'hard');
    expect(record.measurements).toMatchObject({
      firstErrorPosition: 1,
      expectedSteps: 2,
      stepsTaken: 2,
      temperatureApplied: 0,
      cachedTrials: 2,
    });
    expect(record.measurements.cached).toBeUndefined();
  });

  it('sums judge spend over the trials that sent it, as it sums requests', () => {
    const judged = { judgeRequests: 3, judgeInputTokens: 150, judgeOutputTokens: 15 };
    const five = Array.from({ length: 5 }, () => pass('rubric-met', judged));
    const record = foldTrials('task-completion', five, 'hard');
    expect(record.measurements).toMatchObject({ requests: 5, judgeRequests: 15, judgeInputTokens: 750, judgeOutputTokens: 75 });
    // A semantic judgement sits on argument-correctness, which carries no column spend.
    const semantic = foldTrials('argument-correctness', [pass('args-match', judged), fail('value-mismatch', judged)], 'hard');
    expect(semantic.measurements).toMatchObject({ judgeRequests: 6, judgeInputTokens: 300, judgeOutputTokens: 30 });
    expect(semantic.measurements.requests).toBeUndefined();
    // Without a judge there is no judge spend to report.
    expect(foldTrials('tool-selection', [pass()], 'hard').measurements.judgeRequests).toBeUndefined();
  });

  it('reports no judge spend for replayed trials: a full cache hit sent nothing', () => {
    // A replayed outcome keeps the numbers it was stored with; only `cached: 1` says nothing was sent.
    const replayed = pass('rubric-met', {
      requests: 0,
      inputTokens: 0,
      outputTokens: 0,
      judgeRequests: 3,
      judgeInputTokens: 150,
      judgeOutputTokens: 15,
      cached: 1,
    });
    const record = foldTrials('task-completion', [replayed, replayed, replayed], 'hard');
    expect(record.measurements).toMatchObject({
      cachedTrials: 3,
      requests: 0,
      judgeRequests: 0,
      judgeInputTokens: 0,
      judgeOutputTokens: 0,
    });
    const sent = pass('rubric-met', { judgeRequests: 3, judgeInputTokens: 150, judgeOutputTokens: 15 });
    expect(foldTrials('task-completion', [replayed, sent], 'hard').measurements).toMatchObject({ cachedTrials: 1, judgeRequests: 3 });
  });

  it('takes the lower middle as the median', () => {
    expect(median([30, 10, 20])).toBe(20);
    expect(median([40, 10, 30, 20])).toBe(20);
    expect(median([])).toBe(0);
  });
});
