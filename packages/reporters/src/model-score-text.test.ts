import type { ModelColumn, RunReport } from '@mcp-eval/core';
import { describe, expect, it } from 'vitest';

import { html } from './html/html.js';
import { json } from './json.js';
import { junit } from './junit.js';
import { modelScoreText } from './model-score-text.js';
import { pretty } from './pretty.js';
import { sarif } from './sarif.js';
import { yaml } from './yaml.js';

const column = (id: string, extra: Partial<ModelColumn>): ModelColumn => ({
  id,
  provider: 'lexical',
  requests: 0,
  inputTokens: 0,
  outputTokens: 0,
  cachedTrials: 0,
  ...extra,
});

const report: RunReport = {
  reportVersion: 1,
  tool: { name: 'mcp-eval', version: '0.0.0' },
  command: 'run',
  target: { transport: 'stdio' },
  startedAt: '2026-12-01T00:00:00.000Z',
  durationMs: 1,
  summary: { cases: 1, pass: 1, fail: 0, skip: 0, error: 0 },
  cases: [
    {
      id: 'grows',
      kind: 'behavior',
      check: 'catalog-scaling',
      status: 'pass',
      label: 'holds',
      measurements: { accuracyAt1x: 1 },
      runs: 1,
      passes: 1,
      passRate: 1,
      durationMs: 1,
      model: 'lexical',
    },
  ],
  checks: [{ id: 'catalog-scaling', kind: 'behavior', title: 'Catalog scaling', summary: 'Accuracy as the catalog grows.' }],
  models: [
    column('lexical', { score: 87.5 }),
    column('gated', { score: 62, scoreGate: { threshold: 80, passed: false } }),
    column('none', {}),
  ],
};

describe('the model score in every reporter', () => {
  it('reads advisory without a gate and says the gate when there is one', () => {
    expect(modelScoreText(column('a', { score: 87.5 }))).toBe('score 87.5 (advisory)');
    expect(modelScoreText(column('a', { score: 62, scoreGate: { threshold: 80, passed: false } }))).toBe('score 62 (gate 80: failed)');
    expect(modelScoreText(column('a', {}))).toBeUndefined();
  });

  it.each([
    ['pretty', pretty.format(report, { color: false })],
    ['junit', junit.format(report)],
    ['html', html.format(report)],
  ])('%s shows each column score and its gate', (_name, text) => {
    expect(text).toContain('score 87.5 (advisory)');
    expect(text).toContain('score 62 (gate 80: failed)');
  });

  it.each([
    ['json', JSON.parse(json.format(report)) as { models: unknown }],
    ['sarif', (JSON.parse(sarif.format(report)) as { runs: { properties: { models: unknown } }[] }).runs[0]?.properties],
  ])('%s carries score and scoreGate in the models entries', (_name, parsed) => {
    expect(JSON.stringify(parsed)).toContain('"score":87.5');
    expect(JSON.stringify(parsed)).toContain('"scoreGate":{"threshold":80,"passed":false}');
  });

  it('yaml carries them too', () => {
    expect(yaml.format(report)).toMatch(/score: 62\n\s+scoreGate:\n\s+threshold: 80\n\s+passed: false/);
  });
});
