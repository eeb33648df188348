import type { Manifest } from '@mcp-eval/core';
import { checks, expandEnv, parseManifest } from '@mcp-eval/core';
import { createRunBudget } from '@mcp-eval/models';
import { describe, expect, it } from 'vitest';

import { behaviorColumns } from '../models/behavior-columns.js';
import { resolveColumn } from './resolve-column.js';

const ENV = { KEY: 'k-value' };

/** One manifest where the same template is a server string, a column's `api_key` and part of its `base_url`. */
function manifestWith(template: string): Manifest {
  const text =
    'version: 1\n' +
    `server:\n  stdio: { command: node, args: [server.js], env: { VALUE: "${template}" } }\n` +
    'models:\n' +
    `  - { id: col, provider: openai, model: m, api_key: "${template}", base_url: "http://127.0.0.1:1/${template}/v1" }\n` +
    'cases:\n  - id: catalog\n    dimension: discovery-cost\n    max_tools: 40\n    max_schema_bytes: 65536\n';
  const parsed = parseManifest(text, 'mcp-eval.yaml', checks);
  if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('\n'));
  return parsed.manifest;
}

/** What every place that expands made of the template: `undefined` where it saw an unset variable. */
function expandedEverywhere(template: string) {
  const manifest = manifestWith(template);
  const loaded = expandEnv(manifest, ENV);
  const server = loaded.ok && loaded.manifest.server.transport === 'stdio' ? loaded.manifest.server.env.VALUE : undefined;
  const spec = manifest.models?.[0];
  if (spec === undefined) throw new Error('no column');
  // `models check` and a run resolve a column the same way; a run's identity shows its base URL.
  const checked = resolveColumn(spec, ENV);
  const [run] = behaviorColumns([spec], createRunBudget(), ENV);
  const urlPart = (url: string | undefined) => url?.slice('http://127.0.0.1:1/'.length, -'/v1'.length);
  return {
    manifestLoad: server,
    apiKey: checked?.apiKey === '' ? undefined : checked?.apiKey,
    modelsCheckBaseUrl: urlPart(checked?.baseUrl),
    runBaseUrl: urlPart(run?.identity.baseUrl),
  };
}

describe('${env:} expansion is the same in every place that expands', () => {
  it.each([
    ['$${env:KEY}', '${env:KEY}'],
    ['${env:KEY}', 'k-value'],
    ['a-$${env:KEY}-${env:KEY}', 'a-${env:KEY}-k-value'],
  ])('%s expands to %s in the manifest, `api_key` and `base_url`', (template, expected) => {
    expect(expandedEverywhere(template)).toEqual({
      manifestLoad: expected,
      apiKey: expected,
      modelsCheckBaseUrl: expected,
      runBaseUrl: expected,
    });
  });

  it('a missing variable is unset everywhere: an error at load, no key, no base URL', () => {
    const manifest = manifestWith('${env:MISSING}');
    const loaded = expandEnv(manifest, ENV);
    expect(loaded.ok ? [] : loaded.errors.map((e) => e.message)).toEqual([
      'environment variable `MISSING` is not set (used in `server.stdio.env.VALUE`)',
    ]);
    expect(expandedEverywhere('${env:MISSING}')).toEqual({
      manifestLoad: undefined,
      apiKey: undefined,
      modelsCheckBaseUrl: undefined,
      runBaseUrl: undefined,
    });
    const [run] = behaviorColumns(manifest.models, createRunBudget(), ENV);
    expect(run?.available).toBe(false);
  });
});
