import type { FlagDef, FlagInput, FlagValues } from './flag.js';
import { flagSpelling } from './flag.js';

/**
 * Every flag's parser over what cac gave, in the command's flag order (the first bad flag is the
 * one reported); a value that parses to undefined is left out.
 */
export function parseFlagValues<D extends readonly FlagDef[]>(defs: D, options: Readonly<Record<string, unknown>>): FlagValues<D> {
  const values: Record<string, unknown> = {};
  for (const def of defs) {
    const value = def.parse(options[def.key] as FlagInput | undefined, flagSpelling(def.name));
    if (value !== undefined) values[def.key] = value;
  }
  return values as FlagValues<D>;
}
