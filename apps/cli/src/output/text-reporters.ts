import type { Reporter } from '@mcp-eval/reporters';
import { json, junit, pretty, sarif, yaml } from '@mcp-eval/reporters';

import type { BuiltinReporterName } from './builtin-reporters.js';

/** The text built-ins by name; named one by one so the bundle leaves the page reporter out of them. */
export const textReporters: Readonly<Record<Exclude<BuiltinReporterName, 'html' | 'pdf'>, Reporter>> = {
  json,
  junit,
  sarif,
  pretty,
  yaml,
};
