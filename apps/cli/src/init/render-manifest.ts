import { pushAll } from '@mcp-eval/protocol';
import type { JsonValue, ServerSpec, StarterCase, YamlEntry } from '@mcp-eval/core';
import { YamlMap } from '@mcp-eval/core';

import type { GoldenTemplate } from './golden-template.js';

const PLAIN = /^[A-Za-z_][A-Za-z0-9_./-]*$/;
/** Words YAML 1.1 readers take for booleans or null when unquoted. */
const RESERVED = /^(?:true|false|null|yes|no|on|off|y|n)$/i;

/** A string plain when no YAML reader could take it for anything else, else JSON-quoted. */
function text(value: string): string {
  return PLAIN.test(value) && !RESERVED.test(value) ? value : JSON.stringify(value);
}

/** A value inline, in YAML flow style; anything unusual is JSON-quoted (JSON is YAML). */
function inline(value: JsonValue): string {
  if (typeof value === 'string') return text(value);
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => `${text(k)}: ${inline(v)}`);
    return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`;
  }
  return JSON.stringify(value);
}

const key = text;

function entryLines(entry: YamlEntry, indent: string): string[] {
  const todo = entry.todo === undefined ? '' : `  # TODO: ${entry.todo}`;
  if (entry.value instanceof YamlMap) {
    if (entry.value.entries.length === 0) return [`${indent}${key(entry.key)}: {}${todo}`];
    return [`${indent}${key(entry.key)}:${todo}`, ...entry.value.entries.flatMap((e) => entryLines(e, `${indent}  `))];
  }
  return [`${indent}${key(entry.key)}: ${inline(entry.value)}${todo}`];
}

export interface ManifestParts {
  /** Lines at the top of the file, before `version`. */
  readonly header: readonly string[];
  readonly server: ServerSpec;
  /** Comments above the server's `env` / `headers` entries that init replaced by references. */
  readonly secretNotes: readonly string[];
  /** Working directory for a stdio server, relative to the manifest; absent when it is the manifest's own. */
  readonly cwd?: string;
  readonly cases: readonly StarterCase[];
  /** The model layer's block and golden-case templates (`goldenTemplate`). */
  readonly golden?: GoldenTemplate;
}

function serverLines(parts: ManifestParts): string[] {
  const { server } = parts;
  const lines = ['server:'];
  if (server.transport === 'stdio') {
    lines.push('  stdio:', `    command: ${inline(server.command)}`, `    args: ${inline([...server.args])}`);
    if (parts.cwd !== undefined) lines.push(`    cwd: ${inline(parts.cwd)}`);
    if (Object.keys(server.env).length > 0) {
      pushAll(lines, [...parts.secretNotes.map((note) => `    # ${note}`), '    env:']);
      for (const [name, value] of Object.entries(server.env)) lines.push(`      ${key(name)}: ${inline(value)}`);
    }
  } else {
    lines.push('  http:', `    url: ${inline(server.url)}`);
    if (Object.keys(server.headers).length > 0) {
      pushAll(lines, [...parts.secretNotes.map((note) => `    # ${note}`), '    headers:']);
      for (const [name, value] of Object.entries(server.headers)) lines.push(`      ${key(name)}: ${inline(value)}`);
    }
  }
  lines.push(`  protocol: ${inline(server.protocol)}`, `  timeout_ms: ${server.timeoutMs}`);
  // Names only (from --pass-env): the values stay in the environment of each run.
  if (server.transport === 'stdio' && server.passEnv !== undefined && server.passEnv.length > 0)
    lines.push(`  pass_env: ${inline([...server.passEnv])}`);
  return lines;
}

/** The starter manifest as text: header comments, `version`, `server`, then every case. */
export function renderManifest(parts: ManifestParts): string {
  const lines = [...parts.header, 'version: 1', ...serverLines(parts), ''];
  pushAll(lines, [
    '# No `sandbox` is declared: cases with mutating steps are skipped and send nothing.',
    '# Declare one only for a disposable server that is safe to change, e.g.:',
    '# sandbox: { name: scratch-copy }',
    '',
    ...(parts.golden === undefined ? [] : [...parts.golden.models, '']),
    'cases:',
  ]);
  parts.cases.forEach((starter, index) => {
    if (index > 0) lines.push('');
    pushAll(
      lines,
      starter.comments.map((comment) => `  # ${comment}`),
    );
    const [first, ...rest] = starter.entries.flatMap((entry) => entryLines(entry, '    '));
    if (first !== undefined) pushAll(lines, [`  - ${first.trimStart()}`, ...rest]);
  });
  if (parts.golden !== undefined && parts.golden.cases.length > 0) pushAll(lines, ['', ...parts.golden.cases]);
  return `${lines.join('\n')}\n`;
}
