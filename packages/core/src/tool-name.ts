/** MCP tool-name rules (SEP-986): 1-128 characters from A-Z a-z 0-9 _ - . / */
const TOOL_NAME = /^[A-Za-z0-9_\-./]{1,128}$/;

/** Stands in for a tool name that breaks the rules, so no arbitrary server text reaches a record. */
export const INVALID_TOOL_NAME = '<invalid-tool-name>';

export function isValidToolName(name: unknown): name is string {
  return typeof name === 'string' && TOOL_NAME.test(name);
}

export function safeToolName(name: unknown): string {
  return isValidToolName(name) ? name : INVALID_TOOL_NAME;
}
