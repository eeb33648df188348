import type { AssertionLevelLabel, CaseRecord, CheckInfo, ExpectedFailureLabel, RunReport } from '@mcp-eval/core';
import { copyCaseRecord, copyFinding, copyModelColumn, copyReviewedEntryState, copyRunGate } from '@mcp-eval/core/record';
import type { Invocation, Location, Log, Notification, Result } from 'sarif';
import { caseDetails, caseHeadline } from './case-message.js';
import { isReviewed, reviewedNote } from './reviewed-note.js';
import type { FormatOptions, Reporter } from './reporter.js';
import { REPOSITORY_URL } from './check-docs-url.js';
import { automationId, caseFingerprint } from './sarif-identity.js';
import type { Level } from './sarif-rules.js';
import { checksOf, ruleLevel, toRule } from './sarif-rules.js';

/**
 * The artifact a result is anchored at when neither the case nor the run has a manifest location
 * (`conformance` and `lint` need no manifest). GitHub rejects the whole file if any result lacks a
 * physical location, and accepts paths that are not in the repository (the alert then shows no
 * snippet). `mcp-eval.yaml` is the default manifest: the file where the server would be declared,
 * and so where a fix would go.
 */
export const PLACEHOLDER_ARTIFACT = 'mcp-eval.yaml';

/** GitHub's cap per run; results past it are dropped, failures before errors, and the drop noted. */
export const MAX_SARIF_RESULTS = 25_000;

/** Findings copied into one result's property bag; the count is always kept. Bounds file size. */
const MAX_FINDINGS_PER_RESULT = 100;

const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

/**
 * SARIF 2.1.0 for GitHub code scanning. One run; one rule per check; one result per `fail` or
 * `error` case (never for `pass` or `skip`, except two conformance passes that are failures the gate
 * lets through: `accepted-failure`, a result with an external accepted suppression, and
 * `should-unmet`, a `note`); a reviewed record (`record.reviewed`, any family and status) is a result
 * with an external accepted suppression naming the reviewed-file entry; a model-layer case has a record per column, so one
 * result per failing case and column, located at the case, its column in the fingerprint. A `fail` takes its rule's level (`error`, or a lint
 * rule's own severity); an `error` case (the evaluator could not run it) is a `warning` located at
 * the case, so the person who can fix the manifest sees it without it outranking real failures.
 * Failures of the evaluator as a whole (`invocationErrors`) are not results: they are
 * `invocations[0].toolExecutionNotifications`, with `executionSuccessful: false`.
 */
export const sarif: Reporter<'sarif'> = {
  name: 'sarif',
  fileExtension: '.sarif',
  format(report: RunReport, options?: FormatOptions): string {
    return `${JSON.stringify(toSarifLog(report, options?.knownChecks), null, 2)}\n`;
  },
};

function toSarifLog(report: RunReport, known: ReadonlyMap<string, CheckInfo> | undefined): Log {
  const checks = checksOf(report, known);
  const ruleIndex = new Map(checks.map((check, index) => [check.id, index]));
  const failing = report.cases.filter(
    (record) => isResult(record.status) || isAcceptedFailure(record) || isUnmetShould(record) || isReviewed(record),
  );
  const kept = keepWithinLimit(failing);
  const seen = new Map<string, number>();
  const results = kept.map((record): Result => {
    const hash = caseFingerprint(record);
    const occurrence = (seen.get(hash) ?? 0) + 1;
    seen.set(hash, occurrence);
    const index = ruleIndex.get(record.check);
    const check = index === undefined ? undefined : checks[index];
    return {
      ruleId: record.check,
      ...(index !== undefined && { ruleIndex: index }),
      level: resultLevel(record, check),
      message: { text: [caseHeadline(record), ...caseDetails(record)].join(' ') },
      locations: [caseLocation(record, report)],
      partialFingerprints: { primaryLocationLineHash: `${hash}:${occurrence}` },
      // Accepted by the user's expected-failures file: shown, but as suppressed (the justification stays in the file).
      ...(isAcceptedFailure(record) && { suppressions: [{ kind: 'external', status: 'accepted' }] }),
      // A reviewed false positive: GitHub shows a result with an accepted external suppression as dismissed.
      ...(isReviewed(record) && { suppressions: [{ kind: 'external', status: 'accepted', justification: reviewedNote(record.reviewed) }] }),
      properties: caseProperties(record),
    };
  });
  const dropped = failing.length - kept.length;
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'mcp-eval',
            version: report.tool.version,
            semanticVersion: report.tool.version,
            informationUri: REPOSITORY_URL,
            rules: checks.map(toRule),
          },
        },
        automationDetails: { id: automationId(report) },
        invocations: [invocation(report, dropped)],
        // JS strings, and the manifest parser's columns, count UTF-16 code units.
        columnKind: 'utf16CodeUnits',
        results,
        properties: {
          command: report.command,
          transport: report.target.transport,
          ...(report.target.protocol !== undefined && { protocol: report.target.protocol }),
          summary: { ...report.summary },
          ...(report.scores !== undefined && { scores: { ...report.scores } }),
          ...(report.gate !== undefined && { gate: copyRunGate(report.gate) }),
          ...(report.models !== undefined && { models: report.models.map(copyModelColumn) }),
          ...(report.reviewedEntries !== undefined && { reviewedEntries: report.reviewedEntries.map(copyReviewedEntryState) }),
        },
      },
    ],
  };
}

/** A conformance failure the expected-failures file accepts: it passes the gate, and is still a (suppressed) result. */
function isAcceptedFailure(record: CaseRecord): boolean {
  return record.status === 'pass' && record.label === ('accepted-failure' satisfies ExpectedFailureLabel);
}

/** A failed SHOULD-level assertion of a run without --strict: it passes the gate, and is still a result, at `note`. */
function isUnmetShould(record: CaseRecord): boolean {
  return record.status === 'pass' && record.label === ('should-unmet' satisfies AssertionLevelLabel);
}

function isResult(status: CaseRecord['status']): boolean {
  switch (status) {
    case 'fail':
    case 'error':
      return true;
    case 'pass':
    case 'skip':
      return false;
    default: {
      const unreachable: never = status;
      return unreachable;
    }
  }
}

function resultLevel(record: CaseRecord, check: CheckInfo | undefined): Level {
  if (isUnmetShould(record)) return 'note';
  return record.status === 'error' ? 'warning' : check === undefined ? 'error' : ruleLevel(check);
}

/**
 * The case's manifest line when it has one; else line 1 of the run's manifest; else line 1 of
 * `PLACEHOLDER_ARTIFACT`. The case, tool and model column also go in `logicalLocations` for other
 * SARIF viewers.
 */
function caseLocation(record: CaseRecord, report: RunReport): Location {
  const file = record.location?.file ?? report.manifest ?? PLACEHOLDER_ARTIFACT;
  return {
    physicalLocation: {
      artifactLocation: { uri: artifactUri(file) },
      region: { startLine: record.location?.line ?? 1, startColumn: record.location?.column ?? 1 },
    },
    logicalLocations: [
      { name: record.id, fullyQualifiedName: `cases/${record.id}`, kind: 'object' },
      ...(record.tool === undefined ? [] : [{ name: record.tool, fullyQualifiedName: `tools/${record.tool}`, kind: 'function' }]),
      ...(record.model === undefined ? [] : [{ name: record.model, fullyQualifiedName: `models/${record.model}`, kind: 'resource' }]),
    ],
  };
}

/**
 * A manifest path as a URI reference. Relative paths stay relative (GitHub resolves them against
 * the checkout root), with `/` separators and each segment percent-encoded. An absolute path
 * becomes a `file:` URI, which is valid SARIF but which GitHub cannot place: the CLI should record
 * repository-relative manifest paths.
 */
function artifactUri(path: string): string {
  const slashed = path.replace(/\\/g, '/').replace(/^(?:\.\/)+/, '');
  const encoded = slashed
    .split('/')
    .map((segment) => (/^[A-Za-z]:$/.test(segment) ? segment : encodeURIComponent(segment)))
    .join('/');
  if (slashed.startsWith('/')) return `file://${encoded}`;
  if (/^[A-Za-z]:\//.test(slashed)) return `file:///${encoded}`;
  return encoded;
}

/**
 * Only record fields (core's one copy of a record, so a new field reaches SARIF too); the case's id,
 * check and location are the result's own, and findings are capped so one lint case cannot blow
 * GitHub's 10 MB limit.
 */
function caseProperties(record: CaseRecord): Record<string, unknown> {
  const findings = record.findings ?? [];
  const {
    id,
    kind: _kind,
    check: _check,
    findings: _findings,
    location,
    durationMs: _durationMs,
    ...fields
  } = copyCaseRecord({ ...record, findings: undefined });
  return {
    caseId: id,
    ...fields,
    located: location !== undefined,
    ...(findings.length > 0 && {
      findingCount: findings.length,
      findings: findings.slice(0, MAX_FINDINGS_PER_RESULT).map((finding) => copyFinding(finding)),
    }),
  };
}

/** At most `MAX_SARIF_RESULTS`, failures first, then in report order. */
function keepWithinLimit(records: readonly CaseRecord[]): readonly CaseRecord[] {
  if (records.length <= MAX_SARIF_RESULTS) return records;
  const ranked = [...records.filter((r) => r.status === 'fail'), ...records.filter((r) => r.status !== 'fail')];
  const kept = new Set(ranked.slice(0, MAX_SARIF_RESULTS));
  return records.filter((record) => kept.has(record));
}

function invocation(report: RunReport, dropped: number): Invocation {
  const notifications: Notification[] = (report.invocationErrors ?? []).map((error) => ({
    level: 'error',
    descriptor: { id: error.label },
    message: { text: `The evaluator could not complete the run: ${error.label}.` },
  }));
  if (dropped > 0) {
    notifications.push({
      level: 'warning',
      descriptor: { id: 'results-truncated' },
      message: {
        text: `${dropped} results past GitHub's limit of ${MAX_SARIF_RESULTS} per run were left out; the JSON report has every case.`,
      },
    });
  }
  const started = Date.parse(report.startedAt);
  return {
    executionSuccessful: (report.invocationErrors ?? []).length === 0,
    ...(Number.isFinite(started) && {
      startTimeUtc: new Date(started).toISOString(),
      endTimeUtc: new Date(started + report.durationMs).toISOString(),
    }),
    ...(notifications.length > 0 && { toolExecutionNotifications: notifications }),
  };
}
