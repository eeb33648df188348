import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { ModelProvider } from '@mcp-eval/core';
import type { LanguageModel } from 'ai';

/** What a provider's factory is given: the column's key and base URL, and the outbound fetch. */
export interface ProviderSettings {
  readonly apiKey?: string;
  readonly baseURL?: string;
  readonly fetch: typeof fetch;
}

/** One provider: everything the column's availability, its docs row and its model instance need. */
export interface ProviderEntry {
  /** The AI SDK package `create` comes from: a dependency of this package, its pin in docs/models.md. */
  readonly package: string;
  /** The variable the key is read from when the column sets no `api_key`; undefined: a key is optional. */
  readonly keyVariable: string | undefined;
  /** `required`: a column without `base_url` is `model-unavailable`. */
  readonly baseUrl: 'required' | 'optional';
  /** The model instance for a model id (never a bare id string: those route to a hosted gateway). */
  readonly create: (settings: ProviderSettings, model: string) => LanguageModel;
}

/** Every provider a column may name except `lexical`, which is built in and is not a model. */
export type HostedProvider = Exclude<ModelProvider, 'lexical'>;

/**
 * The provider table. Its keys are core's `MODEL_PROVIDER_IDS` (the manifest's and the record's
 * enum), so a provider named there and missing here fails the typecheck. OpenAI goes through chat
 * completions (`.chat`), the wire every OpenAI-compatible server speaks too.
 */
export const PROVIDERS = {
  openai: {
    package: '@ai-sdk/openai',
    keyVariable: 'OPENAI_API_KEY',
    baseUrl: 'optional',
    create: (settings, model) => createOpenAI(settings).chat(model),
  },
  anthropic: {
    package: '@ai-sdk/anthropic',
    keyVariable: 'ANTHROPIC_API_KEY',
    baseUrl: 'optional',
    create: (settings, model) => createAnthropic(settings)(model),
  },
  google: {
    package: '@ai-sdk/google',
    keyVariable: 'GOOGLE_GENERATIVE_AI_API_KEY',
    baseUrl: 'optional',
    create: (settings, model) => createGoogleGenerativeAI(settings)(model),
  },
  'openai-compatible': {
    package: '@ai-sdk/openai-compatible',
    keyVariable: undefined,
    baseUrl: 'required',
    // `baseUrl: 'required'` is checked before `create` is called.
    create: (settings, model) =>
      createOpenAICompatible({ ...settings, name: 'openai-compatible', baseURL: settings.baseURL ?? '' }).chatModel(model),
  },
} as const satisfies Readonly<Record<HostedProvider, ProviderEntry>>;
