import { describe, expect, it } from 'vitest';

import { scanEnvTemplate } from './env-template.js';

describe('scanEnvTemplate', () => {
  it.each([
    ['plain text', 'hello', [{ kind: 'text', text: 'hello' }], [], false],
    ['a lone dollar', 'cost: $5', [{ kind: 'text', text: 'cost: $5' }], [], false],
    [
      'a reference between text',
      'Bearer ${env:TOKEN}!',
      [
        { kind: 'text', text: 'Bearer ' },
        { kind: 'reference', name: 'TOKEN' },
        { kind: 'text', text: '!' },
      ],
      [{ kind: 'reference', name: 'TOKEN', index: 7 }],
      true,
    ],
    ['the escape', '$${env:TOKEN}', [{ kind: 'text', text: '${env:TOKEN}' }], [], true],
    [
      'an escape then a reference',
      '$${x} ${env:_A1}',
      [
        { kind: 'text', text: '${x} ' },
        { kind: 'reference', name: '_A1' },
      ],
      [{ kind: 'reference', name: '_A1', index: 6 }],
      true,
    ],
  ])('%s', (_name, value, parts, markers, active) => {
    const template = scanEnvTemplate(value);
    expect(template.parts).toEqual(parts);
    expect(template.markers).toEqual(markers);
    expect(template.active).toBe(active);
  });

  it.each([
    ['${TOKEN}', '${TOKEN}'],
    ['${env:}', '${env:}'],
    ['${env:1ABC}', '${env:1ABC}'],
    ['${ENV:TOKEN}', '${ENV:TOKEN}'],
    ['${env:TO-KEN}', '${env:TO-KEN}'],
    ['x ${env:UNCLOSED', '${env:UNCLOSED'],
  ])('reports %s as malformed', (value, snippet) => {
    const markers = scanEnvTemplate(value).markers;
    expect(markers).toEqual([{ kind: 'malformed', snippet, index: value.indexOf('${') }]);
  });

  it('shortens a long malformed snippet', () => {
    const [marker] = scanEnvTemplate(`\${${'x'.repeat(100)}}`).markers;
    expect(marker?.kind === 'malformed' && marker.snippet.length).toBe(41);
  });
});
