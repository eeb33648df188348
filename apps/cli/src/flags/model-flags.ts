import { MAX_TRIALS } from '@mcp-eval/core';

import { DEFAULT_CACHE_DIR } from '../models/model-flags.js';
import { given, isSet, negatable } from '../parse-flags.js';
import { flag } from './flag.js';

/** `run`'s model-layer flags, read (and parsed) by `modelRunOptions`; docs/cli.md lists each. */
export const MODEL_FLAGS = [
  flag('--trials <n>', `Trials per behavior case and model column (overrides golden.trials; default 5, at most ${MAX_TRIALS})`, given),
  flag('--no-cache', 'Send every model trial; neither read nor write the outcome cache', negatable),
  flag('--cache-dir <dir>', `Where model outcomes are cached (default ${DEFAULT_CACHE_DIR})`, given),
  flag('--require-models', 'A model column with no key (and nothing cached) is an error, not a skip', isSet),
];
