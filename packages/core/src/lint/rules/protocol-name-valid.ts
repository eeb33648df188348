import { isValidToolName } from '../../tool-name.js';
import { defineLintRule, hitsPerTool } from '../lint-rule.js';

export const protocolNameValid = defineLintRule({
  id: 'protocol-name-valid',
  layer: 'protocol',
  severity: 'high',
  title: 'Tool names follow the MCP naming rules',
  summary: 'Every tool name is 1-128 characters from A-Z, a-z, 0-9, `_`, `-`, `.` and `/` (SEP-986).',
  labels: {
    'name-too-long': 'The name is longer than 128 characters.',
    'name-invalid-characters': 'The name holds characters outside A-Z, a-z, 0-9, `_`, `-`, `.` and `/` (spaces, for example).',
  },
  check: (catalog) =>
    hitsPerTool(catalog, (tool) => {
      // Missing and empty names are protocol-name-present's to report.
      const name = tool.name;
      if (name === undefined || name.trim() === '') return undefined;
      if (name.length > 128) return 'name-too-long';
      return isValidToolName(name) ? undefined : 'name-invalid-characters';
    }),
});
