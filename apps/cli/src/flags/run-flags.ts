import { fraction, given, isSet, lastString, negatable, positiveInt, stringList } from '../parse-flags.js';
import { CATALOG_BUDGET_FLAGS } from './catalog-budget-flags.js';
import { flag } from './flag.js';
import { MODEL_FLAGS } from './model-flags.js';
import { REPORTER_FLAGS } from './reporter-flags.js';
import { CONFIG_FLAGS } from './target-flags.js';

/** `mcp-eval run`'s flags, in the order `--help` lists them. */
export const RUN_FLAGS = [
  ...CONFIG_FLAGS,
  ...REPORTER_FLAGS,
  ...CATALOG_BUDGET_FLAGS,
  ...MODEL_FLAGS,
  flag('--allow-mutation', 'Allow mutating calls (only with a `sandbox` declared in the manifest)', isSet),
  flag(
    '--reviewed <file>',
    'Reviewed false positives of every family (default: mcp-eval.reviewed.yaml beside the manifest when it exists)',
    given,
  ),
  flag('--repeat <n>', 'Run every case n times (overrides the manifest)', positiveInt),
  flag('--only <case-id>', 'Run only this case; repeatable', stringList, { repeatable: true }),
  flag('--timeout <ms>', 'Per-request time limit in milliseconds (overrides server.timeout_ms)', positiveInt),
  flag(
    '--concurrency <n>',
    'Most connections running cases at once, opened only when slow cases queue up (default 4; 1 runs cases in order)',
    positiveInt,
  ),
  flag(
    '--baseline <run.json>',
    "Compare with a previous run's JSON report: fail cases whose pass rate dropped or whose budgeted measurements grew; a report or `mcp-eval snapshot` with a catalog also adds drift records (docs/drift.md)",
    lastString,
  ),
  flag('--max-drop <fraction>', 'With --baseline: the largest pass-rate drop a case may show, 0-1 (default 0.02)', fraction),
  flag(
    '--baseline-any-target',
    'With --baseline: compare even when the baseline is a report of another server (transport, command or URL, protocol) or manifest',
    isSet,
  ),
  flag(
    '--shard <k/n>',
    "Run shard k of n: a stable part of the manifest chosen by a hash of each case id (behavior cases: of id and model column); join the shards' JSON reports with merge",
    // Parsed by the command (shardFlag): its bound comes with the record's schemas, too heavy for the start path.
    given,
  ),
  flag(
    '--no-trace-context',
    "Send no W3C traceparent in the requests' _meta (default: each request carries one; see docs/tracing.md)",
    negatable,
  ),
  flag(
    '--otlp-endpoint <url>',
    "Export the run's spans (run, case, request: ids and numbers only) over OTLP/HTTP to this collector, e.g. http://127.0.0.1:4318",
    given,
  ),
];
