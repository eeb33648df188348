import type { ModelFailure, ModelParams, ModelPort, ModelSpend, ModelTool } from '../models/model-port.js';
import type { RoleLedger } from './role-ledger.js';
import { spendOf } from './role-spend.js';

/** The one tool the generator is forced to call. */
export const GENERATOR_TOOL_NAME = 'write_request';

/** A generated request longer than this is unparseable (the tool schema says so too). */
export const MAX_GENERATED_REQUEST_CHARS = 2000;

/** The generator's fixed instructions; what to write follows as the user turn. */
export const GENERATOR_SYSTEM_PROMPT =
  'You write one realistic request a user might send to an assistant that has tools. Follow the ' +
  `instruction in the next message and answer by calling the ${GENERATOR_TOOL_NAME} tool exactly once.`;

const GENERATOR_TOOL: ModelTool = {
  name: GENERATOR_TOOL_NAME,
  description: 'Write the request. Answer only through this tool.',
  inputSchema: {
    type: 'object',
    properties: { request: { type: 'string', minLength: 1, maxLength: MAX_GENERATED_REQUEST_CHARS } },
    required: ['request'],
    additionalProperties: false,
  },
};
const GENERATOR_TOOLS: readonly ModelTool[] = [GENERATOR_TOOL];

export type GeneratorOutcome =
  /** `request` is the generated text: in memory only, never in a record, the cache or output. */
  | (ModelSpend & { readonly kind: 'generated'; readonly request: string })
  /** Not exactly one call to the tool with one non-empty string of at most the bound. */
  | (ModelSpend & { readonly kind: 'generator-unparseable' })
  | ModelFailure;

export interface GeneratorOptions {
  readonly column: string;
  readonly port: ModelPort;
  readonly params: ModelParams;
  readonly ledger?: RoleLedger;
}

export interface Generator {
  readonly column: string;
  /** One forced request; `instruction` (which may quote server text) goes to the generator only. */
  generate(instruction: string, signal?: AbortSignal): Promise<GeneratorOutcome>;
}

export function createGenerator(options: GeneratorOptions): Generator {
  return {
    column: options.column,
    async generate(instruction, signal) {
      const outcome = await options.port.decide({
        tools: GENERATOR_TOOLS,
        messages: [
          { role: 'system', content: GENERATOR_SYSTEM_PROMPT },
          { role: 'user', content: instruction },
        ],
        params: options.params,
        toolChoice: { kind: 'tool', name: GENERATOR_TOOL_NAME },
        ...(signal === undefined ? {} : { signal }),
      });
      const spend = spendOf(outcome);
      options.ledger?.add('generator', options.column, spend);
      if (outcome.kind === 'failure') return outcome;
      const [call, ...rest] = outcome.calls;
      const input = call?.kind === 'call' && call.name === GENERATOR_TOOL_NAME && rest.length === 0 ? call.input : undefined;
      const request =
        input !== undefined && input !== null && typeof input === 'object' && !Array.isArray(input) && Object.keys(input).length === 1
          ? input['request']
          : undefined;
      if (typeof request !== 'string' || request.trim() === '' || request.length > MAX_GENERATED_REQUEST_CHARS) {
        return { kind: 'generator-unparseable', ...spend };
      }
      return { kind: 'generated', request, ...spend };
    },
  };
}
