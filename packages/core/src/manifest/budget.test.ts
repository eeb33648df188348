import { describe, expect, it } from 'vitest';

import { checks } from '../checks/index.js';
import { BUDGET_MEASUREMENTS } from './budget-schema.js';
import { buildManifestSchema } from './manifest-schema.js';
import { parseManifest } from './parse-manifest.js';

const HEAD = `version: 1
server:
  stdio: { command: node, args: [server.js] }
cases:
  - id: catalog
    dimension: discovery-cost
    max_tools: 40
    max_schema_bytes: 65536
`;

function parse(budgetYaml: string) {
  return parseManifest(`${HEAD}${budgetYaml}`, 'm.yaml', checks);
}

describe('a case budget', () => {
  it('is kept beside the params, as written, and is not a check parameter', () => {
    const result = parse('    budget: { catalog_bytes: 0.1, tools: 0, latency_ms: 2 }\n');
    if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('\n'));
    const [spec] = result.manifest.cases;
    expect(spec?.budget).toEqual({ catalog_bytes: 0.1, tools: 0, latency_ms: 2 });
    expect(spec?.params).toEqual({ max_tools: 40, max_schema_bytes: 65536 });
  });

  it('is optional', () => {
    const result = parse('');
    expect(result.ok && result.manifest.cases[0]?.budget).toBeUndefined();
  });

  it.each([
    ['an unknown measurement (a typo)', '    budget: { catalogBytes: 0.1 }\n', 9, 15, /unknown key `catalogBytes`/],
    ['a negative growth', '    budget: { tools: -0.5 }\n', 9, 22, /non-negative number/],
    ['a growth that is not a number', '    budget: { tools: lots }\n', 9, 22, /number/],
    ['an empty budget', '    budget: {}\n', 9, 13, /budget/],
  ])('rejects %s, located', (_name, yaml, line, column, message) => {
    const result = parse(yaml);
    if (result.ok) throw new Error('expected an error');
    expect(result.errors[0]).toMatchObject({ line, column });
    expect(result.errors.map((e) => e.message).join('\n')).toMatch(message);
  });

  it('appears in the published manifest schema for every check, with every measurement', () => {
    const schema = buildManifestSchema(checks) as { $defs: Record<string, { properties: { budget: { properties: object } } }> };
    for (const def of Object.values(schema.$defs)) {
      expect(Object.keys(def.properties.budget.properties)).toEqual(Object.keys(BUDGET_MEASUREMENTS));
    }
  });
});
