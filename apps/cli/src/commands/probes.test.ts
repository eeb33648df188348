import { BASELINE_LABELS, checks, conformanceChecks, ENGINE_LABELS, LINT_RULES } from '@mcp-eval/core';
import { describe, expect, it } from 'vitest';

import type { CheckCatalog } from '../check-docs/describe-checks.js';
import { runCli } from '../test-support/run-cli.js';

describe('mcp-eval probes', () => {
  it('--json lists every check of every family with its parameters and every label', async () => {
    const result = await runCli(['probes', '--json']);
    expect(result.code).toBe(0);
    const catalog = JSON.parse(result.stdout) as CheckCatalog;
    const registered = [...checks, ...conformanceChecks, ...LINT_RULES];
    expect(catalog.checks.map((c) => c.id)).toEqual(registered.map((c) => c.id));
    for (const entry of registered) {
      const doc = catalog.checks.find((c) => c.id === entry.id);
      expect(
        doc?.labels.map((l) => l.label),
        entry.id,
      ).toEqual(Object.keys(entry.labels));
      for (const label of doc?.labels ?? []) expect(label.meaning.length, `${entry.id} ${label.label}`).toBeGreaterThan(0);
    }
    expect(catalog.engineLabels.map((l) => l.label)).toEqual(Object.keys(ENGINE_LABELS));
    expect(catalog.baselineLabels.map((l) => l.label)).toEqual(Object.keys(BASELINE_LABELS));
    expect(catalog.caseKeys.map((k) => k.name)).toContain('budget.catalog_bytes');
  });

  it('describes parameters from the schemas: required, type, default, description', async () => {
    const catalog = JSON.parse((await runCli(['probes', 'latency-budget', '--json'])).stdout) as CheckCatalog;
    expect(catalog.checks).toHaveLength(1);
    const params = Object.fromEntries((catalog.checks[0]?.parameters ?? []).map((p) => [p.name, p]));
    expect(params['tool']).toMatchObject({ required: true, type: 'string', accepts: 'a non-empty string' });
    expect(params['max_attempts']).toMatchObject({ required: false, type: 'integer', default: 5 });
    expect(params['max_latency_ms']?.description).toMatch(/milliseconds/);
    expect(Object.keys(params)).toEqual(['tool', 'arguments', 'max_latency_ms', 'max_attempts', 'read_only']);
  });

  it('lists nested keys of object parameters (state-recovery steps)', async () => {
    const catalog = JSON.parse((await runCli(['probes', 'state-recovery', '--json'])).stdout) as CheckCatalog;
    const names = catalog.checks[0]?.parameters.map((p) => p.name) ?? [];
    expect(names).toEqual(
      expect.arrayContaining(['failure', 'failure.tool', 'failure.arguments', 'failure.mutating', 'recovery.mutating']),
    );
  });

  it('reads as text: sections by kind, parameters and labels per check', async () => {
    const result = await runCli(['probes']);
    expect(result.code).toBe(0);
    for (const heading of [
      '== Headline dimensions',
      '== Probes',
      '== Conformance checks',
      '== Lint rules',
      '== Keys every manifest case takes',
      '== Labels any case can get from the engine',
      '== Labels `run --baseline`',
    ]) {
      expect(result.stdout).toContain(heading);
    }
    expect(result.stdout).toMatch(/^discovery-cost \(dimension\): Discovery cost$/m);
    expect(result.stdout).toMatch(/^ {4}max_tools +required +a non-negative integer +Most tools/m);
    expect(result.stdout).toMatch(/^ {4}mutation-not-allowed +Skipped before any call: the tool is not annotated/m);
    expect(result.stdout).toMatch(/^security-prompt-injection \(lint, security, critical\): /m);
  });

  it('an unknown check: exit 2', async () => {
    const result = await runCli(['probes', 'no-such-check']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/no check is named `no-such-check`/);
  });
});
