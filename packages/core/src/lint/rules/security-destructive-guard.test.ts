import { describe, expect, it } from 'vitest';

import { CLEAN_TOOLS, cleanTool, ruleHits } from '../test-support/lint-fixtures.js';
import { securityDestructiveGuard } from './security-destructive-guard.js';

const idOnly = { type: 'object', properties: { id: { type: 'string', description: 'Invoice id.', maxLength: 40 } }, required: ['id'] };

describe('security-destructive-guard', () => {
  it('flags destructive tools, by verb or by hint, with no guard parameter and no warning', () => {
    const tools = [
      cleanTool(2, { name: 'delete_invoice', description: 'Deletes an invoice by id.', inputSchema: idOnly, annotations: undefined }),
      cleanTool(2, {
        name: 'archive_invoice',
        description: 'Moves an invoice out of sight.',
        inputSchema: idOnly,
        annotations: { destructiveHint: true },
      }),
    ];
    expect(ruleHits(securityDestructiveGuard, tools)).toEqual(['0:destructive-without-guard', '1:destructive-without-guard']);
  });

  it('passes destructive tools with a confirm or dry-run parameter, or a warning of permanence', () => {
    const confirm = { ...idOnly, properties: { ...idOnly.properties, confirm: { type: 'boolean', description: 'Must be true.' } } };
    const dryRun = { ...idOnly, properties: { ...idOnly.properties, dryRun: { type: 'boolean', description: 'Preview only.' } } };
    const tools = [
      ...CLEAN_TOOLS,
      cleanTool(2, { name: 'delete_invoice', description: 'Deletes an invoice by id.', inputSchema: confirm, annotations: undefined }),
      cleanTool(2, { name: 'purge_invoices', description: 'Purges old invoices.', inputSchema: dryRun, annotations: undefined }),
      cleanTool(2, {
        name: 'drop_table',
        description: 'Drops a table. This cannot be undone.',
        inputSchema: idOnly,
        annotations: undefined,
      }),
    ];
    expect(ruleHits(securityDestructiveGuard, tools)).toEqual([]);
  });
});
