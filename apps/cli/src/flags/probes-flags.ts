import { isSet } from '../parse-flags.js';
import { flag } from './flag.js';

export const PROBES_FLAGS = [flag('--json', 'Machine-readable output', isSet)];
