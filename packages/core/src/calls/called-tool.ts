/** `calledTools` for a check whose `tool` parameter names the one tool it calls. */
export function namedTool(params: { readonly tool: string }): readonly string[] {
  return [params.tool];
}
