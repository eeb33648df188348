import { describe, expect, it } from 'vitest';

import { runCli, scratchDir, writeManifest } from '../test-support/run-cli.js';

const HEAD = `version: 1
server:
  stdio: { command: node, args: [server.js] }
cases:
`;

async function inScratch(yaml: string, args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { dir, cleanup } = await scratchDir();
  try {
    await writeManifest(dir, yaml, 'm.yaml');
    return await runCli(args, { cwd: dir });
  } finally {
    await cleanup();
  }
}

describe('hostile manifests: exit 2, located, before anything runs', () => {
  it.each([['validate'], ['run']])('%s: a recursive alias is refused at the alias', async (command) => {
    const yaml = `${HEAD}  - id: g\n    dimension: schema-guessability\n    tool: echo\n    arguments: &r { self: *r }\n`;
    const result = await inScratch(yaml, [command, 'm.yaml']);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toBe('m.yaml:8:27: invalid YAML: alias `*r` refers to a node that contains it (a recursive alias)\n');
  });

  it.each([['validate'], ['run']])('%s: a payload-bounds field through __proto__ is refused at the field', async (command) => {
    const yaml = `${HEAD}  - id: p\n    probe: payload-bounds\n    tool: echo\n    arguments: {}\n    length: 16\n    field: /__proto__/nextCursor\n`;
    const result = await inScratch(yaml, [command, 'm.yaml']);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/^m\.yaml:10:12: `field` in case `p` must not contain a `__proto__`, `constructor` or `prototype` token/);
  });

  it('validate: one small anchor reused 150 times is fine', async () => {
    const refs = Array(150).fill('*m').join(', ');
    const yaml = `${HEAD}  - id: g\n    dimension: schema-guessability\n    tool: echo\n    arguments: { m: &m { message: hi }, many: [${refs}] }\n`;
    const result = await inScratch(yaml, ['validate', 'm.yaml']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('ok: 1 case in m.yaml\n');
  });

  it('validate: a billion laughs is refused at its first alias, without expanding it', async () => {
    const lines = ['a: &a [x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 12; i += 1)
      lines.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(', ')}]`,
      );
    const result = await inScratch(`${lines.join('\n')}\n`, ['validate', 'm.yaml']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^m\.yaml:2:8: invalid YAML: aliases expand the document past 100000 nodes/);
  });
});
