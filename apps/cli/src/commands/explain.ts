import { casesFromManifest, evaluate } from '@mcp-eval/core';
import { createConnector } from '@mcp-eval/transports';

import { EXIT, UsageError } from '../cli-error.js';
import { formatExplanation } from '../explain/format-explanation.js';
import { recordingConnector } from '../explain/recording-connector.js';
import { serverTextGate, writeServerText } from '../explain/server-text.js';
import type { Io } from '../io.js';
import { readManifest } from '../manifest/read-manifest.js';
import { targetFromManifest } from '../manifest/target-from-manifest.js';
import { positiveInt } from '../parse-flags.js';

export interface ExplainFlags {
  readonly allowMutation?: boolean;
  readonly timeout?: unknown;
  readonly showServerText?: boolean;
}

/**
 * `mcp-eval explain <case-id> [manifest]`: runs one case once, through the same engine and check
 * code as `run` (so under the same mutation gate), and prints the shape of every answer it got.
 * Writes no report. Exit 0 passed (or skipped), 1 failed, 2 unknown case or bad manifest, 4 the
 * server could not be started or reached.
 */
export async function explainCommand(io: Io, caseId: string, manifestArg: string | undefined, flags: ExplainFlags): Promise<number> {
  const timeoutMs = positiveInt(flags.timeout, '--timeout');
  const manifest = await readManifest(manifestArg ?? 'mcp-eval.yaml', io);
  const spec = manifest.cases.find((c) => c.id === caseId);
  if (!spec) throw new UsageError(`no case \`${caseId}\` in ${manifest.file}; its cases: ${manifest.cases.map((c) => c.id).join(', ')}`);
  // A behavior case asks models, not the server: there is no server answer to explain.
  if (spec.kind === 'behavior')
    throw new UsageError(
      `\`${caseId}\` is a behavior case (it asks model columns, not the server); run it with \`mcp-eval run --only ${caseId}\``,
    );
  const engineCases = casesFromManifest([spec]);

  const requestTimeout = timeoutMs ?? manifest.server.timeoutMs;
  const recorded = recordingConnector(
    createConnector(targetFromManifest(manifest, io.cwd), { protocol: manifest.server.protocol, timeoutMs: requestTimeout }),
  );
  const evaluation = await evaluate({
    connector: recorded.connector,
    cases: engineCases,
    repeat: 1,
    concurrency: 1,
    allowMutation: manifest.sandbox !== undefined && flags.allowMutation === true,
    timeoutMs: requestTimeout,
  });
  const [record] = evaluation.records;
  if (!record) throw new Error('the engine returned no record for the one case it ran');

  io.stdout.write(formatExplanation(record, recorded.attempts));
  if (flags.showServerText === true) {
    const gate = serverTextGate(io);
    if (gate === 'shown') writeServerText(io, recorded.attempts);
    else
      io.stderr.write(
        `explain: --show-server-text ignored: ${gate === 'ci' ? 'CI is set' : 'stderr is not a terminal'} (server text is shown only to a person at a terminal)\n`,
      );
  }

  const neverConnected = recorded.attempts.every((a) => a.outcome === 'failed');
  if (record.status === 'error' && record.label === 'connect-failed' && neverConnected) return EXIT.unevaluated;
  return record.status === 'fail' || record.status === 'error' ? EXIT.failed : EXIT.ok;
}
