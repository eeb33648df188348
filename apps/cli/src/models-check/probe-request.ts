import type { ModelParams, ModelRequest, ModelTool } from '@mcp-eval/core';

/**
 * The one tool the probe offers. A model endpoint that cannot take tools is useless to the model
 * layer, so the probe offers one: a 400 for "tools not supported" shows up here, not mid-run.
 */
export const PROBE_TOOL: ModelTool = {
  name: 'ping',
  description: 'Answers pong. Offered by mcp-eval models check; it is never run.',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
};

/** The probe's task: tiny, so the request costs a few dozen tokens. */
export const PROBE_TASK = 'Reply with the single word ok.';

/** The probe asks for at most this many output tokens (16: the smallest every provider takes). */
export const PROBE_MAX_OUTPUT_TOKENS = 16;

/** What a column's probe is sent with: the column's temperature and time limit, no retries. */
export interface ProbeParams {
  /** Omitted: the provider's default, and the check reports `temperature not set`. */
  readonly temperature?: number;
  readonly timeoutMs: number;
}

/**
 * The probe request. `maxRetries: 0`: one request, or two when the model rejects `temperature`
 * (the port retries once without it, which is exactly what the check reports).
 */
export function probeRequest(probe: ProbeParams): ModelRequest {
  const params: ModelParams = {
    ...(probe.temperature === undefined ? {} : { temperature: probe.temperature }),
    maxOutputTokens: PROBE_MAX_OUTPUT_TOKENS,
    timeoutMs: probe.timeoutMs,
    maxRetries: 0,
  };
  return { tools: [PROBE_TOOL], messages: [{ role: 'user', content: PROBE_TASK }], params };
}
