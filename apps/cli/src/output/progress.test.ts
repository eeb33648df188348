import { spawn } from 'node:child_process';
import { Writable } from 'node:stream';

import { CANARY } from '@mcp-eval/fixture-servers';
import { describe, expect, it } from 'vitest';

import type { CaseRecord } from '@mcp-eval/core';

import type { Io } from '../io.js';
import { CLI, runCli, scratchDir, writeManifest } from '../test-support/run-cli.js';
import { stdioServerYaml } from '../test-support/server-yaml.js';
import { createProgress, PROGRESS_DELAY_MS } from './progress.js';

/** An Io whose stderr claims to be a terminal and keeps what is written to it. */
function fakeTerminal(): { io: Io; text: () => string } {
  let written = '';
  const stderr = Object.assign(new Writable({ write: (chunk: Buffer, _encoding, done) => ((written += chunk.toString('utf8')), done()) }), {
    isTTY: true,
  });
  const stderrWrite = (chunk: string): boolean => ((written += chunk), true);
  stderr.write = stderrWrite as typeof stderr.write;
  return { io: { stdout: new Writable(), stderr, env: {}, cwd: '/' }, text: () => written };
}

function record(id: string, status: CaseRecord['status']): CaseRecord {
  return {
    id,
    kind: 'dimension',
    check: 'discovery-cost',
    status,
    measurements: {},
    runs: 1,
    passes: status === 'pass' ? 1 : 0,
    passRate: status === 'pass' ? 1 : 0,
    durationMs: 1,
  };
}

/** Runs the CLI on a real pseudo-terminal (util-linux `script`); returns everything the terminal showed. */
function runOnPty(args: readonly string[], cwd: string): Promise<{ code: number | null; screen: string }> {
  const quote = (word: string): string => `'${word.replace(/'/g, `'\\''`)}'`;
  const line = [process.execPath, CLI, ...args].map(quote).join(' ');
  return new Promise((resolve, reject) => {
    // No CI variable: progress is for people at a terminal.
    const child = spawn('script', ['-qefc', line, '/dev/null'], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', SHELL: '/bin/sh', TERM: 'dumb' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let screen = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (screen += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (screen += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, screen }));
  });
}

const SLOW_CASE = `cases:
  - { id: slow-echo, dimension: schema-guessability, tool: echo, arguments: { message: hi } }
`;

describe('the progress line', () => {
  it('on a terminal, a run over two seconds shows cases done / total and elapsed seconds, then clears it', async () => {
    const { dir, cleanup } = await scratchDir();
    try {
      await writeManifest(dir, `version: 1\n${stdioServerYaml('sluggish', 'auto', { FIXTURE_DELAY_MS: '3500' })}\n${SLOW_CASE}`);
      const { code, screen } = await runOnPty(['run', '--no-color'], dir);
      expect(code).toBe(0);
      expect(screen).toMatch(/0\/1 cases done, [23] s · slow-echo/);
      expect(screen).toContain('\r\x1b[2K');
      expect(screen).toMatch(/^PASS +slow-echo/m);
      expect(screen).not.toContain(CANARY);
    } finally {
      await cleanup();
    }
  });

  it('on a terminal, nothing is drawn before two seconds, and done() then writes nothing either', () => {
    let clock = 0;
    const { io, text } = fakeTerminal();
    const progress = createProgress(io, 3, () => clock);
    progress.onCaseStart('a');
    clock = PROGRESS_DELAY_MS - 1;
    progress.onCaseEnd(record('a', 'pass'));
    progress.done();
    expect(text()).toBe('');
  });

  it('on a terminal, past two seconds each event redraws done / total, not passing and elapsed, and done() clears it', () => {
    let clock = 0;
    const { io, text } = fakeTerminal();
    const progress = createProgress(io, 3, () => clock);
    progress.onCaseStart('a');
    clock = 2_500;
    progress.onCaseEnd(record('a', 'fail'));
    progress.onCaseStart('b');
    clock = 12_100;
    progress.onCaseEnd(record('b', 'pass'));
    progress.done();
    expect(text()).toBe(
      [
        '\r\x1b[2K1/3 cases done, 1 not passing, 2 s',
        '\r\x1b[2K1/3 cases done, 1 not passing, 2 s · b',
        '\r\x1b[2K2/3 cases done, 1 not passing, 12 s',
        '\r\x1b[2K',
      ].join(''),
    );
  });

  it('without a terminal, a slow run writes no progress at all', async () => {
    const { dir, cleanup } = await scratchDir();
    try {
      await writeManifest(dir, `version: 1\n${stdioServerYaml('sluggish', 'auto', { FIXTURE_DELAY_MS: '3500' })}\n${SLOW_CASE}`);
      const result = await runCli(['run'], { cwd: dir, env: { CI: '' } });
      expect(result.code).toBe(0);
      expect(result.stderr).toBe('');
      expect(result.stdout).toMatch(/^PASS +slow-echo/m);
    } finally {
      await cleanup();
    }
  });
});
