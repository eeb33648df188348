import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { evaluatedNothing, nothingLabels } from '../evaluated-nothing.js';
import type { Finding } from '../record.js';
import { SKIP_LABELS, unlessDeclared } from './support/applicability.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import type { SchemaProblem } from './support/schema-validity.js';
import { SchemaChecker } from './support/schema-validity.js';
import { catalogTools } from '../catalog/catalog-snapshot.js';

type Side = 'input' | 'output';
type ToolLabel = `${Side}-schema-${SchemaProblem}` | `${Side}-schema-dialect-unknown`;
export type ToolSchemasLabel =
  'schemas-valid' | 'schemas-invalid' | 'list-unreadable' | 'nothing-listed' | ToolLabel | 'capability-not-declared';

const LABELS: Record<ToolSchemasLabel, string> = {
  'schemas-valid': "Every tool's inputSchema (and outputSchema, where declared) is a valid JSON Schema whose every $ref resolves.",
  'schemas-invalid': 'At least one tool has an unusable schema; each is a finding with the tool name and the reason.',
  ...nothingLabels('list-unreadable', 'nothing-listed'),
  'input-schema-missing': 'Finding: the tool has no inputSchema object.',
  'input-schema-invalid': 'Finding: the inputSchema is not a valid schema of its dialect (2020-12 unless $schema says otherwise).',
  'input-schema-unresolved-ref': 'Finding: the inputSchema has a $ref that resolves to nothing inside it.',
  'input-schema-not-object': 'Finding: the inputSchema is valid but its root is not type "object", as the protocol requires.',
  'input-schema-dialect-unknown':
    'Finding (not a failure): the inputSchema names a $schema dialect MCP Eval cannot validate (it knows 2020-12, 2019-09 and draft-07).',
  'output-schema-missing': 'Finding: the tool declares an outputSchema that is not a JSON object.',
  'output-schema-invalid': 'Finding: the outputSchema is not a valid schema of its dialect (2020-12 unless $schema says otherwise).',
  'output-schema-unresolved-ref': 'Finding: the outputSchema has a $ref that resolves to nothing inside it.',
  'output-schema-not-object':
    'Finding: on a legacy (2025-11-25) server, the outputSchema root is not type "object", as that revision requires.',
  'output-schema-dialect-unknown': 'Finding (not a failure): the outputSchema names a $schema dialect MCP Eval cannot validate.',
  'capability-not-declared': SKIP_LABELS['capability-not-declared'],
};

/**
 * Assertion 5, both eras: every tool's `inputSchema` and `outputSchema` compiles as JSON Schema
 * (2020-12 when no `$schema` says otherwise, SEP-1613) with every `$ref` resolvable. Clients
 * validate arguments against these schemas and models are shown them: a schema that does not
 * compile breaks the tool for every validating client. Findings name the tool and the reason,
 * never the schema text.
 */
export const toolSchemas = defineCheck<ConformanceParams, ToolSchemasLabel>({
  id: 'tool-schemas',
  kind: 'conformance',
  requirements: ['L7', 'M9'],
  title: 'Tool schemas are valid JSON Schema',
  summary: "Every tool's inputSchema and outputSchema is valid JSON Schema (2020-12 by default) with every $ref resolvable.",
  params: NO_PARAMS,
  labels: LABELS,
  async run(ctx): Promise<Outcome<ToolSchemasLabel>> {
    const skip = unlessDeclared(ctx.connection, 'tools');
    if (skip) return skip;
    const walk = await catalogTools(ctx);
    if (walk.problem !== undefined) return evaluatedNothing('list-unreadable', { pages: walk.pages });
    if (walk.items.length === 0) return evaluatedNothing('nothing-listed', { tools: 0 });
    const checker = new SchemaChecker();
    // 2026-07-28 lets an outputSchema have any root; the legacy revision required an object.
    const outputMustBeObject = ctx.connection.era === 'legacy';
    const findings: (Finding & { readonly label: ToolLabel })[] = [];
    const invalidTools = new Set<string>();
    let unknownDialects = 0;
    for (const tool of walk.items) {
      const name = String(tool.name);
      const sides: [Side, unknown, boolean][] = [['input', tool.inputSchema, true]];
      if (tool.outputSchema !== undefined) sides.push(['output', tool.outputSchema, outputMustBeObject]);
      for (const [side, schema, requireObject] of sides) {
        const verdict = checker.check(schema, requireObject);
        if (verdict.ok === true) continue;
        if (verdict.ok === 'unknown-dialect') {
          unknownDialects += 1;
          findings.push({ label: `${side}-schema-dialect-unknown`, tool: name });
          continue;
        }
        invalidTools.add(name);
        findings.push({ label: `${side}-schema-${verdict.problem}`, tool: name });
      }
    }
    const measurements = { tools: walk.items.length, invalidSchemas: findings.length - unknownDialects, unknownDialects };
    const reported = findings.length === 0 ? {} : { findings };
    if (invalidTools.size > 0)
      return { status: 'fail', label: 'schemas-invalid', measurements: { ...measurements, invalidTools: invalidTools.size }, ...reported };
    return { status: 'pass', label: 'schemas-valid', measurements, ...reported };
  },
});
