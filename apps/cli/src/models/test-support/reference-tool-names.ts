import { listTools } from '@mcp-eval/core';
import { stdioFixture } from '@mcp-eval/fixture-servers';
import { createConnector } from '@mcp-eval/transports';

/** The reference fixture's tool names, as the models are handed them (the endpoint's scripts are keyed by them). */
export async function referenceToolNames(): Promise<string[]> {
  const connection = await createConnector(stdioFixture('reference'), { timeoutMs: 10_000 }).connect();
  try {
    const walk = await listTools({ timeoutMs: 10_000, signal: new AbortController().signal }, connection);
    return walk.items.map((t) => String(t.name));
  } finally {
    await connection.close();
  }
}

/** Child processes of this test process still running (a stdio server the run left behind). */
export async function childProcesses(): Promise<number[]> {
  const { readdir, readFile } = await import('node:fs/promises');
  const children: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[1]) === process.pid && fields[0] !== 'Z') children.push(Number(entry));
  }
  return children;
}
