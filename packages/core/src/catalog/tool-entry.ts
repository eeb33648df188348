/**
 * The members of a `tools/list` entry a model is shown: name, description and input schema, nothing
 * else (annotations, output schema and `_meta` stay with the client). token-cost prices these, and
 * a list walk measures them as each tool arrives.
 */
export const TOOL_ENTRY_MEMBERS: ReadonlySet<string> = new Set(['name', 'description', 'inputSchema']);
