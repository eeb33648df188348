// Apart from the model schema so that the CLI's flag table (`--trials`) reads the bound without
// building the schema: the CLI bundle loads only this file at start (docs/architecture.md).

/** `golden.trials` when neither the manifest nor `--trials` says. */
export const DEFAULT_TRIALS = 5;
/** Most trials per case and column (a trial is at least one request). */
export const MAX_TRIALS = 100;
