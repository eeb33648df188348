import type { RunReport } from '@mcp-eval/core';
import { stringify } from 'yaml';
import { json } from './json.js';
import type { Reporter } from './reporter.js';

/**
 * The JSON report as YAML: the same envelope, the same schema (`report.schema.json`), built from
 * the `json` reporter's output so it carries exactly what JSON carries (the record boundary is kept
 * in one place) and in the same key order. Parsed back, it is a report `parseReport` accepts.
 */
export const yaml: Reporter<'yaml'> = {
  name: 'yaml',
  fileExtension: '.yaml',
  format(report: RunReport): string {
    const envelope: unknown = JSON.parse(json.format(report));
    // No folded lines and no anchors: every value is written whole, where it belongs.
    return stringify(envelope, { lineWidth: 0, aliasDuplicateObjects: false });
  },
};
