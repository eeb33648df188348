// The public surface of @mcp-eval/core. Named exports only: adding a symbol here makes it public API.
export type { CheckContext, CheckDefinition, JsonSchema, Outcome, ParamsSchema } from './check.js';
export { defineCheck } from './check.js';
// The port and the protocol vocabulary live in @mcp-eval/protocol; re-exported so core's API keeps them.
export type {
  ConnectFailure,
  Connection,
  ConnectionDiagnostics,
  Connector,
  ErrorExchange,
  Exchange,
  ExchangeMeasurements,
  FailedExchange,
  FailureKind,
  JsonObject,
  JsonRpcErrorObject,
  JsonValue,
  ProtocolChoice,
  ProtocolEra,
  RawMessage,
  RequestOptions,
  ResultExchange,
  ServerExit,
  TransportKind,
} from '@mcp-eval/protocol';
export { ConnectError, FAILURE_KINDS, isRecord } from '@mcp-eval/protocol';
export type {
  CaseRecord,
  CatalogFingerprints,
  CheckInfo,
  CheckKind,
  Finding,
  Gate,
  LintLayer,
  Measurements,
  ModelColumn,
  ModelProvider,
  RecordEra,
  ReviewedEntryState,
  RunGate,
  RunReport,
  RunSummary,
  RunTarget,
  SourceLocation,
  Status,
} from './record.js';
export { LINT_LAYERS, LINT_SEVERITIES, summarize } from './record.js';
export type { ScanGateFailure } from './record-gate.js';
export { SCAN_GATE_FAILURES } from './record-gate.js';
export { isValidToolName, safeToolName } from './tool-name.js';
export { escapeLine, escapeTerminalText } from './terminal-text.js';
export { parseJsonUnique } from './parse-json-unique.js';
export type { GateDecision, GateOpenedBy, MutationGateLabel } from './calls/mutation-gate.js';
export { MUTATION_GATE_LABELS, READ_ONLY_PARAM, annotatedReadOnly, gateFromWalk, passMutationGate } from './calls/mutation-gate.js';
export { effectiveAnnotations } from './calls/tool-annotations.js';
export { abortableDelay } from './calls/abortable-delay.js';
export { listTools } from './catalog/list-tools.js';
export type { CatalogBudget } from './catalog/catalog-budget.js';
export { DEFAULT_CATALOG_BUDGET, DEFAULT_CATALOG_MAX_BYTES, DEFAULT_CATALOG_MAX_ITEMS, MAX_ITEM_DEPTH } from './catalog/catalog-budget.js';
export type { JsonSize } from './catalog/measure-json.js';
export { measureJson } from './catalog/measure-json.js';
export type { ListWalk } from './catalog/walk-list.js';
export { encodedBytes, LIST_WALK_PROBLEMS, walkList } from './catalog/walk-list.js';
export { DRIFT_CLASSES, DRIFT_LABELS } from './drift/drift-labels.js';
export { DRIFT_CHECK_INFO } from './drift/drift-records.js';
export { CHECKS, checks, findCheck } from './checks/index.js';
export { casesFromManifest } from './engine/cases-from-manifest.js';
export { YamlMap } from './starter/starter-case.js';
export type { StarterArgument, StarterBuilder, StarterCase, StarterInput, StarterTool, YamlEntry } from './starter/starter-case.js';
export { plural } from './starter/call-entries.js';
export type { CheckId } from './checks/index.js';
export { discoveryCost } from './checks/discovery-cost.js';
export { entryBytes, entryTokens, tokenCost } from './checks/token-cost.js';
export { pagination } from './checks/pagination.js';
export type { RunReportInput } from './engine/create-run-report.js';
export { checkInfo, createRunReport } from './engine/create-run-report.js';
export { ENGINE_LABELS } from './engine/engine-labels.js';
export type { EngineCase, Evaluation, EvaluateOptions } from './engine/evaluate.js';
export { evaluate } from './engine/evaluate.js';
export type { RunTrace } from './trace/run-trace.js';
export { createRunTrace, endRunTrace } from './trace/run-trace.js';
export type { SpanRecord, SpanStatus } from './trace/span-record.js';
export { parseTraceparent } from './trace/trace-ids.js';
export { resolveAddress, withValueAt } from './json-pointer.js';
export type { BaselineLabel } from './baseline/baseline-labels.js';
export { BASELINE_LABELS } from './baseline/baseline-labels.js';
export type { BaselineComparison, BaselineOptions, BaselineVerdict, CaseComparison } from './baseline/compare-with-baseline.js';
export { MANIFEST_MAX_EXPANDED_BYTES, MANIFEST_MAX_EXPANDED_NODES } from './manifest/alias-expansion.js';
export { describeSchema } from './manifest/describe-schema.js';
export type { ExpandEnvOptions, ExpandEnvResult } from './manifest/expand-env.js';
export { expandEnv } from './manifest/expand-env.js';
export { expandColumnValue } from './manifest/expand-env-string.js';
export { serverValueProblem } from './manifest/server-values.js';
export { loadManifest } from './manifest/load-manifest.js';
export type { ManifestError, ManifestResult } from './manifest/manifest-error.js';
export { formatManifestError } from './manifest/manifest-error.js';
export { buildManifestSchema, DEFAULT_TIMEOUT_MS, ENV_NAME_PATTERN, MANIFEST_SCHEMA_ID, MAX_PASS_ENV } from './manifest/manifest-schema.js';
export type { CaseKind, CaseSpec, EnvReference, HttpServerSpec, Manifest, ServerSpec, StdioServerSpec } from './manifest/manifest-types.js';
export { parseManifest } from './manifest/parse-manifest.js';
// Build-time ajv standalone modules (reporters' report validator; core's own manifest validators).
export { standaloneModule } from './validators/standalone-module.js';
export type { YamlPath } from './manifest/yaml-locator.js';
export { resolveServerCwd } from './manifest/resolve-server-cwd.js';
export type { LintOptions, LintReport } from './lint/lint-catalog.js';
export { lintCatalog, lintCheckInfo } from './lint/lint-catalog.js';
export type { LintRule } from './lint/lint-rule.js';
export { defineLintRule, hitsPerTool, WHOLE_CATALOG } from './lint/lint-rule.js';
export { parseCatalogFile } from './lint/parse-catalog-file.js';
export type { CatalogListingDefect, CatalogProperty, CatalogTool, LintCatalog } from './lint/read-catalog.js';
export { LINT_RULES } from './lint/rules/index.js';
export type { Suppression } from './lint/suppressions.js';
export { parseSuppressions, SUPPRESSIONS_FILE } from './reviewed/suppressions-file.js';
export type { ReviewedEntry } from './reviewed/reviewed-entry.js';
export { isoDay, REVIEWED_FILE } from './reviewed/reviewed-entry.js';
export { parseReviewed } from './reviewed/parse-reviewed.js';
export { applyReviewed, countsAsFailure } from './reviewed/apply-reviewed.js';
export { reviewedSuppressions } from './reviewed/reviewed-suppressions.js';
export { CONFORMANCE_CHECKS, conformanceChecks, findConformanceCheck } from './conformance/index.js';
export type { ConformanceCheckId } from './conformance/index.js';
export type { RecordedExchange } from './conformance/support/recording-connection.js';
export { recordingConnection } from './conformance/support/recording-connection.js';
export type { ConformanceOptions, EraConnector } from './conformance/run-conformance.js';
export { runConformance, runConformanceEras } from './conformance/run-conformance.js';
export type { ExpectedFailure } from './conformance/gate/expected-failures.js';
export { MAX_EXPECTED_FAILURES_BYTES, parseExpectedFailures } from './conformance/gate/expected-failures.js';
export type { ExpectedFailureLabel, ExpectedFailuresApplied } from './conformance/gate/apply-expected-failures.js';
export { applyExpectedFailures, EXPECTED_FAILURE_LABELS } from './conformance/gate/apply-expected-failures.js';
export { compareConformanceBaseline } from './conformance/gate/compare-conformance-baseline.js';
export type { AssertionLevelLabel } from './conformance/gate/apply-assertion-levels.js';
export { applyAssertionLevels, ASSERTION_LEVEL_LABELS } from './conformance/gate/apply-assertion-levels.js';
export { SCAN_DEFAULTS } from './scan/scan-defaults.js';
export { scanCatalogCases, scanDegradationCases, scanLatencyCases, scanTimedTools } from './scan/scan-cases.js';
export { scanGate } from './scan/scan-gate.js';
// The model layer's port and statistics (docs/model-layer.md).
export type {
  ModelDecision,
  ModelFailure,
  ModelFailureKind,
  ModelFinish,
  ModelMessage,
  ModelOutcome,
  ModelParams,
  ModelPort,
  ModelRequest,
  ModelSpend,
  ModelTool,
  ModelToolCall,
  ModelUsage,
} from './models/model-port.js';
export { MODEL_FAILURE_KINDS, MODEL_FINISHES } from './models/model-port.js';
export type { Interval } from './models/wilson.js';
export { WILSON_Z, wilsonInterval } from './models/wilson.js';
export type { DeltaComparison, DeltaVerdict, PassCount } from './models/newcombe.js';
export { compareProportions, DELTA_VERDICTS, newcombeInterval } from './models/newcombe.js';
// The behavior family's pure logic (docs/model-layer.md): argument matching, trial classification, the fold,
// scores, baselines, the conversation driver and the outcome cache key.
export type { ArgumentMatch, MatchMode } from './behavior/argument-match.js';
export { allowsOmission, MATCH_MODES, matchesValue } from './behavior/argument-match.js';
export type { PatternResult } from './behavior/bounded-regex.js';
export { MAX_PATTERN_INPUT_CHARS, MAX_PATTERN_SOURCE_CHARS, PATTERN_TIME_LIMIT_MS, testPattern } from './behavior/bounded-regex.js';
export { canonicalEqual } from './behavior/canonical-equal.js';
export { normalizeString, normalizeValue } from './behavior/normalize-value.js';
export type { InputSchema, JsonType } from './behavior/input-schema.js';
export { MAX_VALIDATED_SCHEMA_BYTES, prepareInputSchema } from './behavior/input-schema.js';
export type { ArgumentExpectations, ArgumentLabel, ArgumentVerdict } from './behavior/judge-arguments.js';
export { ARGUMENT_LABELS, judgeArguments } from './behavior/judge-arguments.js';
export type { CatalogCall, Conversation, ConversationEnd, ConversationOptions, FedResult, Turn } from './behavior/conversation.js';
export { MAX_CONVERSATION_TURNS, runConversation } from './behavior/conversation.js';
export type { LiveResult } from './behavior/live-result.js';
export { EMPTY_STUB } from './behavior/live-result.js';
export type { SelectionExpectation, SelectionVerdict, ToolSelectionLabel } from './behavior/tool-selection.js';
export { classifySelection, selectionPolicy, TOOL_SELECTION_LABELS } from './behavior/tool-selection.js';
export type { SequenceExpectation, SequenceOrder, SequenceStep, SequenceVerdict, ToolSequenceLabel } from './behavior/tool-sequence.js';
export { classifySequence, liveTools, sequencePolicy, TOOL_SEQUENCE_LABELS } from './behavior/tool-sequence.js';
export type { NoCallLabel } from './behavior/no-call.js';
export { classifyNoCall, NO_CALL_LABELS, NO_CALL_POLICY } from './behavior/no-call.js';
export type { ArgumentSpec, TrialOutcome } from './behavior/trial-outcome.js';
export { NO_CORRECT_SELECTION, noCallTrial, selectionTrial, sequenceTrial } from './behavior/trial-outcome.js';
export { isTrialOutcome, MAX_TRIAL_MEASUREMENTS, replayedTrial, TRIAL_LABELS } from './behavior/trial-labels.js';
export type { BehaviorCheck, FoldedRecord } from './behavior/fold-trials.js';
export { BEHAVIOR_CHECKS, foldTrials, median } from './behavior/fold-trials.js';
export type { ColumnScores, ScoredRecord } from './behavior/column-scores.js';
export { columnScores } from './behavior/column-scores.js';
export type { ComparedRecord, ModelBaselineComparison, ModelCaseDelta, ModelColumnDelta } from './behavior/compare-model-baseline.js';
export { compareModelBaseline } from './behavior/compare-model-baseline.js';
export type { CachedModelIdentity, OutcomeKeyInput } from './behavior/outcome-cache-key.js';
export { canonicalJson, MODEL_LAYER_VERSION, outcomeCacheKey, surfaceHash } from './behavior/outcome-cache-key.js';
// The judge and generator roles (docs/judge.md): what the CLI and the models package's tests use.
export type { VerdictSchema } from './behavior/judge-verdict.js';
export { VERDICT_TOOL_NAME } from './behavior/judge-verdict.js';
export { createJudge } from './behavior/judge.js';
export { createGenerator, GENERATOR_TOOL_NAME } from './behavior/generator.js';
export { createRoleLedger } from './behavior/role-ledger.js';
export { createBehaviorRoles } from './engine/behavior-roles.js';
export { selfRoleWarning } from './behavior/self-role.js';
// The catalog-only model checks (docs/model-layer.md): their records are gated by the model score when it has a threshold.
export { isCatalogCheck } from './engine/catalog-checks.js';
// The behavior family's checks, its manifest keys and its engine (docs/model-layer.md).
export type { BehaviorCheckDefinition } from './checks/behavior/behavior-check.js';
export type { BehaviorCheckId } from './checks/behavior/index.js';
export { BEHAVIOR_CHECK_REGISTRY, behaviorCaseChecks, behaviorChecks, findBehaviorCheck } from './checks/behavior/index.js';
export { MAX_EXPECTED_ARGUMENTS, MAX_SEQUENCE_STEPS, MAX_TASK_CHARS } from './checks/behavior/behavior-params.js';
export type { HostPromptId } from './manifest/model-schema.js';
export {
  DEFAULT_GOLDEN_BUDGET,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_TRIALS,
  HOST_PROMPTS,
  MAX_MODEL_COLUMNS,
  MAX_TRIALS,
  MODEL_COLUMN_ID_PATTERN,
  MODEL_DEFAULTS,
} from './manifest/model-schema.js';
export type { GoldenSpec, ModelColumnSpec } from './manifest/manifest-types.js';
export type { BehaviorColumn, OutcomeStore, ResolvedColumn } from './engine/behavior-column.js';
export type { BehaviorEvaluation, EvaluateBehaviorOptions } from './engine/evaluate-behavior.js';
export { evaluateBehavior, modelColumns } from './engine/evaluate-behavior.js';
export type { ModelBaselineResult } from './baseline/apply-model-baseline.js';
export { MODEL_BASELINE_LABELS } from './baseline/apply-model-baseline.js';
export type { RunPlan, RunPlanOptions } from './plan/plan-run.js';
export { planRun, runOptionsProblem } from './plan/plan-run.js';
export type { BaselineJudgementInput } from './plan/judge-against-baseline.js';
export { judgeAgainstBaseline } from './plan/judge-against-baseline.js';
export { shardOf } from './plan/shard-of.js';
export type { ShardSpec, ShardUnit } from './plan/shard-plan.js';
export { assignedOf, manifestUnits, recordUnits, unitKey } from './plan/shard-plan.js';
