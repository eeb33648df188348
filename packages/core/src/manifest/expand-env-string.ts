import type { EnvTemplate } from './env-template.js';
import { scanEnvTemplate } from './env-template.js';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The one `${env:NAME}` expander: references replaced by their values (an unset one by ''), `$${`
 * by a literal `${`. `expandEnv` reports unset and malformed references before it uses this;
 * model columns go through `expandColumnValue`.
 */
export function expandEnvString(value: string, env: Env, template: EnvTemplate = scanEnvTemplate(value)): string {
  return template.parts.map((part) => (part.kind === 'text' ? part.text : (env[part.name] ?? ''))).join('');
}

/**
 * A model column's `api_key` or `base_url` expanded, as a run, `models check` and the manifest's
 * endpoint checks all read it: undefined when a variable it names is unset or empty, which means
 * "no key" (or an unavailable column), never a key or URL with a hole in it.
 */
export function expandColumnValue(value: string, env: Env): string | undefined {
  const template = scanEnvTemplate(value);
  const missing = template.parts.some((part) => part.kind === 'reference' && (env[part.name] ?? '') === '');
  return missing ? undefined : expandEnvString(value, env, template);
}
