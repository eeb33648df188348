import { describe, expect, it } from 'vitest';

import { checks, CHECKS } from '../checks/index.js';
import { parseManifest } from '../manifest/parse-manifest.js';
import { casesFromManifest } from './cases-from-manifest.js';

const MANIFEST = `version: 1
server:
  stdio: { command: node }
cases:
  - { id: pages, probe: pagination, gate: soft }
  - { id: budget, dimension: discovery-cost, max_tools: 5, max_schema_bytes: 1000 }
`;

function parsed(): ReturnType<typeof parseManifest> & { ok: true } {
  const result = parseManifest(MANIFEST, 'm.yaml', checks);
  if (!result.ok) throw new Error('the test manifest must parse');
  return result;
}

describe('casesFromManifest', () => {
  it('binds every case to its registered check, with its parameters, location and gate', () => {
    const { manifest } = parsed();
    const cases = casesFromManifest(manifest.cases);
    expect(cases.map((c) => c.check)).toEqual([CHECKS.pagination, CHECKS['discovery-cost']]);
    expect(cases[0]).toEqual({
      id: 'pages',
      check: CHECKS.pagination,
      params: { max_pages: 100 },
      location: manifest.cases[0]?.location,
      gate: 'soft',
    });
    expect(cases[1]).not.toHaveProperty('gate');
    expect(cases[1]?.params).toEqual({ max_tools: 5, max_schema_bytes: 1000 });
  });

  it('takes a selection, and throws for a check outside the registry the manifest was parsed against', () => {
    const { manifest } = parsed();
    expect(casesFromManifest(manifest.cases.slice(1)).map((c) => c.id)).toEqual(['budget']);
    expect(() => casesFromManifest(manifest.cases, [CHECKS.pagination])).toThrow(/case budget names check discovery-cost/);
  });
});
