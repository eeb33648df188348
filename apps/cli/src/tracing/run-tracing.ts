import type { RunReport, RunSummary, RunTrace, SpanRecord } from '@mcp-eval/core';
import { createRunTrace, endRunTrace } from '@mcp-eval/core';

import { UsageError } from '../cli-error.js';
import type { Io } from '../io.js';
import { cliVersion } from '../version.js';

/** The most spans one run keeps for export; past it, spans are dropped and counted on stderr. */
export const MAX_EXPORTED_SPANS = 100_000;

export interface TraceFlags {
  /** cac sets `false` for `--no-trace-context`. */
  readonly traceContext?: unknown;
  readonly otlpEndpoint?: unknown;
}

export interface RunTracing {
  readonly trace: RunTrace;
  /** Ends the run span and, with `--otlp-endpoint`, exports every span; never throws. */
  finish(command: RunReport['command'], summary: RunSummary): Promise<void>;
}

function otlpEndpoint(value: unknown): URL | undefined {
  if (value === undefined) return undefined;
  const last = Array.isArray(value) ? (value as unknown[]).at(-1) : value;
  // The URL is the user's (it may carry a token): errors never echo it. The URL parser drops CR,
  // LF and tab without a word, so a value with a control character is refused before parsing.
  // eslint-disable-next-line no-control-regex -- control characters are what this looks for
  if (typeof last === 'string' && /[\x00-\x1f\x7f]/.test(last))
    throw new UsageError('--otlp-endpoint has a control character (CR, LF, NUL, tab or another), which a URL may not');
  const url = typeof last === 'string' && URL.canParse(last) ? new URL(last) : undefined;
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new UsageError('--otlp-endpoint needs an http:// or https:// URL');
  return url;
}

/**
 * The run's trace: on by default (`traceparent` in every request's `_meta`), off with
 * `--no-trace-context`; spans are collected only with `--otlp-endpoint`. Validate before connecting.
 */
export function startRunTracing(flags: TraceFlags, io: Io, maxSpans = MAX_EXPORTED_SPANS): RunTracing {
  const endpoint = otlpEndpoint(flags.otlpEndpoint);
  const propagate = flags.traceContext !== false;
  const spans: SpanRecord[] = [];
  let dropped = 0;
  const onSpan = (span: SpanRecord): void => {
    // The run span, the trace's root, is always kept: without it the kept spans would be orphans.
    if (span.role === 'run' || spans.length < maxSpans) spans.push(span);
    else dropped += 1;
  };
  const trace = createRunTrace({ propagate, ...(endpoint === undefined ? {} : { onSpan }) });
  return {
    trace,
    async finish(command, summary) {
      endRunTrace(trace, command, summary);
      if (endpoint === undefined) return;
      if (dropped > 0) io.stderr.write(`otlp: ${dropped} spans over MAX_EXPORTED_SPANS (${maxSpans}) not exported\n`);
      try {
        const { exportSpans } = await import('./otlp-export.js');
        const result = await exportSpans(endpoint, spans, cliVersion());
        if (result === 'export-failed') io.stderr.write('otlp: export failed (the run and its report are unaffected)\n');
      } catch {
        io.stderr.write('otlp: export failed (the run and its report are unaffected)\n');
      }
    },
  };
}
