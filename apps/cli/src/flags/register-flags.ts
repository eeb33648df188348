import type { Command } from 'cac';

import type { FlagDef } from './flag.js';

/** Adds each flag to a cac command, in order (the order `--help` lists them in). */
export function registerFlags(command: Command, defs: readonly FlagDef[]): void {
  for (const def of defs) {
    command.option(def.name, def.help, def.type === 'list' ? { type: [String] } : {});
    if (def.unsetByDefault === true) {
      // cac gives a negated flag `default: true` and prints "(default: true)" in the help, which
      // reads as "no colour by default".
      const option = command.options.find((o) => o.rawName === def.name);
      if (option !== undefined) delete option.config.default;
    }
  }
}
