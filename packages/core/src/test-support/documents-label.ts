/**
 * Whether a docs page documents `label`: literally in backticks, or through a template such as
 * `<surface>-ttl-missing` whose placeholder value (`discover`) the page also names in backticks.
 */
export function documentsLabel(page: string, label: string): boolean {
  if (page.includes(`\`${label}\``)) return true;
  return [...page.matchAll(/`<[a-z-]+>-([a-z-]+)`/g)].some(([, suffix]) => {
    const prefix = label.slice(0, -((suffix ?? '').length + 1));
    return suffix !== undefined && label.endsWith(`-${suffix}`) && prefix !== '' && page.includes(`\`${prefix}\``);
  });
}
