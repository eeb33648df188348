/**
 * What the manifest says about the judge, which the model layer (`behavior/`) then reads: the vote
 * bounds, the rubric criteria a task-completion case carries, and the verdict field id alphabet.
 * Here, below `behavior/`, because the manifest's schema and loaders need them and `manifest/`
 * never imports `behavior/` (docs/architecture.md, "Inside core").
 */

/** `judge.votes` when the manifest gives none. */
export const DEFAULT_JUDGE_VOTES = 3;
/** The most votes one judgement may send (each is one model request). */
export const MAX_JUDGE_VOTES = 9;

/** A verdict field id: the same alphabet as case and column ids, so it is safe in any output. */
export const VERDICT_FIELD_ID = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/** A rubric criterion: an id (safe to print) and its text (the user's, sent to the judge, never reprinted). */
export interface RubricCriterion {
  readonly id: string;
  readonly criterion: string;
}

/** Where the loaded criteria ride on a task-completion case's params (so they are part of its cache key). */
export const RUBRIC_CRITERIA_KEY = 'rubric_criteria';
