import { html } from './html/html.js';
import { json } from './json.js';
import { junit } from './junit.js';
import { pretty } from './pretty.js';
import type { Reporter } from './reporter.js';
import { sarif } from './sarif.js';
import { yaml } from './yaml.js';

/** The built-in reporters by name, as `--reporter <name>` spells them. */
export const reporters = { json, junit, sarif, pretty, html, yaml } as const satisfies Readonly<Record<string, Reporter>>;

/** Compiles only when every entry's `name` is its own key, so the registry cannot drift. */
type NamesMatchKeys<Registry extends { readonly [Name in keyof Registry]: Reporter<Name & string> }> = Registry;

/** `'json' | 'junit' | 'sarif' | 'pretty' | 'html' | 'yaml'`. */
export type ReporterName = keyof NamesMatchKeys<typeof reporters>;

/** Narrows a user-supplied name (a CLI flag) to a registry key without a cast. */
export function isReporterName(name: string): name is ReporterName {
  return Object.hasOwn(reporters, name);
}
