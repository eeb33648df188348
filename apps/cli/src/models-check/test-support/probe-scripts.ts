import { CANARY } from '@mcp-eval/fixture-servers';
import type { Script } from '@mcp-eval/fixture-models';

import { PROBE_TASK, PROBE_TOOL } from '../probe-request.js';

/** A script for the probe request; the model name picks the behaviour. */
const probe = (model: string, reply: Script['reply']): Script => ({
  id: model,
  request: { model, tools: [PROBE_TOOL.name], messages: [{ role: 'user', text: PROBE_TASK }] },
  reply,
});

/** Scripted model text carries the canary, so a test can prove it never reaches the console. */
const ok: Script['reply'] = { kind: 'answer', calls: [], text: `ok ${CANARY}` };

/** The scripted endpoint's answers to `models check`'s probe. */
export const PROBE_SCRIPTS: readonly Script[] = [
  probe('probe-ok', ok),
  probe('probe-rejects-temperature', { kind: 'rejects-temperature', then: ok }),
  probe('probe-slow', { kind: 'slow', delayMs: 30_000, then: ok }),
  probe('probe-rate-limited', { kind: 'rate-limited', headers: { 'retry-after-ms': '200' } }),
  probe('probe-malformed', { kind: 'malformed' }),
];
