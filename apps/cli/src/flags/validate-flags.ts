import { isSet } from '../parse-flags.js';
import { flag } from './flag.js';

export const VALIDATE_FLAGS = [flag('--require-env', 'Treat an unset ${env:NAME} as an error (default: a warning)', isSet)];
