import { realpath } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';

import type { Manifest } from '@mcp-eval/core';
import { REVIEWED_FILE, SUPPRESSIONS_FILE } from '@mcp-eval/core';

import { UsageError } from '../cli-error.js';
import { stringList } from '../parse-flags.js';
import type { ReporterTarget } from './reporter-targets.js';

/** What a file a command reads is to the run, as the refusal names it. */
export type InputRole =
  | 'manifest'
  | 'baseline'
  | 'reviewed file'
  | 'suppressions file'
  | 'client config'
  | 'rubric'
  | 'expected-failures file'
  | 'catalog file'
  | 'shard report'
  | 'saved report';

/** A file a command reads (or a project file it must leave alone), as the user named it (relative to the working directory). */
export interface InputFile {
  readonly role: InputRole;
  readonly path: string;
}

/** The flags that name an input, by role: read from whichever command's flags carry them. */
const INPUT_FLAGS: readonly (readonly [flag: string, key: string, role: InputRole])[] = [
  ['--baseline', 'baseline', 'baseline'],
  ['--reviewed', 'reviewed', 'reviewed file'],
  ['--suppressions', 'suppressions', 'suppressions file'],
  ['--from-config', 'fromConfig', 'client config'],
  ['--expected-failures', 'expectedFailures', 'expected-failures file'],
  ['--catalog', 'catalog', 'catalog file'],
];

/**
 * Every input a command has before it reads anything: the files its flags name, the files it names
 * itself (`declared`: a positional manifest, shard reports, a saved report), and the project
 * folder's conventional files (`project`: the manifest, reviewed file and suppression file there),
 * which a report must not replace even when this command does not read them (`scan` beside a manifest).
 */
export function commandInputs(flags: object, declared: readonly InputFile[], project?: string): InputFile[] {
  const values = flags as Readonly<Record<string, unknown>>;
  const named = INPUT_FLAGS.flatMap(([flag, key, role]) => {
    // Malformed flags are the command's own errors to give; only well-formed paths are inputs.
    const paths = typeof values[key] === 'string' || Array.isArray(values[key]) ? safeList(values[key], flag) : [];
    return paths.map((path) => ({ role, path }));
  });
  const conventional: InputFile[] =
    project === undefined
      ? []
      : [
          { role: 'manifest', path: join(project, 'mcp-eval.yaml') },
          { role: 'reviewed file', path: join(project, REVIEWED_FILE) },
          { role: 'suppressions file', path: join(project, SUPPRESSIONS_FILE) },
        ];
  return [...declared, ...named, ...conventional];
}

/** The rubric files a loaded manifest's task-completion cases read, relative to the manifest as it was named. */
export function rubricInputs(manifest: Manifest): InputFile[] {
  return manifest.cases.flatMap((spec) => {
    const rubric = spec.params['rubric'];
    if (spec.kind !== 'behavior' || spec.check !== 'task-completion' || typeof rubric !== 'string') return [];
    return [{ role: 'rubric' as const, path: isAbsolute(rubric) ? rubric : join(dirname(manifest.file), rubric) }];
  });
}

function safeList(value: unknown, flag: string): readonly string[] {
  try {
    return stringList(value, flag);
  } catch {
    return [];
  }
}

/**
 * Refuses (exit 2, before anything runs) every file reporter whose destination is one of the
 * command's inputs. Paths are compared as the file system sees them: symlinks and `./` resolved,
 * and a destination that does not exist yet by its nearest existing folder's real path plus the rest.
 */
export async function refuseInputDestinations(
  targets: readonly ReporterTarget[],
  inputs: readonly InputFile[],
  cwd: string,
): Promise<void> {
  const files = targets.flatMap((t) => (t.destination === 'file' ? [t] : []));
  if (files.length === 0 || inputs.length === 0) return;
  const known = new Map<string, InputFile>();
  for (const input of inputs) {
    const key = await realKey(resolve(cwd, input.path));
    // The first role given wins: a declared input says more than a conventional name.
    if (!known.has(key)) known.set(key, input);
  }
  for (const target of files) {
    const input = known.get(await realKey(resolve(cwd, target.path)));
    if (input !== undefined)
      throw new UsageError(
        `reporter ${target.name} would write over the ${input.role} ${input.path} (${target.path}); give the report another path or --output-dir; nothing was run`,
      );
  }
}

/** The real path of `path`, or of its nearest existing ancestor joined with the rest. */
async function realKey(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : join(await realKey(parent), basename(path));
  }
}
