const MAX_NAME_CHARS = 256;

/**
 * The words of a tool or parameter name, lower-cased: `github.createIssue` and
 * `github_create_issue` both give `github`, `create`, `issue`.
 */
export function nameWords(name: string): string[] {
  // Valid names stop at 128 characters; the cap keeps a hostile megabyte-long name (or property
  // key) from making the camel-case split below backtrack quadratically.
  return name
    .slice(0, MAX_NAME_CHARS)
    .split(/[^A-Za-z0-9]+/)
    .flatMap((part) =>
      part
        .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
        .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
        .split(' '),
    )
    .map((word) => word.toLowerCase())
    .filter((word) => word.length > 0);
}

/** The part after the last namespace separator (`.` or `/`): `github.create_issue` → `create_issue`. */
export function localName(name: string): string {
  const cut = Math.max(name.lastIndexOf('.'), name.lastIndexOf('/'));
  return name.slice(cut + 1);
}
