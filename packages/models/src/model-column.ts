/** The providers a column may name. `lexical` is built in and is not a model. */
export type ModelProvider = 'openai' | 'anthropic' | 'google' | 'openai-compatible' | 'lexical';

export const MODEL_PROVIDERS: readonly ModelProvider[] = ['openai', 'anthropic', 'google', 'openai-compatible', 'lexical'];

/** One matrix column as the adapters need it (the manifest's `models:` entry, resolved). */
export interface ModelColumn {
  readonly id: string;
  readonly provider: ModelProvider;
  /** The provider's model id; ignored by `lexical`. */
  readonly model?: string;
  /** Any provider: a proxy, a gateway, a local server or emulator. Required for `openai-compatible`. */
  readonly baseUrl?: string;
  /** Undefined: the provider's usual environment variable. Optional for `openai-compatible`. */
  readonly apiKey?: string;
  /** Most bytes one response body may have; default `DEFAULT_MAX_RESPONSE_BYTES`. */
  readonly maxResponseBytes?: number;
  /** Time limit of one HTTP request (the column's `timeout_ms`); the decision's own limit still applies. */
  readonly timeoutMs?: number;
}

/** The variable each provider reads its key from when the column gives none. */
export const PROVIDER_KEY_VARIABLES: Readonly<Record<Exclude<ModelProvider, 'lexical'>, string | undefined>> = {
  openai: 'OPENAI_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
  google: 'GOOGLE_GENERATIVE_AI_API_KEY',
  'openai-compatible': undefined,
};
