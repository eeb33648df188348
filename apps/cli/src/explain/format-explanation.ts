import { pushAll } from '@mcp-eval/protocol';
import type { CaseRecord, Exchange } from '@mcp-eval/core';
import { escapeLine } from '@mcp-eval/core';

import { exchangeShape, type ExchangeShape } from './exchange-shape.js';
import type { ConnectAttempt } from './recording-connector.js';

/** Longest case id a verdict line shows (scan row ids name a tool, up to 128 characters). */
const MAX_ID_CHARS = 240;

function bytes(n: number): string {
  return `${n} B`;
}

function ms(n: number): string {
  return `${Math.round(n * 10) / 10} ms`;
}

function measurements(record: CaseRecord): string {
  return Object.entries(record.measurements)
    .map(([key, value]) => `${key}=${value}`)
    .join(' ');
}

/** One request: method and tool, outcome and its codes, the shape of the result, cost. */
export function formatShape(index: number, shape: ExchangeShape): string {
  const parts = [shape.tool === undefined ? shape.method : `${shape.method} ${shape.tool}`, shape.outcome];
  if (shape.failure !== undefined) parts.push(shape.failure);
  if (shape.jsonRpcCode !== undefined) parts.push(`code=${shape.jsonRpcCode}`);
  if (shape.httpStatus !== undefined) parts.push(`http=${shape.httpStatus}`);
  if (shape.isError !== undefined) parts.push(`isError=${shape.isError}`);
  if (shape.content !== undefined) {
    const items = shape.content.map((c) => (c.length === undefined ? c.type : `${c.type}(${c.length})`));
    parts.push(`content=[${items.join(',')}]`);
  }
  if (shape.structuredContent !== undefined) {
    const { type, size } = shape.structuredContent;
    const unit = type === 'object' ? 'keys' : type === 'array' ? 'items' : type === 'string' ? 'chars' : undefined;
    parts.push(`structuredContent=${type}${unit === undefined ? '' : `(${size} ${unit})`}`);
  }
  if (shape.items !== undefined) parts.push(`items=${shape.items}${shape.nextCursor ? ' nextCursor' : ''}`);
  parts.push(`latency=${ms(shape.latencyMs)}`, `sent=${bytes(shape.requestBytes)}`, `received=${bytes(shape.responseBytes)}`);
  return `    ${index}. ${parts.join('  ')}`;
}

function connectionLines(attempt: ConnectAttempt, index: number, firstRequest: number): string[] {
  if (attempt.outcome === 'failed') {
    const exit = attempt.serverExit;
    const parts = [`connection ${index + 1}: could not connect (${attempt.failure})`];
    if (exit !== undefined) {
      if (exit.signal !== null) parts.push(`killed by ${exit.signal}`);
      else if (exit.exitCode !== null) parts.push(`exit code ${exit.exitCode}`);
      else parts.push('process still running when the attempt ended');
      parts.push(`stderr ${bytes(exit.stderrBytes)}`);
    }
    return [`  ${parts.join(', ')}`];
  }
  const { stderrBytes, nonJsonLines } = attempt.diagnostics();
  const head = `  connection ${index + 1}: ${attempt.transport} ${attempt.protocol}, cold start ${ms(attempt.coldStartMs)}, stderr ${bytes(stderrBytes)}${nonJsonLines > 0 ? `, ${nonJsonLines} non-JSON stdout lines` : ''}`;
  const requests = [{ method: attempt.handshake.method, params: undefined, exchange: attempt.handshake as Exchange }, ...attempt.exchanges];
  return [head, ...requests.map((r, i) => formatShape(firstRequest + i, exchangeShape(r.method, r.params, r.exchange)))];
}

/**
 * A record's verdict: `id (kind check[, model m][, era e]): status label tool=t`, its numbers, and
 * one line per finding (label, tool, pointer). Ids, labels, tool names and numbers only; the id is
 * escaped, since it may come from a saved report.
 */
export function verdictLines(record: CaseRecord): string[] {
  const label = record.label === undefined ? '' : ` ${record.label}`;
  const tool = record.tool === undefined ? '' : ` tool=${record.tool}`;
  const column = `${record.model === undefined ? '' : `, model ${record.model}`}${record.era === undefined ? '' : `, era ${record.era}`}`;
  const lines = [`${escapeLine(record.id, MAX_ID_CHARS)} (${record.kind} ${record.check}${column}): ${record.status}${label}${tool}`];
  const numbers = measurements(record);
  if (numbers !== '') lines.push(`  ${numbers}`);
  for (const finding of record.findings ?? []) {
    const where = `${finding.tool === undefined ? '' : ` tool=${finding.tool}`}${finding.pointer === undefined ? '' : ` ${escapeLine(finding.pointer)}`}`;
    lines.push(`  finding ${finding.label}${where}`);
  }
  return lines;
}

/**
 * What `mcp-eval explain` prints on stdout: the case's verdict, then every connection it opened
 * and every request it sent, as shapes. Case ids, labels, tool names, numbers; no server text.
 */
export function formatExplanation(record: CaseRecord, attempts: readonly ConnectAttempt[]): string {
  const lines = verdictLines(record);
  let request = 1;
  attempts.forEach((attempt, index) => {
    pushAll(lines, connectionLines(attempt, index, request));
    if (attempt.outcome === 'connected') request += attempt.exchanges.length + 1;
  });
  if (attempts.length === 0) lines.push('  no connection was opened');
  return `${lines.join('\n')}\n`;
}
