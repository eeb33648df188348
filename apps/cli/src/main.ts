import { cac } from 'cac';

import { EXIT, UsageError } from './cli-error.js';
import { consoleInfoTo } from './console-info-to.js';
import { reportError } from './error-boundary.js';
import type { Io } from './io.js';
import { withReporterOptions } from './output/reporter-options.js';
import { withCatalogBudgetOptions } from './target/catalog-budget-flags.js';
import { withConfigOptions, withTargetOptions } from './target/target-options.js';
import { cliVersion } from './version.js';
import { withModelOptions } from './models/model-flags.js';

/**
 * The command table and the one error boundary. Each command is loaded only when it runs, so
 * `--version` and `--help` stay fast. Returns the exit code; only the bin calls `process.exit`.
 */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  const cli = cac('mcp-eval');
  let action: Promise<number> | undefined;
  const bind =
    <A extends unknown[]>(load: () => Promise<(io: Io, ...args: A) => Promise<number>>) =>
    (...args: A): void => {
      // eslint-disable-next-line no-restricted-syntax -- bounded: the command line's own arguments.
      action = load().then((run) => run(io, ...args));
    };

  withModelOptions(
    withCatalogBudgetOptions(
      withReporterOptions(
        withConfigOptions(cli.command('run [manifest]', 'Evaluate a server against a manifest of cases (default: mcp-eval.yaml)')),
      ),
    ),
  )
    .option('--allow-mutation', 'Allow mutating calls (only with a `sandbox` declared in the manifest)')
    .option(
      '--reviewed <file>',
      'Reviewed false positives of every family (default: mcp-eval.reviewed.yaml beside the manifest when it exists)',
    )
    .option('--repeat <n>', 'Run every case n times (overrides the manifest)')
    .option('--only <case-id>', 'Run only this case; repeatable', { type: [String] })
    .option('--timeout <ms>', 'Per-request time limit in milliseconds (overrides server.timeout_ms)')
    .option(
      '--concurrency <n>',
      'Most connections running cases at once, opened only when slow cases queue up (default 4; 1 runs cases in order)',
    )
    .option(
      '--baseline <run.json>',
      "Compare with a previous run's JSON report: fail cases whose pass rate dropped or whose budgeted measurements grew; a report or `mcp-eval snapshot` with a catalog also adds drift records (docs/drift.md)",
    )
    .option('--max-drop <fraction>', 'With --baseline: the largest pass-rate drop a case may show, 0-1 (default 0.02)')
    .option(
      '--baseline-any-target',
      'With --baseline: compare even when the baseline is a report of another server (transport, command or URL, protocol) or manifest',
    )
    .option(
      '--shard <k/n>',
      "Run shard k of n: a stable part of the manifest chosen by a hash of each case id (behavior cases: of id and model column); join the shards' JSON reports with merge",
    )
    .option('--no-trace-context', "Send no W3C traceparent in the requests' _meta (default: each request carries one; see docs/tracing.md)")
    .option(
      '--otlp-endpoint <url>',
      "Export the run's spans (run, case, request: ids and numbers only) over OTLP/HTTP to this collector, e.g. http://127.0.0.1:4318",
    )
    .example('mcp-eval run examples/demo/mcp-eval.yaml --reporter pretty --reporter sarif=reports/mcp-eval.sarif')
    .example('mcp-eval run --baseline baseline/mcp-eval.json --max-drop 0.05 --reporter json=reports/mcp-eval.json')
    .example('mcp-eval run --shard 2/4 --reporter json=shards/mcp-eval-2.json')
    .action(bind(async () => (await import('./commands/run.js')).runCommand));

  cli
    .command('validate [manifest]', 'Check a manifest without connecting to the server (default: mcp-eval.yaml)')
    .option('--require-env', 'Treat an unset ${env:NAME} as an error (default: a warning)')
    .example('mcp-eval validate examples/demo/mcp-eval.yaml')
    .action(bind(async () => (await import('./commands/validate.js')).validateCommand));

  cli
    .command('probes [check]', 'List every check (dimensions, probes, conformance, lint rules) with its parameters and labels')
    .option('--json', 'Machine-readable output')
    .example('mcp-eval probes latency-budget')
    .action(bind(async () => (await import('./commands/probes.js')).probesCommand));

  withReporterOptions(
    cli.command(
      'merge [...reports]',
      'Join the JSON reports of run --shard 1/n … n/n into one run; exit 2 unless they are every shard once',
    ),
  )
    .option(
      '--baseline <run.json>',
      "Compare the merged run with a previous run's JSON report, as run --baseline does (reads the manifest for its budgets)",
    )
    .option('--max-drop <fraction>', 'With --baseline: the largest pass-rate drop a case may show, 0-1 (default 0.02)')
    .option('--baseline-any-target', 'With --baseline: compare even when the baseline is a report of another server or manifest')
    .example('mcp-eval merge shards/*.json --reporter sarif=reports/mcp-eval.sarif --reporter json=reports/mcp-eval.json')
    .example('mcp-eval merge shards/*.json --baseline baseline/mcp-eval.json --reporter pretty')
    .action(bind(async () => (await import('./commands/merge.js')).mergeCommand));

  withReporterOptions(cli.command('report <run.json>', 'Re-render a saved JSON report; exit 1 when the saved run failed'))
    .example('mcp-eval report reports/mcp-eval.json --reporter sarif=reports/mcp-eval.sarif --reporter junit=reports/junit.xml')
    .action(bind(async () => (await import('./commands/report.js')).reportCommand));

  withCatalogBudgetOptions(
    withReporterOptions(
      withTargetOptions(
        cli.command('conformance', 'Check a server against the protocol: 2026-07-28 and legacy assertions, no manifest needed'),
      ),
    ),
  )
    .option(
      '--reviewed <file>',
      'Reviewed false positives of every family (default: mcp-eval.reviewed.yaml in the current directory when it exists)',
    )
    .option(
      '--expected-failures <file>',
      'Deprecated, removed in 1.0.0 (use --reviewed): accepted failures, a YAML list of {id, era?, transport?, justification}; an accepted failure passes, an accepted assertion that passes fails (stale)',
    )
    .option(
      '--baseline <report.json>',
      "Compare with a previous conformance run's JSON report: a pass that became a failure is marked regressed",
    )
    .option(
      '--baseline-any-target',
      'With --baseline: compare even when the baseline is a report of another server (transport, command or URL, protocol)',
    )
    .option('--strict', 'Fail the run on SHOULD-level assertions too (default: only MUSTs fail it)')
    .example('mcp-eval conformance --stdio "npx -y @modelcontextprotocol/server-everything" --reporter sarif=reports/conformance.sarif')
    .example(
      'mcp-eval conformance --url http://127.0.0.1:3000/mcp --protocol both --expected-failures conformance-expected.yaml --baseline baseline/conformance.json',
    )
    .example('mcp-eval conformance --url http://127.0.0.1:3000/mcp --header "Authorization: Bearer ${env:TOKEN}"')
    .action(bind(async () => (await import('./commands/conformance.js')).conformanceCommand));

  withCatalogBudgetOptions(
    withReporterOptions(
      withTargetOptions(
        cli.command('lint', 'Score a tool catalog against the static protocol, quality and security rules; exit 1 when the gate fails'),
      ),
    ),
  )
    .option('--catalog <file>', 'Lint a saved tools/list result (or an array of tools) instead of a live server')
    .option(
      '--suppressions <file>',
      'Deprecated, removed in 1.0.0 (use --reviewed): lint false positives (default: mcp-eval.suppressions.yaml when it exists)',
    )
    .option(
      '--reviewed <file>',
      'Reviewed false positives of every family (default: mcp-eval.reviewed.yaml in the current directory when it exists)',
    )
    .option('--threshold <score>', 'Lowest overall score, 0-100, that passes the gate (default 70)')
    .option('--layer <layer>', 'Run only this layer: protocol, quality or security; repeatable', { type: [String] })
    .example('mcp-eval lint --stdio "node dist/server.js" --reporter sarif=reports/lint.sarif')
    .example('mcp-eval lint --catalog tools.json --threshold 80')
    .action(bind(async () => (await import('./commands/lint.js')).lintCommand));

  withCatalogBudgetOptions(
    withTargetOptions(cli.command('init', "Write a starter manifest from a live server's tool catalog: one case per dimension and probe")),
  )
    .option('--out <file>', 'Where to write the manifest (default: mcp-eval.yaml)')
    .option('--force', 'Overwrite the file if it exists')
    .example('mcp-eval init --stdio "npx -y @modelcontextprotocol/server-everything"')
    .example('mcp-eval init --url https://mcp.example.com/mcp --header "Authorization: Bearer ${env:MCP_TOKEN}" --out ci/mcp-eval.yaml')
    .action(bind(async () => (await import('./commands/init.js')).initCommand));

  cli
    .command(
      'explain <target> [manifest]',
      'Re-run one case and show the shape of every answer it got (no server text); the target is a case id, a check/tool row, a check id or a label; writes no report',
    )
    .option(
      '--report <file>',
      'Resolve the target against this saved JSON report (its case ids, check/tool rows, checks and labels); a row explain cannot re-run is shown as the report holds it',
    )
    .option('--allow-mutation', "As for run: allow the case's mutating calls (only with a `sandbox` declared in the manifest)")
    .option('--timeout <ms>', 'Per-request time limit in milliseconds (overrides server.timeout_ms)')
    .option(
      '--show-server-text',
      "Also print the server's error messages and stderr tail, escaped, to a terminal only (never with CI set, never to a pipe or file)",
    )
    .example('mcp-eval explain missing-item-is-honest')
    .example('mcp-eval explain catalog-budget ci/mcp-eval.yaml --show-server-text')
    .example('mcp-eval explain latency-budget/get_item --report reports/mcp-eval.json')
    .action(bind(async () => (await import('./commands/explain.js')).explainCommand));

  withReporterOptions(
    withTargetOptions(
      cli.command(
        'scan',
        'First look without a manifest: catalog budgets, conformance, lint and read-only timing; nothing that could change state',
      ),
    ),
  )
    .option(
      '--reviewed <file>',
      'Reviewed false positives of every family (default: mcp-eval.reviewed.yaml in the current directory when it exists)',
    )
    .option(
      '--strict',
      'Fail the scan on SHOULD-level conformance assertions too, as conformance --strict does (default: only MUSTs fail it)',
    )
    .example('mcp-eval scan --stdio "npx -y @modelcontextprotocol/server-everything"')
    .example('mcp-eval scan --from-config .cursor/mcp.json --server github --reporter sarif=reports/scan.sarif')
    .action(bind(async () => (await import('./commands/scan.js')).scanCommand));

  withCatalogBudgetOptions(
    withReporterOptions(
      withTargetOptions(
        cli.command('snapshot', "Pin a server's tool catalog as fingerprints (no server text), for run --baseline to detect drift"),
      ),
    ),
  )
    .example('mcp-eval snapshot --stdio "npx -y @modelcontextprotocol/server-everything" --reporter json=approved-catalog.json')
    .example('mcp-eval run --baseline approved-catalog.json')
    .action(bind(async () => (await import('./commands/snapshot.js')).snapshotCommand));

  cli
    .command(
      'models <check> [manifest]',
      'models check: send one tiny request per model column and report reachability, latency and whether temperature was accepted',
    )
    .option('--timeout <ms>', "Time limit of each column's probe in milliseconds (default: the column's timeout_ms)")
    .example('mcp-eval models check examples/demo/mcp-eval.yaml')
    .action(bind(async () => (await import('./commands/models-check.js')).modelsCommand));

  cli.option('--debug', 'On an internal error, also print its stack trace to stderr (it may quote server or user data)');
  cli.help();
  cli.version(cliVersion());

  try {
    consoleInfoTo(io.stdout, () => cli.parse(['node', 'mcp-eval', ...argv], { run: false }));
    if (cli.options.help || cli.options.version) return EXIT.ok;
    if (!cli.matchedCommand) {
      if (cli.args.length > 0) throw new UsageError(`unknown command \`${cli.args[0] ?? ''}\`; see \`mcp-eval --help\``);
      consoleInfoTo(io.stdout, () => cli.outputHelp());
      return EXIT.usage;
    }
    // cac keeps what follows `--` aside; it is positional (`run -- --help` runs a manifest named `--help`).
    const afterDashes: unknown = cli.options['--'];
    if (Array.isArray(afterDashes) && afterDashes.length > 0) cli.args = [...cli.args, ...afterDashes.map(String)];
    await cli.runMatchedCommand();
    return action ? await action : EXIT.ok;
  } catch (error) {
    return reportError(error, io, cli.options['debug'] === true);
  }
}
