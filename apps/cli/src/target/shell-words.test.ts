import { describe, expect, it } from 'vitest';

import { UsageError } from '../cli-error.js';
import { splitShellWords } from './shell-words.js';

describe('splitShellWords', () => {
  it.each([
    ['node server.js', ['node', 'server.js']],
    ['  npx   -y  pkg  ', ['npx', '-y', 'pkg']],
    [`node "my server.js" --name 'a b'`, ['node', 'my server.js', '--name', 'a b']],
    [`echo 'it''s' "x"y`, ['echo', 'its', 'xy']],
    [`a "q\\"uote" "back\\\\slash" "keep\\n"`, ['a', 'q"uote', 'back\\slash', 'keep\\n']],
    [`a 'no $expansion \\ here'`, ['a', 'no $expansion \\ here']],
    ['a\\ b c', ['a b', 'c']],
    [`a "" ''`, ['a', '', '']],
    ['tab\tseparated\nlines', ['tab', 'separated', 'lines']],
    ['', []],
  ])('%j → %j', (line, words) => {
    expect(splitShellWords(line, '--stdio')).toEqual(words);
  });

  it.each([[`node "open`], [`node 'open`], ['node trailing\\']])('%j is a usage error', (line) => {
    expect(() => splitShellWords(line, '--stdio')).toThrow(UsageError);
  });
});
