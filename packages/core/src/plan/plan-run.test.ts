import { describe, expect, it } from 'vitest';

import { checks } from '../checks/index.js';
import type { Manifest } from '../manifest/manifest-types.js';
import { parseManifest } from '../manifest/parse-manifest.js';
import type { RunPlan } from './plan-run.js';
import { planRun, runOptionsProblem } from './plan-run.js';
import { shardOf } from './shard-of.js';
import { assignedOf, manifestUnits, unitsOfShard } from './shard-plan.js';

const ids = Array.from({ length: 12 }, (_, i) => `case-${i}`);

function manifest(extra = ''): Manifest {
  const cases = ids.map((id) => `  - id: ${id}\n    dimension: discovery-cost\n    max_tools: 40\n    max_schema_bytes: 65536\n`).join('');
  const text = `version: 1\nserver:\n  stdio: { command: node, args: [server.js] }\n  timeout_ms: 7000\nrepeat: 3\n${extra}cases:\n${cases}`;
  const result = parseManifest(text, 'm.yaml', checks);
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('\n'));
  return result.manifest;
}

function plan(...args: Parameters<typeof planRun>): RunPlan {
  const planned = planRun(...args);
  if ('problem' in planned) throw new Error(planned.problem);
  return planned;
}

describe('runOptionsProblem', () => {
  it('refuses options that do not go together, and only those', () => {
    expect(runOptionsProblem({})).toBeUndefined();
    expect(runOptionsProblem({ baseline: true, maxDrop: 0.1, baselineAnyTarget: true })).toBeUndefined();
    expect(runOptionsProblem({ maxDrop: 0.1 })).toBe('--max-drop applies only with --baseline <previous run.json>');
    expect(runOptionsProblem({ baselineAnyTarget: true })).toBe('--baseline-any-target applies only with --baseline <previous run.json>');
    expect(runOptionsProblem({ shard: { index: 1, count: 2 }, only: ['case-1'] })).toMatch(/cannot be combined with --only/);
    expect(runOptionsProblem({ shard: { index: 1, count: 2 }, baseline: true })).toMatch(/mcp-eval merge <shard reports> --baseline/);
  });
});

describe('planRun', () => {
  it('runs every case with the manifest’s repeat and time limit when nothing is asked', () => {
    const planned = plan(manifest(), {});
    expect(planned.cases.map((c) => c.id)).toEqual(ids);
    expect(planned).toMatchObject({ repeat: 3, timeoutMs: 7000, allowMutation: false, snapshotCatalog: 'if-read', steps: ['reviewed'] });
    expect(planned.shard).toBeUndefined();
    expect(plan(manifest(), { repeat: 5, timeoutMs: 100 })).toMatchObject({ repeat: 5, timeoutMs: 100 });
  });

  it('chooses the cases --only names, and refuses an id the manifest does not have', () => {
    expect(plan(manifest(), { only: ['case-3', 'case-1'] }).cases.map((c) => c.id)).toEqual(['case-1', 'case-3']);
    expect(planRun(manifest(), { only: ['case-1', 'nope'] })).toEqual({ problem: '--only names no case in the manifest: nope' });
  });

  it('gives each shard the cases whose id hashes to it, every case in exactly one, with its assignment', () => {
    const m = manifest();
    const shards = [1, 2, 3].map((index) => plan(m, { shard: { index, count: 3 } }));
    expect(shards.flatMap((s) => s.cases.map((c) => c.id)).sort()).toEqual([...ids].sort());
    for (const [i, s] of shards.entries()) {
      for (const c of s.cases) expect(shardOf(c.id, 3)).toBe(i + 1);
      expect(s.shard).toEqual({ index: i + 1, count: 3, assigned: assignedOf(unitsOfShard(manifestUnits(m), { index: i + 1, count: 3 })) });
      expect(s.snapshotCatalog).toBe('always');
    }
  });

  it('allows mutation only with a sandbox declared and the caller’s consent', () => {
    expect(plan(manifest(), { allowMutation: true }).allowMutation).toBe(false);
    const sandboxed = manifest('sandbox: { name: scratch }\n');
    expect(plan(sandboxed, {}).allowMutation).toBe(false);
    expect(plan(sandboxed, { allowMutation: true }).allowMutation).toBe(true);
  });

  it('judges against a run baseline by every step, against a snapshot by drift only, keeping the catalog for it', () => {
    expect(plan(manifest(), { baseline: true }, { command: 'run' })).toMatchObject({
      steps: ['baseline', 'model-baseline', 'drift', 'reviewed'],
      snapshotCatalog: 'always',
    });
    expect(plan(manifest(), { baseline: true }, { command: 'snapshot' }).steps).toEqual(['drift', 'reviewed']);
  });
});
