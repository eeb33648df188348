import type { Reporter } from '@mcp-eval/reporters';

import type { BuiltinReporterName } from './builtin-reporters.js';

type TextReporterName = Exclude<BuiltinReporterName, 'html' | 'pdf'>;

/**
 * The text built-ins by name, each loaded from a module of its own, so the bundle gives each its
 * own chunk and a run loads only the reporters it names (junit's XML builder is most of the text
 * reporters' code, and a `--reporter json` run never needs it). Named one by one so the bundle
 * leaves the page reporter out of them.
 */
export async function loadTextReporter(name: TextReporterName): Promise<Reporter> {
  switch (name) {
    case 'json':
      return (await import('./text/json-reporter.js')).json;
    case 'junit':
      return (await import('./text/junit-reporter.js')).junit;
    case 'sarif':
      return (await import('./text/sarif-reporter.js')).sarif;
    case 'pretty':
      return (await import('./text/pretty-reporter.js')).pretty;
    case 'yaml':
      return (await import('./text/yaml-reporter.js')).yaml;
  }
}
