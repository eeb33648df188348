import { describe, expect, it } from 'vitest';

import { parseCatalogFile } from './parse-catalog-file.js';

const tool = { name: 'get_weather_forecast', inputSchema: { type: 'object' } };

describe('parseCatalogFile', () => {
  it('reads a tools/list result, a JSON-RPC response around one, or a bare array', () => {
    expect(parseCatalogFile(JSON.stringify({ tools: [tool], nextCursor: 'x' }))).toEqual({ ok: true, tools: [tool] });
    expect(parseCatalogFile(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { tools: [tool] } }))).toEqual({ ok: true, tools: [tool] });
    expect(parseCatalogFile(`\uFEFF${JSON.stringify([tool])}`)).toEqual({ ok: true, tools: [tool] });
  });

  it('fails with a label, never a parser message', () => {
    expect(parseCatalogFile('{"tools": [')).toEqual({ ok: false, label: 'catalog-not-json' });
    expect(parseCatalogFile('{"tools": {}}')).toEqual({ ok: false, label: 'catalog-not-tools' });
    expect(parseCatalogFile('"tools"')).toEqual({ ok: false, label: 'catalog-not-tools' });
    expect(parseCatalogFile('{"result": {"items": []}}')).toEqual({ ok: false, label: 'catalog-not-tools' });
  });
});
