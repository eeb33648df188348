import type { Generator } from '../behavior/generator.js';
import { createGenerator } from '../behavior/generator.js';
import type { Judge } from '../behavior/judge.js';
import { createJudge, DEFAULT_JUDGE_VOTES } from '../behavior/judge.js';
import type { CachedModelIdentity } from '../behavior/outcome-cache-key.js';
import type { RoleLedger } from '../behavior/role-ledger.js';
import { createRoleLedger } from '../behavior/role-ledger.js';
import type { BehaviorColumn } from './behavior-column.js';

/** The manifest's `judge:` and `generator:` as the engine needs them: a column id each (validated to name a `models:` column that is not lexical). */
export interface RoleSpecs {
  readonly judge?: { readonly model: string; readonly votes: number };
  readonly generator?: { readonly model: string };
}

/**
 * The judge and generator of a run, built on the columns they name (so they share that column's
 * port: its concurrency limit and the run budget), and the ledger both write their spend to.
 * `identity` goes into the cache key of every judged or generated outcome: another judge (model,
 * parameters or votes) must re-judge, a rerun with the same one replays.
 */
export interface BehaviorRoles {
  readonly judge?: Judge;
  readonly generator?: Generator;
  readonly ledger: RoleLedger;
  readonly identity: {
    readonly judge?: CachedModelIdentity & { readonly votes: number };
    readonly generator?: CachedModelIdentity;
  };
  /** False when the role's column has no key: nothing may be sent, its outcomes only replay. */
  readonly judgeAvailable: boolean;
  readonly generatorAvailable: boolean;
}

export function createBehaviorRoles(
  specs: RoleSpecs,
  columns: readonly BehaviorColumn[],
  ledger: RoleLedger = createRoleLedger(),
): BehaviorRoles {
  const find = (id: string | undefined): BehaviorColumn | undefined => (id === undefined ? undefined : columns.find((c) => c.id === id));
  const judgeColumn = find(specs.judge?.model);
  const generatorColumn = find(specs.generator?.model);
  const votes = specs.judge?.votes ?? DEFAULT_JUDGE_VOTES;
  return {
    ...(judgeColumn === undefined
      ? {}
      : { judge: createJudge({ column: judgeColumn.id, port: judgeColumn.port, params: judgeColumn.params, votes, ledger }) }),
    ...(generatorColumn === undefined
      ? {}
      : { generator: createGenerator({ column: generatorColumn.id, port: generatorColumn.port, params: generatorColumn.params, ledger }) }),
    ledger,
    identity: {
      ...(judgeColumn === undefined ? {} : { judge: { ...judgeColumn.identity, votes } }),
      ...(generatorColumn === undefined ? {} : { generator: generatorColumn.identity }),
    },
    judgeAvailable: judgeColumn?.available ?? false,
    generatorAvailable: generatorColumn?.available ?? false,
  };
}

/** The column id each role plays on (for the self-judging warning). */
export function roleColumns(roles: BehaviorRoles): { readonly judge?: string; readonly generator?: string } {
  return {
    ...(roles.judge === undefined ? {} : { judge: roles.judge.column }),
    ...(roles.generator === undefined ? {} : { generator: roles.generator.column }),
  };
}
