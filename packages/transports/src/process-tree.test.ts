import { spawn } from 'node:child_process';

import { afterEach, describe, expect, it } from 'vitest';

import type { WireConnection } from './connection.js';
import { groupMembers, isRunning, killTrackedGroups, terminateGroup, trackGroup } from './process-tree.js';
import { callTool, OpenConnections, stdioTarget, structured } from './test-support/connect.js';
import { leftovers } from './test-support/processes.js';

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

describe('descendants that left the group (setsid)', () => {
  const connections = new OpenConnections();
  const helpers: number[] = [];
  afterEach(async () => {
    await connections.closeAll();
    // A failing assertion must not leave the helper behind for the next test.
    for (const pid of helpers.splice(0)) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
  });

  async function helperPids(env: Record<string, string>): Promise<{ connection: WireConnection; server: number; helper: number }> {
    const connection = await connections.connect(stdioTarget('setsid-helper', env));
    const pids = structured(await callTool(connection, 'pids')) as { server: number; helper: number };
    helpers.push(pids.helper);
    expect(isRunning(pids.helper)).toBe(true);
    expect(groupMembers(pids.server)).not.toContain(pids.helper);
    return { connection, ...pids };
  }

  it('ends a setsid helper of a server that exits on stdin EOF', async () => {
    const { connection, server, helper } = await helperPids({});
    await connection.close();
    expect(await leftovers(server, [helper])).toEqual([]);
  });

  it('ends a setsid helper of a server that ignores stdin EOF and SIGTERM', async () => {
    const { connection, server, helper } = await helperPids({ STUBBORN: '1' });
    await connection.close();
    expect(await leftovers(server, [helper])).toEqual([]);
  });

  it('killTrackedGroups ends every live server and its setsid helper at once, synchronously', async () => {
    const first = await helperPids({ STUBBORN: '1' });
    const second = await helperPids({ STUBBORN: '1' });
    killTrackedGroups();
    expect(await leftovers(first.server, [first.helper, second.server, second.helper])).toEqual([]);
    expect(groupMembers(second.server)).toEqual([]);
  });
});
