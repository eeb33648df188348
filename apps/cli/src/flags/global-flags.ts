import { isSet } from '../parse-flags.js';
import { flag } from './flag.js';

/** The flags every command takes. */
export const GLOBAL_FLAGS = [
  flag('--debug', 'On an internal error, also print its stack trace to stderr (it may quote server or user data)', isSet),
];
