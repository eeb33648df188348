import type { CaseSpec } from '@mcp-eval/core';
import { casesFromManifest, evaluate } from '@mcp-eval/core';
import type { Manifest } from '@mcp-eval/core';
import { createConnector } from '@mcp-eval/transports';

import { EXIT, type ExitCode } from '../cli-error.js';
import type { Io } from '../io.js';
import { targetFromManifest } from '../manifest/target-from-manifest.js';
import { formatExplanation } from './format-explanation.js';
import { recordingConnector } from './recording-connector.js';
import { serverTextGate, writeServerText } from './server-text.js';

export interface RerunOptions {
  readonly allowMutation: boolean;
  readonly timeoutMs: number | undefined;
  readonly showServerText: boolean;
}

/**
 * Runs one non-behavior manifest case once, through the same engine and check code as `run` (so
 * under the same mutation gate), and writes its verdict and the shape of every answer. Exit 0
 * passed or skipped, 1 failed, 4 the server could not be started or reached.
 */
export async function rerunCase(io: Io, manifest: Manifest, spec: CaseSpec, options: RerunOptions): Promise<ExitCode> {
  const requestTimeout = options.timeoutMs ?? manifest.server.timeoutMs;
  const recorded = recordingConnector(
    createConnector(targetFromManifest(manifest, io.cwd), { protocol: manifest.server.protocol, timeoutMs: requestTimeout }),
  );
  const evaluation = await evaluate({
    connector: recorded.connector,
    cases: casesFromManifest([spec]),
    repeat: 1,
    concurrency: 1,
    allowMutation: manifest.sandbox !== undefined && options.allowMutation,
    timeoutMs: requestTimeout,
  });
  const [record] = evaluation.records;
  if (!record) throw new Error('the engine returned no record for the one case it ran');

  io.stdout.write(formatExplanation(record, recorded.attempts));
  if (options.showServerText) {
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
