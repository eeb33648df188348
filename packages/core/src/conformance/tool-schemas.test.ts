import { describe, expect, it } from 'vitest';

import { ERAS } from '../test-support/matrix.js';
import { conformanceCase } from './test-support/conformance-case.js';
import { toolSchemas } from './tool-schemas.js';

describe.each(ERAS)('tool-schemas (%s)', (protocol) => {
  it('passes the reference server: 2020-12 input and output schemas', async () => {
    const record = await conformanceCase(toolSchemas, 'reference', 'stdio', protocol);
    expect(record).toMatchObject({ status: 'pass', label: 'schemas-valid', measurements: { tools: 11, invalidSchemas: 0 } });
    expect(record.findings).toBeUndefined();
  });

  it('fails a dangling $ref and an unknown type, naming each tool and never the schema', async () => {
    const record = await conformanceCase(toolSchemas, 'conformance-flaws', 'stdio', protocol);
    expect(record).toMatchObject({
      status: 'fail',
      label: 'schemas-invalid',
      measurements: { tools: 13, invalidSchemas: 2, invalidTools: 2 },
    });
    expect(record.findings).toEqual([
      { label: 'input-schema-unresolved-ref', tool: 'dangling_ref' },
      { label: 'input-schema-invalid', tool: 'bad_type' },
    ]);
  });

  it('skips, never passes or fails, when tools/list cannot be read or is empty', async () => {
    const unreadable = await conformanceCase(toolSchemas, 'unreadable-lists', 'stdio');
    expect(unreadable).toMatchObject({ status: 'skip', label: 'list-unreadable', measurements: { pages: 1 } });
    const empty = await conformanceCase(toolSchemas, 'unreadable-lists', 'stdio', 'auto', { FIXTURE_FLAW: 'empty' });
    expect(empty).toMatchObject({ status: 'skip', label: 'nothing-listed' });
  });
});
