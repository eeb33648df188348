/**
 * Labels the engine itself assigns, whatever the check. Always with status `error`: the
 * evaluator could not get a verdict from the server.
 */
export const ENGINE_LABELS = {
  'case-timeout': 'The case did not finish within its time limit; its connection was closed.',
  'connect-failed': 'No connection to the server could be established for this case.',
  'evaluator-error': 'The check itself failed unexpectedly (a bug in MCP Eval, not the server).',
  'tool-not-listed':
    'The case names a tool the catalog (tools/list, read to its end) does not list: the manifest is stale (a tool renamed or removed), so nothing was sent. Fix the manifest (`mcp-eval init` writes a fresh one).',
} as const;

export type EngineLabel = keyof typeof ENGINE_LABELS;
