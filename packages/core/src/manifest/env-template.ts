/**
 * The `${env:NAME}` syntax. One scanner serves validation (parseManifest reports malformed
 * references and records where each one is) and expansion (expandEnv), so both agree exactly.
 *
 * - `${env:NAME}` is a reference; NAME is letters, digits and `_`, not starting with a digit.
 * - `$${` is a literal `${` (so `$${env:X}` stays `${env:X}`).
 * - Any other `${` is an error: a typo such as `${TOKEN}` must not silently stay unexpanded.
 */

export type EnvTemplatePart = { readonly kind: 'text'; readonly text: string } | { readonly kind: 'reference'; readonly name: string };

/** A reference or a malformed `${`, with its index in the scanned string. */
export type EnvTemplateMarker =
  | { readonly kind: 'reference'; readonly name: string; readonly index: number }
  | { readonly kind: 'malformed'; readonly snippet: string; readonly index: number };

export interface EnvTemplate {
  readonly parts: readonly EnvTemplatePart[];
  /** In source order. */
  readonly markers: readonly EnvTemplateMarker[];
  /** True when expanding would change the string (a reference or an escape). */
  readonly active: boolean;
}

const REFERENCE = /^\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/;
const SNIPPET_MAX = 40;

export const ENV_REFERENCE_HINT = 'expected `${env:NAME}` with NAME made of letters, digits and `_`; write `$${` for a literal `${`';

export function scanEnvTemplate(value: string): EnvTemplate {
  const parts: EnvTemplatePart[] = [];
  const markers: EnvTemplateMarker[] = [];
  let active = false;
  let text = '';
  let i = 0;
  while (i < value.length) {
    const dollar = value.indexOf('$', i);
    if (dollar < 0) {
      text += value.slice(i);
      break;
    }
    text += value.slice(i, dollar);
    if (value.startsWith('$${', dollar)) {
      text += '${';
      active = true;
      i = dollar + 3;
      continue;
    }
    if (!value.startsWith('${', dollar)) {
      text += '$';
      i = dollar + 1;
      continue;
    }
    const match = REFERENCE.exec(value.slice(dollar));
    if (match?.[1] !== undefined) {
      if (text) parts.push({ kind: 'text', text });
      text = '';
      parts.push({ kind: 'reference', name: match[1] });
      markers.push({ kind: 'reference', name: match[1], index: dollar });
      active = true;
      i = dollar + match[0].length;
      continue;
    }
    const close = value.indexOf('}', dollar);
    const end = close < 0 ? value.length : close + 1;
    const snippet = end - dollar > SNIPPET_MAX ? `${value.slice(dollar, dollar + SNIPPET_MAX)}…` : value.slice(dollar, end);
    markers.push({ kind: 'malformed', snippet, index: dollar });
    text += '${';
    i = dollar + 2;
  }
  if (text) parts.push({ kind: 'text', text });
  return { parts, markers, active };
}
