import { BASELINE_LABELS, behaviorChecks, checks, conformanceChecks, DRIFT_CHECK_INFO, ENGINE_LABELS, LINT_RULES } from '@mcp-eval/core';
import { describe, expect, it } from 'vitest';

import type { CheckCatalog } from '../check-docs/describe-checks.js';
import { knownChecks } from '../check-registry.js';
import { runCli } from '../test-support/run-cli.js';

describe('mcp-eval probes', () => {
  it('--json lists every check of every family with its parameters and every label', async () => {
    const result = await runCli(['probes', '--json']);
    expect(result.code).toBe(0);
    const catalog = JSON.parse(result.stdout) as CheckCatalog;
    const registered = [...checks, ...conformanceChecks, ...LINT_RULES, ...behaviorChecks];
    expect(catalog.checks.map((c) => c.id)).toEqual(registered.map((c) => c.id));
    // Every family the CLI knows (SARIF's rules) is listed; drift is a baseline comparison, no check to configure.
    expect([...knownChecks().keys()].filter((id) => id !== DRIFT_CHECK_INFO.id).sort()).toEqual(catalog.checks.map((c) => c.id).sort());
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

  it('lists the model checks with their case keys and labels: `probes task-completion` describes it', async () => {
    const result = await runCli(['probes', 'task-completion', '--json']);
    expect(result.code).toBe(0);
    const [doc, ...rest] = (JSON.parse(result.stdout) as CheckCatalog).checks;
    expect(rest).toEqual([]);
    expect(doc).toMatchObject({ id: 'task-completion', kind: 'behavior', title: 'Task completion' });
    const params = Object.fromEntries((doc?.parameters ?? []).map((p) => [p.name, p]));
    expect(Object.keys(params)).toEqual(['task', 'rubric', 'results', 'max_steps', 'read_only', 'models']);
    expect(params['rubric']).toMatchObject({ required: true, type: 'string' });
    expect(params['max_steps']).toMatchObject({ required: false, type: 'integer', default: 8 });
    expect(doc?.labels.map((l) => l.label)).toEqual(expect.arrayContaining(['rubric-met', 'rubric-partial', 'rubric-not-met']));
    // A catalog-only check, and one no case names (tool-selection and tool-sequence cases produce it).
    for (const id of ['description-clarity', 'argument-correctness']) {
      const one = JSON.parse((await runCli(['probes', id, '--json'])).stdout) as CheckCatalog;
      expect(one.checks.map((c) => [c.id, c.kind])).toEqual([[id, 'behavior']]);
    }
    const text = await runCli(['probes', 'task-completion']);
    expect(text.stdout).toMatch(/^== Model checks/m);
    expect(text.stdout).toMatch(/^task-completion \(behavior, high\): Task completion$/m);
    expect(text.stdout).toMatch(/^ {4}rubric +required +/m);
    expect(text.stdout).toMatch(/^ {4}rubric-met +/m);
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
      '== Model checks',
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
