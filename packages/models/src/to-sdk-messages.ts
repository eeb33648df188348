import type { JSONValue, ModelMessage as SdkMessage } from 'ai';
import type { ModelMessage } from '@mcp-eval/core';
import type { ToolAliases } from './tool-aliases.js';

/** The port's conversation in the AI SDK's shape, with tool names aliased for the provider. */
export function toSdkMessages(messages: readonly ModelMessage[], aliases: ToolAliases): SdkMessage[] {
  const alias = (name: string): string => aliases.toProvider.get(name) ?? name;
  return messages.map((message): SdkMessage => {
    switch (message.role) {
      case 'system':
      case 'user':
        return { role: message.role, content: message.content };
      case 'assistant':
        return {
          role: 'assistant',
          content: message.calls.map((call) => ({
            type: 'tool-call' as const,
            toolCallId: call.id,
            toolName: alias(call.name),
            input: call.input,
          })),
        };
      case 'tool':
        return {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: message.id,
              toolName: alias(message.name),
              output: { type: 'json', value: message.result as JSONValue },
            },
          ],
        };
    }
  });
}
