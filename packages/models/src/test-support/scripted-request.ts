import type { ModelMessage, ModelParams, ModelRequest, ModelTool } from '@mcp-eval/core';
import type { Script } from '@mcp-eval/fixture-models';
import { SCRIPTED_TOOLS, SCRIPTS } from '@mcp-eval/fixture-models';

export const TEST_PARAMS: ModelParams = { maxOutputTokens: 256, timeoutMs: 10_000, maxRetries: 0 };

export function findScript(id: string): Script {
  const script = SCRIPTS.find((s) => s.id === id);
  if (script === undefined) throw new Error(`no script ${id}`);
  return script;
}

/** A script's conversation as the port takes it; earlier calls get ids `call-<n>`. */
export function scriptedRequest(id: string, params: Partial<ModelParams> = {}): ModelRequest {
  const messages: ModelMessage[] = [];
  let lastCalls: { id: string; name: string }[] = [];
  let n = 0;
  for (const message of findScript(id).request.messages) {
    switch (message.role) {
      case 'system':
      case 'user':
        messages.push({ role: message.role, content: message.text });
        break;
      case 'assistant': {
        const calls = message.calls.map((call) => ({ id: `call-${n++}`, name: call.name, input: call.input }));
        lastCalls = [...calls];
        messages.push({ role: 'assistant', calls });
        break;
      }
      case 'tool': {
        const call = lastCalls.shift();
        if (call === undefined) throw new Error('a tool result with no call before it');
        messages.push({ role: 'tool', id: call.id, name: call.name, result: message.result });
        break;
      }
    }
  }
  const tools: ModelTool[] = SCRIPTED_TOOLS.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema }));
  return { tools, messages, params: { ...TEST_PARAMS, ...params } };
}
