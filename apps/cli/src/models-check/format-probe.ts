import { maxOf } from '@mcp-eval/protocol';
import type { ProbeResult } from './probe-column.js';

/** The words after a result's status: numbers and fixed phrases only. */
function detail(result: ProbeResult): string {
  switch (result.status) {
    case 'reachable': {
      const temperature = {
        accepted: 'temperature accepted',
        rejected: 'temperature rejected (ran without it)',
        'not-set': 'temperature not set',
      }[result.temperature];
      return `${result.latencyMs} ms  ${temperature}`;
    }
    case 'not-a-model':
      return 'built-in lexical selector, no request';
    case 'model-unavailable':
      return 'no key (or no base_url), no request sent';
    case 'budget-exhausted':
      return 'no request sent';
    case 'provider-error':
      return `${result.latencyMs} ms${result.httpStatus === undefined ? '' : `  http ${result.httpStatus}`}`;
    case 'rate-limited':
      return `${result.latencyMs} ms  http 429${result.retryAfterMs === undefined ? '' : `  retry after ${result.retryAfterMs} ms`}`;
    case 'model-timeout':
    case 'response-too-large':
      return `${result.latencyMs} ms`;
  }
}

/** One aligned line per column, then the count of reachable model columns. */
export function formatProbes(results: readonly ProbeResult[]): string {
  const idWidth = maxOf(results.map((r) => r.id.length));
  const providerWidth = maxOf(results.map((r) => r.provider.length));
  const statusWidth = maxOf(results.map((r) => r.status.length));
  const lines = results.map(
    (r) => `  ${r.id.padEnd(idWidth)}  ${r.provider.padEnd(providerWidth)}  ${r.status.padEnd(statusWidth)}  ${detail(r)}`,
  );
  const models = results.filter((r) => r.status !== 'not-a-model');
  const reachable = models.filter((r) => r.status === 'reachable').length;
  const summary =
    models.length === 0
      ? 'no model columns: nothing to reach'
      : `${reachable} of ${models.length} model ${models.length === 1 ? 'column' : 'columns'} reachable`;
  return `${lines.join('\n')}\n${summary}\n`;
}
