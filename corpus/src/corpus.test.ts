import { afterAll, describe, expect, it } from 'vitest';

import { compare } from './compare.js';
import { readExpected } from './expected-files.js';
import { observe } from './observe.js';
import { CORPUS } from './servers.js';

// CORPUS_STRICT=1: every expectation strict, known-wrong markers ignored (the state after the fixes land).
const STRICT = process.env.CORPUS_STRICT === '1';
const tally = { servers: 0, compared: 0, stillWrong: 0 };

describe('corpus: published servers through the built CLI, judged by the oracle', () => {
  afterAll(() => {
    console.log(
      `corpus: ${String(tally.servers)} servers, ${String(tally.compared)} verdicts compared, ${String(tally.stillWrong)} known wrong on this tree`,
    );
  });
  for (const server of CORPUS) {
    it.concurrent(
      server.id,
      async () => {
        const file = readExpected(server.id);
        const observed = await observe(server);
        expect(observed.guardLog, 'a server reached beyond loopback').toBe('');
        // (a) the committed facts are still the server's: the file cannot drift from it.
        expect(observed.facts).toEqual(file.facts);
        // (b) every verdict against the file.
        const result = compare(file, observed.verdicts, STRICT);
        tally.servers += 1;
        tally.compared += result.compared;
        tally.stillWrong += result.stillWrong.length;
        for (const line of result.stillWrong) console.log(`expected failure: ${line}`);
        for (const line of result.fixed) console.log(`known-wrong entry held: ${line}`);
        expect(result.wrong).toEqual([]);
      },
      600_000,
    );
  }
});
