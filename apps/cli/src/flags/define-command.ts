import type { Io } from '../io.js';
import type { FlagDef, FlagValues } from './flag.js';
import { parseFlagValues } from './flag-values.js';

/** A command as `main` registers it: its flags are data, its body loads only when it runs. */
export interface CommandEntry {
  /** cac's spelling: `run [manifest]`. */
  readonly usage: string;
  readonly description: string;
  readonly flags: readonly FlagDef[];
  readonly examples: readonly string[];
  /** Parses the flags (a bad one throws before the body loads), then runs the body. */
  start(io: Io, args: readonly unknown[], options: Readonly<Record<string, unknown>>): Promise<number>;
}

interface CommandSpec<D extends readonly FlagDef[], A extends unknown[]> {
  readonly usage: string;
  readonly description: string;
  readonly flags: D;
  readonly examples: readonly string[];
  readonly load: () => Promise<(io: Io, ...rest: [...A, FlagValues<D>]) => Promise<number>>;
}

/** Ties a command's body to its flag list: the body's options are the list's parsed values. */
export function defineCommand<const D extends readonly FlagDef[], A extends unknown[]>(spec: CommandSpec<D, A>): CommandEntry {
  const { load, ...entry } = spec;
  return {
    ...entry,
    start: (io, args, options) => {
      const flags = parseFlagValues(spec.flags, options);
      // cac gives the positional arguments its usage declares, in order.
      // eslint-disable-next-line no-restricted-syntax -- bounded: the command line's own arguments.
      return load().then((run) => run(io, ...([...args] as A), flags));
    },
  };
}
