import { defineCheck } from '../../check.js';
import type { CheckDefinition, JsonSchema } from '../../check.js';

/**
 * Test-only check definitions whose parameter schemas mirror DESIGN section 5's table, so the
 * manifest is tested without depending on the real check modules. `run` is never called here.
 */

const notRun = (): never => {
  throw new Error('manifest tests never run checks');
};

const call: JsonSchema = {
  type: 'object',
  properties: {
    tool: { type: 'string', minLength: 1 },
    arguments: { type: 'object' },
    mutating: { type: 'boolean', default: false },
  },
  required: ['tool', 'arguments'],
  additionalProperties: false,
};

export const discoveryCost = defineCheck<unknown, 'catalog-too-large'>({
  id: 'discovery-cost',
  kind: 'dimension',
  title: 'Discovery cost',
  summary: 'The catalog stays within max_tools tools and max_schema_bytes bytes.',
  params: {
    type: 'object',
    properties: {
      max_tools: { type: 'integer', minimum: 1, description: 'Most tools allowed.' },
      max_schema_bytes: { type: 'integer', minimum: 1, description: 'Most catalog bytes allowed.' },
    },
    required: ['max_tools', 'max_schema_bytes'],
    additionalProperties: false,
  },
  labels: { 'catalog-too-large': 'The catalog exceeds a budget.' },
  run: notRun,
});

export const schemaGuessability = defineCheck<unknown, 'call-failed'>({
  id: 'schema-guessability',
  kind: 'dimension',
  title: 'Schema guessability',
  summary: 'Naive arguments built from the schema succeed.',
  params: {
    type: 'object',
    properties: {
      tool: { type: 'string', minLength: 1, description: 'The tool to call.' },
      arguments: { type: 'object', description: 'The naive arguments.' },
    },
    required: ['tool', 'arguments'],
    additionalProperties: false,
  },
  labels: { 'call-failed': 'The call failed.' },
  run: notRun,
});

/** Nested parameters through a local `$ref`, as a check with a shared sub-schema would write them. */
export const stateRecovery = defineCheck<unknown, 'recovery-failed'>({
  id: 'state-recovery',
  kind: 'dimension',
  title: 'State recovery',
  summary: 'Failure, recovery and validation calls behave.',
  params: {
    type: 'object',
    $defs: { call },
    properties: {
      failure: { $ref: '#/$defs/call' },
      recovery: { $ref: '#/$defs/call' },
      validation: { $ref: '#/$defs/call' },
    },
    required: ['failure', 'recovery', 'validation'],
    additionalProperties: false,
  },
  labels: { 'recovery-failed': 'Recovery failed.' },
  run: notRun,
});

export const errorHonesty = defineCheck<unknown, 'not-honest'>({
  id: 'error-honesty',
  kind: 'dimension',
  title: 'Error honesty',
  summary: 'Errors are stable and honest about retrying.',
  params: {
    type: 'object',
    properties: {
      tool: { type: 'string', minLength: 1 },
      arguments: { type: 'object' },
      expect_retryable: { type: 'boolean' },
      max_attempts: { type: 'integer', minimum: 2, default: 3 },
      error_code_pointer: { type: 'string', format: 'json-pointer' },
      retryable_pointer: { type: 'string', format: 'json-pointer' },
    },
    required: ['tool', 'arguments', 'expect_retryable'],
    additionalProperties: false,
  },
  labels: { 'not-honest': 'Not honest.' },
  run: notRun,
});

export const contention = defineCheck<unknown, 'call-failed'>({
  id: 'contention',
  kind: 'dimension',
  title: 'Contention',
  summary: 'Two clients calling at once both succeed.',
  params: {
    type: 'object',
    properties: {
      tool: { type: 'string', minLength: 1 },
      arguments: { type: 'object' },
      clients: { type: 'integer', minimum: 2, default: 2 },
    },
    required: ['tool', 'arguments'],
    additionalProperties: false,
  },
  labels: { 'call-failed': 'A call failed.' },
  run: notRun,
});

export const tokenCost = defineCheck<unknown, 'over-budget'>({
  id: 'token-cost',
  kind: 'probe',
  title: 'Token cost',
  summary: 'Tool entries stay within token budgets.',
  params: {
    type: 'object',
    properties: {
      max_total_tokens: { type: 'integer', minimum: 1 },
      max_tool_tokens: { type: 'integer', minimum: 1 },
    },
    required: ['max_total_tokens'],
    additionalProperties: false,
  },
  labels: { 'over-budget': 'Over budget.' },
  run: notRun,
});

export const pagination = defineCheck<unknown, 'bad-page'>({
  id: 'pagination',
  kind: 'probe',
  title: 'Pagination',
  summary: 'tools/list pages are well formed.',
  params: {
    type: 'object',
    properties: { max_pages: { type: 'integer', minimum: 1, default: 100 } },
    additionalProperties: false,
  },
  labels: { 'bad-page': 'A bad page.' },
  run: notRun,
});

/** Enough of DESIGN section 3's checks to parse its example manifest. */
export const testChecks: readonly CheckDefinition[] = [
  discoveryCost,
  schemaGuessability,
  errorHonesty,
  stateRecovery,
  contention,
  tokenCost,
  pagination,
] as readonly CheckDefinition[];
