import { positiveInt } from '../parse-flags.js';
import { flag } from './flag.js';

export const MODELS_FLAGS = [
  flag('--timeout <ms>', "Time limit of each column's probe in milliseconds (default: the column's timeout_ms)", positiveInt),
];
