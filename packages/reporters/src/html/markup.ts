/**
 * HTML built only through `h`: every interpolated value is escaped unless it is already `Markup`
 * (built by `h` itself), so no record field, however odd, can open a tag or leave an attribute.
 */
export interface Markup {
  readonly markup: string;
}

export type Interpolated = string | number | Markup | readonly Markup[] | undefined | false;

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text and attribute values alike: the five characters that can change HTML's meaning. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

/** Markup the caller vouches for: only constants (the stylesheet, the script), never record text. */
export function trusted(markup: string): Markup {
  return { markup };
}

function piece(value: Interpolated): string {
  if (value === undefined || value === false) return '';
  if (typeof value === 'string') return escapeHtml(value);
  if (typeof value === 'number') return escapeHtml(String(value));
  if (isMarkupList(value)) return value.map((item) => item.markup).join('');
  return value.markup;
}

function isMarkupList(value: Markup | readonly Markup[]): value is readonly Markup[] {
  return Array.isArray(value);
}

/** A template whose literal parts are markup and whose values are escaped text (or nested `h`). */
export function h(strings: TemplateStringsArray, ...values: readonly Interpolated[]): Markup {
  let markup = strings[0] ?? '';
  values.forEach((value, index) => {
    markup += piece(value) + (strings[index + 1] ?? '');
  });
  return { markup };
}
