import { defineLintRule, hitsPerTool } from '../lint-rule.js';
import { hasOwnField } from '../read-catalog.js';

// Keywords that pin down a value's shape as well as `type` does.
const TYPING_KEYWORDS = ['type', 'enum', 'const', '$ref', 'anyOf', 'oneOf', 'allOf'];

export const qualityParamTyped = defineLintRule({
  id: 'quality-param-typed',
  layer: 'quality',
  severity: 'medium',
  title: 'Parameters are typed',
  summary: 'Every input parameter says its type (`type`, `enum`, `const`, `$ref` or a combinator).',
  labels: { 'param-untyped': 'At least one input parameter accepts anything: its schema has no type information.' },
  check: (catalog) =>
    hitsPerTool(catalog, (tool) =>
      tool.properties.some((p) => p.schema !== undefined && !TYPING_KEYWORDS.some((k) => hasOwnField(p.schema, k)))
        ? 'param-untyped'
        : undefined,
    ),
});
