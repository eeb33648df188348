import { spawn } from 'node:child_process';

import { describe, expect, it } from 'vitest';

import { groupMembers, isRunning, terminateGroup, trackGroup } from './process-tree.js';

function spawnGroup(script: string) {
  const child = spawn(process.execPath, ['-e', script], { detached: true, stdio: ['pipe', 'pipe', 'ignore'] });
  if (child.pid !== undefined) trackGroup(child.pid);
  return child;
}

function firstLine(stream: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    stream.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (text.includes('\n')) resolve(text.split('\n')[0] ?? '');
    });
  });
}

describe('terminateGroup', () => {
  it('lets a server that exits on stdin EOF go without signals', async () => {
    const child = spawnGroup("process.stdin.resume(); process.stdin.on('end', () => process.exit(0)); console.log('ready');");
    await firstLine(child.stdout);
    await terminateGroup(child);
    expect(child.exitCode).toBe(0);
  });

  it('kills a leader and a grandchild that both ignore SIGTERM', async () => {
    const child = spawnGroup(
      [
        "const { spawn } = require('node:child_process');",
        "const g = spawn(process.execPath, ['-e', \"process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)\"], { stdio: 'ignore' });",
        "process.on('SIGTERM', () => {});",
        'process.stdout.write(`${g.pid}\\n`);',
        'setInterval(() => {}, 1000);',
      ].join('\n'),
    );
    const grandchild = Number(await firstLine(child.stdout));
    expect(isRunning(grandchild)).toBe(true);
    await terminateGroup(child, { eofGraceMs: 50, termGraceMs: 200 });
    expect(child.signalCode).toBe('SIGKILL');
    expect(groupMembers(child.pid ?? -1)).toEqual([]);
    expect(isRunning(grandchild)).toBe(false);
  });
});
