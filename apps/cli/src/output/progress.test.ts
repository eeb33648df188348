import { spawn } from 'node:child_process';

import { CANARY } from '@mcp-eval/fixture-servers';
import { describe, expect, it } from 'vitest';

import { CLI, runCli, scratchDir, writeManifest } from '../test-support/run-cli.js';
import { stdioServerYaml } from '../test-support/server-yaml.js';

/** Runs the CLI on a real pseudo-terminal (util-linux `script`); returns everything the terminal showed. */
function runOnPty(args: readonly string[], cwd: string): Promise<{ code: number | null; screen: string }> {
  const quote = (word: string): string => `'${word.replace(/'/g, `'\\''`)}'`;
  const line = [process.execPath, CLI, ...args].map(quote).join(' ');
  return new Promise((resolve, reject) => {
    // No CI variable: progress is for people at a terminal.
    const child = spawn('script', ['-qefc', line, '/dev/null'], { cwd, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', SHELL: '/bin/sh', TERM: 'dumb' }, stdio: ['ignore', 'pipe', 'pipe'] });
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

  it('on a terminal, a quick run draws nothing', async () => {
    const { dir, cleanup } = await scratchDir();
    try {
      await writeManifest(dir, `version: 1\n${stdioServerYaml('reference')}\ncases:\n  - { id: catalog-budget, dimension: discovery-cost, max_tools: 40, max_schema_bytes: 65536 }\n`);
      const { code, screen } = await runOnPty(['run', '--no-color'], dir);
      expect(code).toBe(0);
      expect(screen).toMatch(/^PASS +catalog-budget/m);
      expect(screen).not.toContain('cases done');
    } finally {
      await cleanup();
    }
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
