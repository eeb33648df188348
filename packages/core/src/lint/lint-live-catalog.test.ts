import { CANARY, everythingStdio, stdioFixture } from '@mcp-eval/fixture-servers';
import type { Target } from '@mcp-eval/transports';
import { createConnector } from '@mcp-eval/transports';
import { describe, expect, it } from 'vitest';

import { walkList } from '../catalog/walk-list.js';
import { lintCatalog } from './lint-catalog.js';
import { LINT_RULES } from './rules/index.js';

/** The catalog as `mcp-eval lint --stdio` will read it: every page of tools/list, over the real instrument. */
async function liveCatalog(target: Target): Promise<unknown[]> {
  const connection = await createConnector(target, { protocol: 'auto', timeoutMs: 10_000 }).connect();
  try {
    const walk = await walkList(connection, 'tools/list', 100, { timeoutMs: 10_000 });
    expect(walk.problem).toBeUndefined();
    return [...walk.items];
  } finally {
    await connection.close();
  }
}

const statusOf = (report: ReturnType<typeof lintCatalog>, rule: string): string | undefined =>
  report.cases.find((c) => c.check === rule)?.status;

describe('lint over live catalogs', () => {
  it('lints the reference fixture, whose descriptions all carry the canary, without printing it', async () => {
    const tools = await liveCatalog(stdioFixture('reference'));
    expect(JSON.stringify(tools)).toContain(CANARY);
    const report = lintCatalog(tools);
    expect(report.cases).toHaveLength(LINT_RULES.length);
    expect(JSON.stringify(report)).not.toContain(CANARY);
    // The canary itself is ordinary text: it must not read as an attack or a defect of form.
    for (const rule of ['security-prompt-injection', 'security-exfiltration', 'security-secret-in-definition', 'security-hidden-unicode']) {
      expect(statusOf(report, rule)).toBe('pass');
    }
    expect(report.cases.filter((c) => c.check.startsWith('protocol-') && c.status === 'fail')).toEqual([]);
  });

  it('lints @modelcontextprotocol/server-everything: no protocol or security failure, gate passed', async () => {
    const report = lintCatalog(await liveCatalog(everythingStdio()));
    const failing = report.cases.filter((c) => c.status === 'fail').map((c) => c.check);
    expect(failing.filter((id) => !id.startsWith('quality-'))).toEqual([]);
    expect(report.scores.protocol).toBe(100);
    expect(report.scores.security).toBe(100);
    expect(report.gatePassed).toBe(true);
  });
});
