import { HTTP_URL_EXPECTED, isHttpUrl, pushAll } from '@mcp-eval/protocol';

import { ENV_REFERENCE_HINT, scanEnvTemplate } from './env-template.js';
import { expandEnvString } from './expand-env-string.js';
import type { ManifestError } from './manifest-error.js';
import { sortManifestErrors } from './manifest-error.js';
import { checkServerValues } from './server-values.js';
import { checkExpandedModelEndpoints } from './validate-model-endpoints.js';
import type { CaseSpec, Manifest, ServerSpec } from './manifest-types.js';
import type { SourceLocation } from '../record.js';
import { renderPath } from './yaml-locator.js';
import type { YamlPath } from './yaml-locator.js';

export type ExpandEnvResult =
  { readonly ok: true; readonly manifest: Manifest } | { readonly ok: false; readonly errors: readonly ManifestError[] };

type Env = Readonly<Record<string, string | undefined>>;

export interface ExpandEnvOptions {
  /** How messages name a server path when not in manifest terms (e.g. `--header \`X\``); `undefined` keeps the default. */
  readonly name?: (path: YamlPath) => string | undefined;
}

const key = (path: YamlPath): string => JSON.stringify(path);

/** Where parseManifest saw each string's references, by the string's path. */
function referenceLocations(manifest: Manifest): Map<string, SourceLocation[]> {
  const recorded = new Map<string, SourceLocation[]>();
  for (const ref of manifest.envReferences ?? []) {
    const list = recorded.get(key(ref.path)) ?? [];
    list.push(ref.location);
    recorded.set(key(ref.path), list);
  }
  return recorded;
}

/** The server's strings that carry references, expanded. */
function expandServer(
  server: ServerSpec,
  expandString: (value: string, path: YamlPath) => string,
  expandDeep: (value: unknown, path: YamlPath) => unknown,
  checkUrl: (url: string) => void,
): ServerSpec {
  if (server.transport === 'stdio') {
    return {
      ...server,
      command: expandString(server.command, ['server', 'command']),
      args: expandDeep(server.args, ['server', 'args']) as string[],
      env: expandDeep(server.env, ['server', 'env']) as Record<string, string>,
      ...(server.cwd === undefined ? {} : { cwd: expandString(server.cwd, ['server', 'cwd']) }),
    };
  }
  const url = expandString(server.url, ['server', 'url']);
  checkUrl(url); // before the headers, so their errors do not hide the URL's
  return { ...server, url, headers: expandDeep(server.headers, ['server', 'headers']) as Record<string, string> };
}

/**
 * Expands `${env:NAME}` (and the `$${` escape) in the strings that are meant to carry them: the
 * server's command, args, env values, cwd, url and header values, and every string in the cases'
 * parameters. Run it once, at run time, on a manifest from `parseManifest`. Every unset variable
 * is reported with where it is used; no message ever contains a variable's value. The expanded
 * server strings are then held to what HTTP and `spawn` accept (`checkServerValues`), so a
 * secret with a line break fails here, named but never shown, before anything connects.
 */
export function expandEnv(manifest: Manifest, env: Env, options: ExpandEnvOptions = {}): ExpandEnvResult {
  const errors: ManifestError[] = [];
  const recorded = referenceLocations(manifest);
  const fileStart: SourceLocation = { file: manifest.file, line: 1, column: 1 };

  /** How a message names the string at `path`, in the manifest's own terms. */
  function where(path: YamlPath): string {
    const named = options.name?.(path);
    if (named !== undefined) return named;
    if (path[0] === 'server') return `\`${renderPath(['server', manifest.server.transport, ...path.slice(1)])}\``;
    const spec = manifest.cases[path[1] as number];
    return `\`${renderPath(path.slice(3))}\` in case \`${spec?.id ?? '?'}\``;
  }
  function fallback(path: YamlPath): SourceLocation {
    return path[0] === 'cases' ? (manifest.cases[path[1] as number]?.location ?? fileStart) : fileStart;
  }

  function expandString(value: string, path: YamlPath): string {
    const template = scanEnvTemplate(value);
    if (!template.active && template.markers.length === 0) return value;
    const locations = recorded.get(key(path)) ?? [];
    let referenceIndex = 0;
    for (const marker of template.markers) {
      const location = marker.kind === 'reference' ? (locations[referenceIndex++] ?? fallback(path)) : fallback(path);
      if (marker.kind === 'malformed') {
        errors.push({
          ...location,
          message: `malformed environment reference \`${marker.snippet}\` in ${where(path)} (${ENV_REFERENCE_HINT})`,
        });
      } else if (env[marker.name] === undefined) {
        errors.push({ ...location, message: `environment variable \`${marker.name}\` is not set (used in ${where(path)})` });
      }
    }
    return expandEnvString(value, env, template);
  }

  // The containers being expanded: a value inside itself (a recursive alias that reached here
  // without parseManifest) is refused, not followed forever.
  const open = new Set<object>();
  function expandDeep(value: unknown, path: YamlPath): unknown {
    if (typeof value === 'string') return expandString(value, path);
    if (typeof value !== 'object' || value === null) return value;
    if (open.has(value)) {
      errors.push({ ...fallback(path), message: `${where(path)} contains itself (a recursive alias)` });
      return null;
    }
    open.add(value);
    try {
      if (Array.isArray(value)) return value.map((item, i) => expandDeep(item, [...path, i]));
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expandDeep(v, [...path, k])]));
    } finally {
      open.delete(value);
    }
  }

  const expandedServer = expandServer(manifest.server, expandString, expandDeep, (url) => {
    if (isHttpUrl(url) || errors.length > 0) return;
    const at = recorded.get(key(['server', 'url']))?.[0] ?? fileStart;
    errors.push({ ...at, message: `\`url\` in \`server.http\` ${HTTP_URL_EXPECTED} once \`\${env:…}\` is expanded` });
  });
  for (const problem of checkServerValues(expandedServer, where)) {
    errors.push({ ...(recorded.get(key(problem.path))?.[0] ?? fileStart), message: problem.message });
  }
  // Model columns keep their references (an unset one means "no key"); their values are checked here.
  pushAll(errors, checkExpandedModelEndpoints(manifest.models ?? [], env));
  const cases: CaseSpec[] = manifest.cases.map((spec, i) => ({
    ...spec,
    params: expandDeep(spec.params, ['cases', i, 'params']) as Record<string, unknown>,
  }));

  if (errors.length > 0) return { ok: false, errors: sortManifestErrors(errors) };
  // The references are spent: an expanded manifest must not be expanded again.
  const { envReferences: _spent, ...rest } = manifest;
  return { ok: true, manifest: { ...rest, server: expandedServer, cases } };
}
