import { copyCaseRecord, copyCheckInfo } from '../copy-record.js';
import type { RecordFields } from '../copy-record.js';
import type { CaseRecord, CheckInfo, Finding, LintLayer, LintSeverity } from '../record.js';
import { LINT_LAYERS } from '../record.js';
import { safeToolName } from '../tool-name.js';
import type { LintRule } from './lint-rule.js';
import { WHOLE_CATALOG } from './lint-rule.js';
import type { CatalogListingDefect, LintCatalog } from './read-catalog.js';
import { readCatalog } from './read-catalog.js';
import { LINT_RULES } from './rules/index.js';
import type { LintGate, LintScores, RuleTally } from './score-lint.js';
import { assertThreshold, DEFAULT_LINT_THRESHOLD, lintGate, scoreLint } from './score-lint.js';
import type { Suppression } from './suppressions.js';
import { ANY_TOOL, suppressionKey } from './suppressions.js';

export interface LintOptions {
  /** Reviewed lint entries as suppressions (`reviewedSuppressions`; the deprecated suppression file's through `parseSuppressions`). */
  readonly suppressions?: readonly Suppression[];
  /** The gate's minimum overall score, 0-100; default 70. */
  readonly threshold?: number;
  /** The layers to run; default all three. The overall score covers only these. */
  readonly layers?: readonly LintLayer[];
  /** The rules to choose from; default every built-in rule. */
  readonly rules?: readonly LintRule[];
  /** The listing stopped at this defect: `tools` is what was read before it (a protocol finding). */
  readonly listing?: CatalogListingDefect;
}

export interface LintReport {
  /** One record per rule that ran, in registry order. No server text, only names and labels. */
  readonly cases: readonly CaseRecord[];
  /** One entry per rule in `cases`, with its layer and severity, for reporters. */
  readonly checks: readonly CheckInfo[];
  readonly scores: LintScores;
  readonly gate: LintGate;
  readonly gatePassed: boolean;
  /** Suppressions that matched no finding: stale entries the file can drop. */
  readonly unusedSuppressions: readonly Suppression[];
}

/** SARIF `security-severity` for security rules, inside each GitHub band (critical ≥ 9, high ≥ 7…). */
const SECURITY_SEVERITY: Readonly<Record<LintSeverity, number>> = { critical: 9.5, high: 8, medium: 5.5, low: 3, info: 1 };

export function lintCheckInfo(rule: LintRule): CheckInfo {
  const { id, title, summary, layer, severity } = rule;
  return copyCheckInfo({
    id,
    kind: 'lint',
    title,
    summary,
    securitySeverity: layer === 'security' ? SECURITY_SEVERITY[severity] : undefined,
    layer,
    severity,
  });
}

/** One rule's outcome over the catalog: its record, its tally for scoring, and its unsuppressed critical findings. */
interface RuleOutcome {
  readonly record: CaseRecord;
  readonly tally: RuleTally;
  readonly criticalFindings: number;
}

/**
 * Runs one rule, discounting the findings a suppression accepts (recorded in `used`). A rule may
 * only name a tool of this catalog and a label of its own closed set; other hits are dropped.
 */
function runRule(
  rule: LintRule,
  catalog: LintCatalog,
  suppressions: ReadonlyMap<string, Suppression>,
  used: Set<Suppression>,
): RuleOutcome {
  const started = performance.now();
  const findings: RecordFields<Finding>[] = [];
  const failedTools = new Set<number>();
  const wholeCatalog = rule.scope === 'catalog';
  let catalogFailed = false;
  let criticalFindings = 0;
  const ruleWide = suppressions.get(suppressionKey(rule.layer, ANY_TOOL, rule.id));
  for (const hit of rule.check(catalog)) {
    if (!Object.hasOwn(rule.labels, hit.label)) continue;
    // The catalog's own defect names no tool, so only a rule-wide suppression (ANY_TOOL) matches it.
    const tool = wholeCatalog ? undefined : catalog.tools[hit.tool];
    if (wholeCatalog ? hit.tool !== WHOLE_CATALOG : tool === undefined) continue;
    const name = tool === undefined ? undefined : safeToolName(tool.name);
    const suppression = name === undefined ? ruleWide : (suppressions.get(suppressionKey(rule.layer, name, rule.id)) ?? ruleWide);
    if (suppression !== undefined) used.add(suppression);
    else {
      if (wholeCatalog) catalogFailed = true;
      else failedTools.add(hit.tool);
      if (rule.severity === 'critical' && rule.layer !== 'quality') criticalFindings += 1;
    }
    findings.push({
      label: hit.label,
      tool: name,
      measurements: name === undefined ? hit.measurements : { toolIndex: hit.tool, ...hit.measurements },
      suppressed: suppression === undefined ? undefined : true,
    });
  }
  const failed = wholeCatalog ? catalogFailed : failedTools.size > 0;
  const firstFailure = findings.find((f) => f.suppressed !== true);
  // One copy, at the end: the findings' absent fields drop out and their numbers are copied there.
  const record = copyCaseRecord({
    id: rule.id,
    kind: 'lint',
    check: rule.id,
    status: failed ? 'fail' : 'pass',
    label: firstFailure?.label,
    measurements: { tools: catalog.tools.length, failedTools: failedTools.size },
    findings: findings.length === 0 ? undefined : findings,
    runs: 1,
    passes: failed ? 0 : 1,
    passRate: failed ? 0 : 1,
    durationMs: Math.round(performance.now() - started),
  });
  const tally: RuleTally = wholeCatalog
    ? { layer: rule.layer, severity: rule.severity, evaluated: 1, failed: catalogFailed ? 1 : 0 }
    : { layer: rule.layer, severity: rule.severity, evaluated: catalog.tools.length, failed: failedTools.size };
  return { record, tally, criticalFindings };
}

/**
 * Runs the lint rules over a catalog (the `tools` array of `tools/list`, every page joined) and
 * scores it. Records hold rule ids, validated tool names (`<invalid-tool-name>` otherwise), fixed
 * labels and numbers: never a description, schema or any other server text.
 */
export function lintCatalog(tools: unknown, options: LintOptions = {}): LintReport {
  if (!Array.isArray(tools)) throw new TypeError('lint: the catalog must be an array of tools');
  const threshold = options.threshold ?? DEFAULT_LINT_THRESHOLD;
  assertThreshold(threshold);
  const layers = options.layers ?? LINT_LAYERS;
  const rules = (options.rules ?? LINT_RULES).filter((rule) => layers.includes(rule.layer));
  const catalog = readCatalog(tools, options.listing);
  const suppressions = new Map((options.suppressions ?? []).map((s) => [suppressionKey(s.layer, s.tool, s.rule), s]));
  const used = new Set<Suppression>();
  const outcomes = rules.map((rule) => runRule(rule, catalog, suppressions, used));
  const cases = outcomes.map((o) => o.record);
  const tallies = outcomes.map((o) => o.tally);
  const criticalFindings = outcomes.reduce((sum, o) => sum + o.criticalFindings, 0);
  const scores = scoreLint(tallies, layers);
  const gate = lintGate(scores.overall, criticalFindings, threshold);
  return {
    cases,
    checks: rules.map(lintCheckInfo),
    scores,
    gate,
    gatePassed: gate.passed,
    unusedSuppressions: (options.suppressions ?? []).filter((s) => !used.has(s)),
  };
}
