import { describe, expect, it } from 'vitest';

import { CLEAN_TOOLS, cleanTool, ruleHits } from '../test-support/lint-fixtures.js';
import { securityBroadPermissions } from './security-broad-permissions.js';

const described = (description: string): Record<string, unknown> => cleanTool(2, { description });

describe('security-broad-permissions', () => {
  it.each([
    ['Executes arbitrary shell commands on the host and returns the output.', 'arbitrary-execution'],
    ['Runs any SQL query against the database.', 'arbitrary-execution'],
    ['Gives the agent full access to the workspace.', 'unrestricted-access'],
    ['Reads any file on the system and returns it.', 'unrestricted-access'],
    ['Runs the script without any sandbox.', 'unrestricted-access'],
  ])('flags %j as %s', (description, label) => {
    expect(ruleHits(securityBroadPermissions, [described(description)])).toEqual([`0:${label}`]);
  });

  it('passes bounded capabilities', () => {
    const tools = [...CLEAN_TOOLS, described('Runs one of the allow-listed maintenance scripts and returns its exit code.')];
    expect(ruleHits(securityBroadPermissions, tools)).toEqual([]);
  });
});
