import { CONFORMANCE_FLAGS } from './conformance-flags.js';
import type { CommandEntry } from './define-command.js';
import { defineCommand } from './define-command.js';
import { EXPLAIN_FLAGS } from './explain-flags.js';
import { INIT_FLAGS } from './init-flags.js';
import { LINT_FLAGS } from './lint-flags.js';
import { MERGE_FLAGS } from './merge-flags.js';
import { MODELS_FLAGS } from './models-flags.js';
import { PROBES_FLAGS } from './probes-flags.js';
import { REPORTER_FLAGS } from './reporter-flags.js';
import { RUN_FLAGS } from './run-flags.js';
import { SCAN_FLAGS } from './scan-flags.js';
import { SNAPSHOT_FLAGS } from './snapshot-flags.js';
import { VALIDATE_FLAGS } from './validate-flags.js';

/** Every command, in the order `mcp-eval --help` lists them; each body is imported only when it runs. */
export const COMMANDS: readonly CommandEntry[] = [
  defineCommand({
    usage: 'run [manifest]',
    description: 'Evaluate a server against a manifest of cases (default: mcp-eval.yaml)',
    flags: RUN_FLAGS,
    examples: [
      'mcp-eval run examples/demo/mcp-eval.yaml --reporter pretty --reporter sarif=reports/mcp-eval.sarif',
      'mcp-eval run --baseline baseline/mcp-eval.json --max-drop 0.05 --reporter json=reports/mcp-eval.json',
      'mcp-eval run --shard 2/4 --reporter json=shards/mcp-eval-2.json',
    ],
    load: async () => (await import('../commands/run.js')).runCommand,
  }),
  defineCommand({
    usage: 'validate [manifest]',
    description: 'Check a manifest without connecting to the server (default: mcp-eval.yaml)',
    flags: VALIDATE_FLAGS,
    examples: ['mcp-eval validate examples/demo/mcp-eval.yaml'],
    load: async () => (await import('../commands/validate.js')).validateCommand,
  }),
  defineCommand({
    usage: 'probes [check]',
    description: 'List every check (dimensions, probes, conformance, lint rules) with its parameters and labels',
    flags: PROBES_FLAGS,
    examples: ['mcp-eval probes latency-budget'],
    load: async () => (await import('../commands/probes.js')).probesCommand,
  }),
  defineCommand({
    usage: 'merge [...reports]',
    description: 'Join the JSON reports of run --shard 1/n … n/n into one run; exit 2 unless they are every shard once',
    flags: MERGE_FLAGS,
    examples: [
      'mcp-eval merge shards/*.json --reporter sarif=reports/mcp-eval.sarif --reporter json=reports/mcp-eval.json',
      'mcp-eval merge shards/*.json --baseline baseline/mcp-eval.json --reporter pretty',
    ],
    load: async () => (await import('../commands/merge.js')).mergeCommand,
  }),
  defineCommand({
    usage: 'report <run.json>',
    description: 'Re-render a saved JSON report; exit 1 when the saved run failed',
    flags: REPORTER_FLAGS,
    examples: ['mcp-eval report reports/mcp-eval.json --reporter sarif=reports/mcp-eval.sarif --reporter junit=reports/junit.xml'],
    load: async () => (await import('../commands/report.js')).reportCommand,
  }),
  defineCommand({
    usage: 'conformance',
    description: 'Check a server against the protocol: 2026-07-28 and legacy assertions, no manifest needed',
    flags: CONFORMANCE_FLAGS,
    examples: [
      'mcp-eval conformance --stdio "npx -y @modelcontextprotocol/server-everything" --reporter sarif=reports/conformance.sarif',
      'mcp-eval conformance --url http://127.0.0.1:3000/mcp --protocol both --expected-failures conformance-expected.yaml --baseline baseline/conformance.json',
      'mcp-eval conformance --url http://127.0.0.1:3000/mcp --header "Authorization: Bearer ${env:TOKEN}"',
    ],
    load: async () => (await import('../commands/conformance.js')).conformanceCommand,
  }),
  defineCommand({
    usage: 'lint',
    description: 'Score a tool catalog against the static protocol, quality and security rules; exit 1 when the gate fails',
    flags: LINT_FLAGS,
    examples: [
      'mcp-eval lint --stdio "node dist/server.js" --reporter sarif=reports/lint.sarif',
      'mcp-eval lint --catalog tools.json --threshold 80',
    ],
    load: async () => (await import('../commands/lint.js')).lintCommand,
  }),
  defineCommand({
    usage: 'init',
    description: "Write a starter manifest from a live server's tool catalog: one case per dimension and probe",
    flags: INIT_FLAGS,
    examples: [
      'mcp-eval init --stdio "npx -y @modelcontextprotocol/server-everything"',
      'mcp-eval init --url https://mcp.example.com/mcp --header "Authorization: Bearer ${env:MCP_TOKEN}" --out ci/mcp-eval.yaml',
    ],
    load: async () => (await import('../commands/init.js')).initCommand,
  }),
  defineCommand({
    usage: 'explain <target> [manifest]',
    description:
      'Re-run one case and show the shape of every answer it got (no server text); the target is a case id, a check/tool row, a check id or a label; writes no report',
    flags: EXPLAIN_FLAGS,
    examples: [
      'mcp-eval explain missing-item-is-honest',
      'mcp-eval explain catalog-budget ci/mcp-eval.yaml --show-server-text',
      'mcp-eval explain latency-budget/get_item --report reports/mcp-eval.json',
    ],
    load: async () => (await import('../commands/explain.js')).explainCommand,
  }),
  defineCommand({
    usage: 'scan',
    description: 'First look without a manifest: catalog budgets, conformance, lint and read-only timing; nothing that could change state',
    flags: SCAN_FLAGS,
    examples: [
      'mcp-eval scan --stdio "npx -y @modelcontextprotocol/server-everything"',
      'mcp-eval scan --from-config .cursor/mcp.json --server github --reporter sarif=reports/scan.sarif',
    ],
    load: async () => (await import('../commands/scan.js')).scanCommand,
  }),
  defineCommand({
    usage: 'snapshot',
    description: "Pin a server's tool catalog as fingerprints (no server text), for run --baseline to detect drift",
    flags: SNAPSHOT_FLAGS,
    examples: [
      'mcp-eval snapshot --stdio "npx -y @modelcontextprotocol/server-everything" --reporter json=approved-catalog.json',
      'mcp-eval run --baseline approved-catalog.json',
    ],
    load: async () => (await import('../commands/snapshot.js')).snapshotCommand,
  }),
  defineCommand({
    usage: 'models <check> [manifest]',
    description:
      'models check: send one tiny request per model column and report reachability, latency and whether temperature was accepted',
    flags: MODELS_FLAGS,
    examples: ['mcp-eval models check examples/demo/mcp-eval.yaml'],
    load: async () => (await import('../commands/models-check.js')).modelsCommand,
  }),
];
