import type { Connection } from '@mcp-eval/protocol';

import { cachedOutcomeFits } from '../behavior/cached-outcome-fits.js';
import type { BehaviorCheck } from '../behavior/fold-trials.js';
import type { InputSchema } from '../behavior/input-schema.js';
import { outcomeCacheKey } from '../behavior/outcome-cache-key.js';
import { liveTools } from '../behavior/tool-sequence.js';
import { replayedTrial } from '../behavior/trial-labels.js';
import type { TrialOutcome } from '../behavior/trial-outcome.js';
import { gateFromWalk } from '../calls/mutation-gate.js';
import type { ListWalk } from '../catalog/walk-list.js';
import { findBehaviorCheck } from '../checks/behavior/index.js';
import type { CaseSpec } from '../manifest/manifest-types.js';
import type { ModelTool } from '../models/model-port.js';
import type { BehaviorCase } from './behavior-case.js';
import { needsJudge, recordChecks } from './behavior-case.js';
import type { BehaviorColumn, OutcomeStore } from './behavior-column.js';
import type { BehaviorRoles } from './behavior-roles.js';
import { taskLiveTools } from './behavior-task-trial.js';
import { runTrial } from './behavior-trial.js';
import { liveResults } from './live-results.js';

/** What every trial of a run shares: the catalog, the connection, the run's options. */
export interface TrialShared {
  readonly surface: string;
  readonly tools: readonly ModelTool[];
  readonly schemas: ReadonlyMap<string, InputSchema>;
  readonly emptySchema: InputSchema;
  readonly walk: ListWalk;
  readonly connection: Connection;
  readonly signal: AbortSignal;
  readonly options: {
    readonly systemPrompt?: string;
    readonly cache?: OutcomeStore;
    readonly requireModels?: boolean;
    readonly allowMutation?: boolean;
    readonly timeoutMs: number;
    readonly roles?: BehaviorRoles;
  };
}

/** A status and label for every record of a trial that was not asked (preflight, gate). */
function notAsked(checks: readonly BehaviorCheck[], outcome: TrialOutcome): Map<BehaviorCheck, TrialOutcome> {
  return new Map(checks.map((check) => [check, outcome]));
}

/** Outcomes worth replaying: judged ones. Failures of delivery (timeouts, 429, no key, budget) and gate skips are retried next run. */
const cacheable = (o: TrialOutcome): boolean => o.status === 'pass' || o.status === 'fail' || o.label === 'no-correct-selection';

/** Whether the mutation gate refuses one of the case's `live` steps: then nothing is asked. */
function gateRefuses(read: BehaviorCase, shared: TrialShared): boolean {
  if (read.kind === 'no-call') return false;
  const tools = read.kind === 'tool-sequence' ? liveTools(read.expected) : read.kind === 'task-completion' ? taskLiveTools(read) : [];
  const allowMutation = shared.options.allowMutation ?? false;
  return tools.some((tool) => !gateFromWalk({ allowMutation }, shared.walk, [tool], read.readOnly).open);
}

/** Each record's cache key for this trial. */
function trialKeys(
  spec: CaseSpec,
  read: BehaviorCase,
  column: BehaviorColumn,
  trial: number,
  shared: TrialShared,
): Map<BehaviorCheck, string> {
  const { options } = shared;
  // Everything that decides a verdict; `models:` only picks columns, so editing it replays the rest.
  const { models: _columns, ...decisive } = spec.params;
  // A judged case keys on its judge too: another judge (model, parameters, votes) re-judges.
  const judged = needsJudge(read) ? { judge: options.roles?.identity.judge ?? null } : {};
  const caseKey = { id: spec.id, check: spec.check, params: decisive, hostPrompt: options.systemPrompt ?? null, ...judged };
  return new Map(
    recordChecks(read).map((check) => [
      check,
      outcomeCacheKey({ case: { ...caseKey, record: check }, surface: shared.surface, model: column.identity, trial }),
    ]),
  );
}

/** Every record's outcome from the cache, or undefined when one misses. */
function replayed(keys: ReadonlyMap<BehaviorCheck, string>, cache: OutcomeStore | undefined): Map<BehaviorCheck, TrialOutcome> | undefined {
  if (cache === undefined) return undefined;
  const hits = new Map<BehaviorCheck, TrialOutcome>();
  for (const [check, key] of keys) {
    const hit = cache.read(key);
    if (hit !== undefined && cachedOutcomeFits(findBehaviorCheck(check)?.cacheable, hit)) hits.set(check, replayedTrial(hit));
  }
  return hits.size === keys.size ? hits : undefined;
}

/**
 * One trial of one case on one column: `skip` `mutation-not-allowed` when the gate refuses a live
 * step, else from the cache (a full hit sends nothing), else `model-unavailable` on a column with
 * no key, else asked; a trial whose every outcome is a verdict is written back.
 */
export async function cachedTrial(
  spec: CaseSpec,
  read: BehaviorCase,
  column: BehaviorColumn,
  trial: number,
  shared: TrialShared,
): Promise<Map<BehaviorCheck, TrialOutcome>> {
  const { options } = shared;
  const checks = recordChecks(read);
  if (gateRefuses(read, shared)) return notAsked(checks, { status: 'skip', label: 'mutation-not-allowed', measurements: {} });
  const keys = trialKeys(spec, read, column, trial, shared);
  const hits = replayed(keys, options.cache);
  if (hits !== undefined) return hits;
  if (!column.available) {
    const status = options.requireModels === true ? 'error' : 'skip';
    return notAsked(checks, { status, label: 'model-unavailable', measurements: { requests: 0 } });
  }
  const readOnly = read.kind !== 'no-call' && read.readOnly;
  const outcomes = await runTrial(read, column, {
    tools: shared.tools,
    schemas: shared.schemas,
    emptySchema: shared.emptySchema,
    ...(options.systemPrompt === undefined ? {} : { systemPrompt: options.systemPrompt }),
    live: liveResults(shared.connection, shared.walk, options, readOnly, shared.signal),
    ...(options.roles?.judge === undefined ? {} : { judge: options.roles.judge }),
    signal: shared.signal,
  });
  const result = new Map<BehaviorCheck, TrialOutcome>();
  for (const [check, outcome] of outcomes) {
    const unavailable = outcome.label === 'model-unavailable' && options.requireModels === true;
    result.set(check, unavailable ? { ...outcome, status: 'error' } : outcome);
  }
  if (options.cache !== undefined && [...outcomes.values()].every(cacheable)) {
    for (const [check, outcome] of outcomes) {
      const key = keys.get(check);
      if (key !== undefined) options.cache.write(key, outcome);
    }
  }
  return result;
}
