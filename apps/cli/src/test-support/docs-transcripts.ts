import { spawnSync } from 'node:child_process';
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

import { conformanceChecks, LINT_RULES } from '@mcp-eval/core';
import { filesystemStdio } from '@mcp-eval/fixture-servers';

import { runBin, scratchDir } from './run-cli.js';

/**
 * The transcripts docs/getting-started.md shows, produced by running them: the built CLI in a new
 * folder beside an installed server-filesystem, as a new user would. A block of the page between
 * `<!-- transcript: NAME -->` and `<!-- /transcript -->` is the output of `NAME` here, so the page
 * cannot say what the CLI no longer prints.
 */

/** The server as the page starts it: an installed entry point, its folder `sandbox/`. */
const SERVER = 'node node_modules/@modelcontextprotocol/server-filesystem/dist/index.js sandbox';

export type TranscriptName = 'scan' | 'init-run' | 'explain' | 'edits' | 'run-edited';

/** One command's lines: `$ mcp-eval …`, what it printed (stdout, then stderr), `(exit N)`. */
interface Step {
  readonly args: readonly string[];
  /** How the command is shown after `$`, when not `mcp-eval` and its arguments. */
  readonly shown?: string;
  /** Rows left out, each run of them shown as one `…`. */
  readonly elide?: (line: string) => boolean;
}

/** Passing and skipped conformance and lint rows: the scan block keeps the rows worth reading. */
const QUIET_ROW = new RegExp(
  `^(PASS|SKIP) +(${[...conformanceChecks.map((check) => check.id), ...LINT_RULES.map((rule) => rule.id)].join('|')})(\\s|$)`,
);

/** A case's first line, as init writes it. */
const CASE_START = /^ {2}- id: (\S+)$/;

/** The line of a case as a person rewrites it; undefined drops the line. */
function editLine(caseId: string | undefined, section: string | undefined, line: string): string | undefined {
  // The comments init writes before state-recovers, about choosing its calls, are done with.
  if (/^ {2}# (TODO: choose the three calls|this case is skipped \(mutation-not-allowed\))/.test(line)) return undefined;
  if (caseId === 'errors-are-honest') {
    if (/^ {4}arguments:/.test(line)) return '    arguments: { path: missing.txt }';
    if (/^ {4}expect_retryable:/.test(line)) return '    expect_retryable: false';
  }
  if (caseId === 'state-recovers') {
    if (section === 'failure' && /^ {6}arguments:/.test(line)) return '      arguments: { path: restored.txt }';
    if (/^ {8}path: example$/.test(line)) return '        path: restored.txt';
    if (/^ {8}content: example$/.test(line)) return '        content: restored';
    return line;
  }
  if (/^ {6}path: example$/.test(line)) return '      path: notes.txt';
  if (/^ {4}max_latency_ms: /.test(line)) return '    max_latency_ms: 500';
  if (/^ {4}max_response_tokens: /.test(line)) return '    max_response_tokens: 2000';
  // The fields init listed are the ones to keep; only its TODO beside them goes.
  return line.replace(/^( {6}fields: \[[^\]]*\])\s+# TODO.*$/, '$1');
}

/**
 * What a person does with the manifest init wrote (the page's step 4): a sandbox declared for the
 * throwaway folder, every placeholder path the file that exists, the error case a file that does
 * not, the state-recovery calls one file it creates, a budget of their own. Edited line by line,
 * so everything else init wrote stays as it was.
 */
function editManifest(text: string): string {
  const edited: string[] = [];
  let caseId: string | undefined;
  let section: string | undefined;
  for (const line of text.split('\n')) {
    caseId = CASE_START.exec(line)?.[1] ?? caseId;
    section = /^ {4}(\w+):$/.exec(line)?.[1] ?? (CASE_START.test(line) ? undefined : section);
    const kept = editLine(caseId, section, line);
    if (kept !== undefined) edited.push(kept);
    if (line === '# sandbox: { name: scratch-copy }') edited.push('sandbox: { name: throwaway-sandbox-folder }');
  }
  return edited.join('\n');
}

/** The edits as a unified diff, without the file-name header lines. */
async function unifiedDiff(before: string, after: string, dir: string): Promise<string> {
  await writeFile(join(dir, 'before.yaml'), before);
  await writeFile(join(dir, 'after.yaml'), after);
  const diff = spawnSync('diff', ['-u', 'before.yaml', 'after.yaml'], { cwd: dir, encoding: 'utf8' });
  return diff.stdout.split('\n').slice(2).join('\n').replace(/\n$/, '');
}

function shellWord(word: string): string {
  return /^[\w./=:@-]+$/.test(word) ? word : `"${word}"`;
}

function elided(lines: readonly string[], elide: ((line: string) => boolean) | undefined): string[] {
  if (elide === undefined) return [...lines];
  const kept: string[] = [];
  for (const line of lines) {
    if (!elide(line)) kept.push(line);
    else if (kept.at(-1) !== '…') kept.push('…');
  }
  return kept;
}

async function runStep(dir: string, step: Step): Promise<string> {
  const result = await runBin(step.args, { cwd: dir });
  const printed = `${result.stdout}${result.stderr}`.replace(/\n$/, '');
  const lines = elided(printed === '' ? [] : printed.split('\n'), step.elide);
  const command = step.shown ?? `mcp-eval ${step.args.map(shellWord).join(' ')}`;
  return [`$ ${command}`, ...lines, `(exit ${result.code ?? 'signal'})`].join('\n');
}

/** `ls sandbox`, as the page shows it: the folder the server may write, before and after. */
async function listSandbox(dir: string): Promise<string> {
  const names = (await readdir(join(dir, 'sandbox'))).sort();
  return ['$ ls sandbox', ...names].join('\n');
}

/** A folder laid out as the page's step 1 leaves it: the server installed, `sandbox/notes.txt`. */
async function newProject(dir: string): Promise<void> {
  const entry = filesystemStdio(dir).args[0] ?? '';
  await mkdir(join(dir, 'node_modules', '@modelcontextprotocol'), { recursive: true });
  await symlink(dirname(dirname(entry)), join(dir, 'node_modules', '@modelcontextprotocol', 'server-filesystem'));
  await mkdir(join(dir, 'sandbox'));
  await writeFile(join(dir, 'sandbox', 'notes.txt'), 'first line\n');
}

/** Edits the manifest in place; the diff of the edits. */
async function applyEdits(dir: string, scratch: string): Promise<string> {
  const path = join(dir, 'mcp-eval.yaml');
  const before = await readFile(path, 'utf8');
  const after = editManifest(before);
  await writeFile(path, after);
  return unifiedDiff(before, after, scratch);
}

/** Every transcript of the page, by name, from one walk through a new folder. */
export async function recordTranscripts(): Promise<Readonly<Record<TranscriptName, string>>> {
  const { dir, cleanup } = await scratchDir();
  const scratch = await scratchDir();
  try {
    await newProject(dir);
    const scan = await runStep(dir, { args: ['scan', '--stdio', SERVER], elide: (line) => QUIET_ROW.test(line) });
    const initRun = [await runStep(dir, { args: ['init', '--stdio', SERVER] }), await runStep(dir, { args: ['run'] })].join('\n');
    const explain = [
      await runStep(dir, { args: ['explain', 'schema-guessable'] }),
      await runStep(dir, { args: ['explain', 'schema-guessable', '--show-server-text'] }),
    ].join('\n');
    const edits = await applyEdits(dir, scratch.dir);
    const runEdited = [
      await runStep(dir, { args: ['validate', 'mcp-eval.yaml'] }),
      await listSandbox(dir),
      await runStep(dir, { args: ['run'] }),
      await listSandbox(dir),
      await runStep(dir, { args: ['explain', 'errors-are-honest'] }),
      await runStep(dir, { args: ['run', '--allow-mutation', '--only', 'state-recovers'] }),
      await listSandbox(dir),
    ].join('\n');
    return { scan, 'init-run': initRun, explain, edits, 'run-edited': runEdited };
  } finally {
    await cleanup();
    await scratch.cleanup();
  }
}

const BLOCK = /(<!-- transcript: ([a-z-]+) -->\n```(?:console|diff)\n)([\s\S]*?)(\n```\n<!-- \/transcript -->)/g;

/** The page with each transcript block replaced by its recorded text. */
export function withTranscripts(page: string, transcripts: Readonly<Record<string, string>>): string {
  return page.replace(BLOCK, (whole, open: string, name: string, _body: string, close: string) => {
    const text = transcripts[name];
    return text === undefined ? whole : `${open}${text}${close}`;
  });
}

/** Each block of the page, by name. */
export function transcriptBlocks(page: string): Readonly<Record<string, string>> {
  return Object.fromEntries([...page.matchAll(BLOCK)].map((match) => [match[2] ?? '', match[3] ?? '']));
}

/**
 * The text with what differs between two honest runs masked: times (latencies, durations, cold
 * starts) change with the machine's load, and envelope sizes with request ids; everything else
 * (rows, labels, counts, catalog bytes) may not.
 */
export function withoutTimings(text: string): string {
  return (
    text
      .replace(/\b(\w*(?:[Ll]atency|Ms|Cpu|Share|throughput)\w*)=[0-9.e+-]+/g, '$1=…')
      // A response's bytes include its JSON-RPC id, whose width follows how many requests went before.
      .replace(/\b(receivedBytes|requestBytes)=[0-9]+/g, '$1=…')
      // A duration's unit follows its size (`812 ms`, `1.2 s`), so a loaded machine moves it too.
      .replace(/\b[0-9]+(\.[0-9]+)? ?(ms|s)\b/g, '…')
  );
}
