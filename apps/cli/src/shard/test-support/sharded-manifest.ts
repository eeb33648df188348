import { stdioServerYaml } from '../../test-support/server-yaml.js';

/** Cheap deterministic cases against the reference fixture: passes and failures, dimensions and a probe. */
function deterministicCase(i: number): string {
  switch (i % 4) {
    case 0:
      return `  - { id: budget-${i}, dimension: discovery-cost, max_tools: 40, max_schema_bytes: 65536 }\n`;
    case 1:
      return `  - { id: tight-${i}, dimension: discovery-cost, max_tools: 1, max_schema_bytes: 65536 }\n`;
    case 2:
      return `  - { id: honest-${i}, dimension: error-honesty, tool: get_item, arguments: { id: does-not-exist }, expect_retryable: false }\n`;
    default:
      return `  - { id: quick-${i}, probe: latency-budget, tool: echo, arguments: { message: hello }, max_latency_ms: 60000 }\n`;
  }
}

/** Behavior cases on the built-in lexical selector (no model, no network): a selection and a no-call. */
function behaviorCase(i: number): string {
  return i % 2 === 0
    ? `  - { id: pick-add-${i}, behavior: tool-selection, task: "Add two numbers", expect: { tool: add } }\n`
    : `  - { id: say-thanks-${i}, behavior: no-call, task: "Thanks" }\n`;
}

/**
 * A manifest of `deterministic` + `behavior` cases against the reference fixture over stdio, the
 * behavior cases on two lexical columns. `salt` changes one parameter, making another manifest.
 */
export function shardedManifest(deterministic: number, behavior: number, salt = 0): string {
  const cases = [
    ...Array.from({ length: deterministic }, (_, i) => deterministicCase(i)),
    ...Array.from({ length: behavior }, (_, i) => behaviorCase(i)),
  ];
  return `version: 1
${stdioServerYaml('reference')}
models:
  - { id: lexical, provider: lexical }
  - { id: lexical-two, provider: lexical }
golden: { trials: ${2 + salt} }
cases:
${cases.join('')}`;
}
