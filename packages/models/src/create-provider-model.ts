import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { ModelColumn } from './model-column.js';
import { PROVIDER_KEY_VARIABLES } from './model-column.js';
import { createOutboundFetch } from './outbound-fetch.js';

/** Why a column has no model instance; the column is `model-unavailable` and nothing is sent. */
export type ProviderModelProblem = 'no-api-key' | 'no-base-url' | 'no-model';

export type ProviderModelResult =
  { readonly kind: 'model'; readonly model: LanguageModel } | { readonly kind: 'unavailable'; readonly problem: ProviderModelProblem };

/**
 * A model instance for a provider column. The key is resolved here, once: the column's
 * `apiKey`, else the provider's variable in `env`; none means unavailable (never a hang, never
 * a request). OpenAI goes through chat completions (`.chat`), the wire every OpenAI-compatible
 * server speaks too. Every provider sends through `createOutboundFetch` (no redirects, a capped
 * body, the column's timeout per request), never the global `fetch`.
 */
export function createProviderModel(
  column: ModelColumn,
  env: Readonly<Record<string, string | undefined>> = process.env,
): ProviderModelResult {
  if (column.provider === 'lexical') throw new Error('the lexical column has no provider model');
  if (column.model === undefined || column.model === '') return { kind: 'unavailable', problem: 'no-model' };
  const variable = PROVIDER_KEY_VARIABLES[column.provider];
  const apiKey = column.apiKey ?? (variable === undefined ? undefined : env[variable]);
  const baseURL = column.baseUrl;
  const fetch = createOutboundFetch({
    ...(column.maxResponseBytes === undefined ? {} : { maxResponseBytes: column.maxResponseBytes }),
    ...(column.timeoutMs === undefined ? {} : { timeoutMs: column.timeoutMs }),
  });
  switch (column.provider) {
    case 'openai-compatible':
      if (baseURL === undefined) return { kind: 'unavailable', problem: 'no-base-url' };
      return {
        kind: 'model',
        model: createOpenAICompatible({ name: 'openai-compatible', baseURL, fetch, ...(apiKey === undefined ? {} : { apiKey }) }).chatModel(
          column.model,
        ),
      };
    case 'openai':
      if (apiKey === undefined || apiKey === '') return { kind: 'unavailable', problem: 'no-api-key' };
      return { kind: 'model', model: createOpenAI({ apiKey, fetch, ...(baseURL === undefined ? {} : { baseURL }) }).chat(column.model) };
    case 'anthropic':
      if (apiKey === undefined || apiKey === '') return { kind: 'unavailable', problem: 'no-api-key' };
      return { kind: 'model', model: createAnthropic({ apiKey, fetch, ...(baseURL === undefined ? {} : { baseURL }) })(column.model) };
    case 'google':
      if (apiKey === undefined || apiKey === '') return { kind: 'unavailable', problem: 'no-api-key' };
      return {
        kind: 'model',
        model: createGoogleGenerativeAI({ apiKey, fetch, ...(baseURL === undefined ? {} : { baseURL }) })(column.model),
      };
  }
}
