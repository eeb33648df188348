/**
 * Whether a tool's description marks it deprecated (`Deprecated: use …`, `[DEPRECATED]`). Read in
 * memory to steer init's choice of tools only; the description is never written anywhere.
 */
const DEPRECATED = /\bdeprecated\b/i;

export function deprecatedByDescription(description: unknown): boolean {
  return typeof description === 'string' && DEPRECATED.test(description);
}
