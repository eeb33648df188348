import type { CheckInfo, RunReport } from '@mcp-eval/core';
import type { ReportingDescriptor } from 'sarif';
import { checkDocsUrl } from './check-docs-url.js';

/** A SARIF level, as a rule's default and a result's. */
export type Level = 'error' | 'warning' | 'note';

/**
 * Every check once, in report order, as the caller's registry describes it: a saved report's titles
 * and summaries (markdown links, remote images) never reach code scanning. A check the registry
 * lacks, or one the report's list lacks, gets a fixed neutral rule naming only its id.
 */
export function checksOf(report: RunReport, known: ReadonlyMap<string, CheckInfo> | undefined): CheckInfo[] {
  const registry = known ?? new Map(report.checks.map((check) => [check.id, check]));
  const byId = new Map<string, CheckInfo>();
  for (const { id, kind } of [...report.checks, ...report.cases.map((record) => ({ id: record.check, kind: record.kind }))]) {
    if (!byId.has(id)) byId.set(id, registry.get(id) ?? neutralRule(id, kind));
  }
  return [...byId.values()];
}

function neutralRule(id: string, kind: CheckInfo['kind']): CheckInfo {
  return { id, kind, title: id, summary: 'A check this version of MCP Eval does not describe.' };
}

/** Lint rules carry their own severity; every other check gates, so it is an error. */
export function ruleLevel(check: CheckInfo): Level {
  switch (check.severity) {
    case undefined:
    case 'critical':
    case 'high':
      return 'error';
    case 'medium':
      return 'warning';
    case 'low':
    case 'info':
      return 'note';
    default: {
      const unreachable: never = check.severity;
      return unreachable;
    }
  }
}

export function toRule(check: CheckInfo): ReportingDescriptor {
  const helpUri = checkDocsUrl(check);
  const level = ruleLevel(check);
  const severity = securitySeverity(check);
  const tags = ['mcp', check.kind, ...(check.layer === undefined ? [] : [check.layer]), ...(severity === undefined ? [] : ['security'])];
  return {
    id: check.id,
    shortDescription: { text: check.title },
    fullDescription: { text: check.summary },
    help: {
      text: `${check.summary} Documentation: ${helpUri}`,
      markdown: `${check.summary}\n\nSee [${check.title}](${helpUri}) for what it measures, its parameters and every label.`,
    },
    helpUri,
    defaultConfiguration: { level },
    properties: {
      tags: [...new Set(tags)],
      // GitHub ranks security rules by security-severity (a string), other rules by problem.severity.
      ...(severity === undefined ? { 'problem.severity': level === 'note' ? 'recommendation' : level } : { 'security-severity': severity }),
    },
  };
}

/** `"8.1"`: GitHub reads security-severity as a string in 0.1-10.0; anything else is ignored. */
function securitySeverity(check: CheckInfo): string | undefined {
  const score = check.securitySeverity;
  if (score === undefined || !(score > 0 && score <= 10)) return undefined;
  return score.toFixed(1);
}
