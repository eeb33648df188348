import type { SourceLocation } from '../record.js';
import { escapeTerminalText } from '../terminal-text.js';
import type { Manifest } from './manifest-types.js';

/** A problem with a manifest, located in it. Messages never contain expanded `${env:…}` values. */
export interface ManifestError extends SourceLocation {
  readonly message: string;
}

export type ManifestResult =
  { readonly ok: true; readonly manifest: Manifest } | { readonly ok: false; readonly errors: readonly ManifestError[] };

/** `file:line:column: message`, the form editors and terminals turn into links. */
export function formatManifestError(error: ManifestError): string {
  // A message may quote the file's own keys or values (an unknown key): escaped, so they stay text.
  return escapeTerminalText(`${error.file}:${error.line}:${error.column}: ${error.message}`);
}

/** Source order, then message, without duplicates: stable output for people and tests. */
export function sortManifestErrors(errors: readonly ManifestError[]): ManifestError[] {
  const seen = new Set<string>();
  return [...errors]
    .sort((a, b) => a.line - b.line || a.column - b.column || a.message.localeCompare(b.message))
    .filter((e) => {
      const key = formatManifestError(e);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
