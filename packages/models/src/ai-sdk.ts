// `@mcp-eval/models/ai-sdk`: the adapters that take or make AI SDK model instances. A separate
// entry because the AI SDK's declarations need the DOM lib (HeadersInit, FileList) and
// @types/json-schema; the main entry compiles without them.
export type { AiSdkPortOptions } from './ai-sdk-model-port.js';
export { createAiSdkModelPort } from './ai-sdk-model-port.js';
export type { ProviderModelResult } from './create-provider-model.js';
export { createProviderModel } from './create-provider-model.js';
