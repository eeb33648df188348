import type { RuleExpectation } from './rules.js';

/**
 * Expectations the oracle cannot derive (lint reads descriptions; a tool's speed is not a wire
 * fact), written by hand. Each entry says why in `source` and in corpus/README.md.
 */
export const HAND_WRITTEN: Readonly<Record<string, readonly RuleExpectation[]>> = {
  'chrome-devtools': ['lint', 'scan'].map((command) => ({
    key: `${command} security-prompt-injection`,
    // fill_form's description tells the model to prefer it over the server's own fill/click tools:
    // routing between one server's tools, not manipulating the model's preference for other servers.
    source: 'hand:self-reference-is-not-manipulation',
    findingsAbsent: ['preference-manipulation fill_form'],
    defect: "lint-self-reference: a description that points at its own server's tools gets critical preference-manipulation",
  })),
  context7: ['lint', 'scan'].map((command) => ({
    key: `${command} security-annotation-consistency`,
    // resolve-library-id maps a name to an id and returns matches: it writes nothing.
    source: 'hand:resolve-is-a-read',
    findingsAbsent: ['read-only-write-verb resolve-library-id'],
    defect: 'lint-write-verb: "resolve" is read as a write verb on a read-only tool',
  })),
  ...Object.fromEntries(
    ['server-everything-stdio', 'server-everything-http'].map((id) => [
      id,
      [
        {
          key: 'scan degradation-over-n/trigger-long-running-operation',
          // The tool sleeps (10 s by default) and then succeeds: slow is a latency verdict, never broken.
          source: 'hand:slow-is-latency',
          labelNot: ['failed-from-start'],
          defect: 'slow-as-broken: degradation-over-n reports failed-from-start for a call that succeeds after its delay',
        },
      ],
    ]),
  ),
};
