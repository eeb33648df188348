import type { Exchange } from '@mcp-eval/core';
import { escapeTerminalText, isRecord } from '@mcp-eval/core';

import type { Io } from '../io.js';
import type { ConnectAttempt } from './recording-connector.js';

/** Longest piece of one server message shown, in characters; the rest is cut with a marker. */
export const SERVER_MESSAGE_MAX_CHARS = 2000;
/** How much of the end of a server's kept stderr is shown, in characters. */
export const STDERR_TAIL_CHARS = 4000;
/** Most server messages shown for one explain run. */
export const SERVER_MESSAGES_MAX = 20;

/** Why `--show-server-text` printed nothing, or `shown`. */
export type ServerTextGate = 'shown' | 'not-a-terminal' | 'ci';

/** Server text goes only to a person at a terminal: never to a pipe, a file or a CI log. */
export function serverTextGate(io: Io): ServerTextGate {
  if (io.stderr.isTTY !== true) return 'not-a-terminal';
  if (io.env.CI !== undefined && io.env.CI !== '') return 'ci';
  return 'shown';
}

/**
 * Makes server text inert on a terminal: every control character (C0, DEL, C1, so escape
 * sequences), and the bidirectional overrides that reorder what is shown, become visible escapes.
 * Newlines are kept; each line is prefixed by the caller so a server cannot forge our banner.
 */
export function escapeServerText(text: string): string {
  // One escaping function for every text a terminal is shown: core's, which saved files' messages use too.
  return escapeTerminalText(text);
}

function cut(text: string, max: number, fromEnd: boolean): string {
  if (text.length <= max) return text;
  return fromEnd
    ? `[… ${text.length - max} earlier characters cut]\n${text.slice(-max)}`
    : `${text.slice(0, max)}\n[… ${text.length - max} more characters cut]`;
}

/** A JSON-RPC error's message, or the text items of a tool result flagged `isError`. */
function errorText(exchange: Exchange): string | undefined {
  if (exchange.outcome === 'error') return typeof exchange.error.message === 'string' ? exchange.error.message : undefined;
  if (exchange.outcome !== 'result' || exchange.result['isError'] !== true) return undefined;
  const content = exchange.result['content'];
  if (!Array.isArray(content)) return undefined;
  const texts = content.flatMap((item) => (isRecord(item) && typeof item['text'] === 'string' ? [item['text']] : []));
  return texts.length === 0 ? undefined : texts.join('\n');
}

interface Piece {
  readonly heading: string;
  readonly text: string;
}

function pieces(attempts: readonly ConnectAttempt[]): Piece[] {
  const found: Piece[] = [];
  let request = 0;
  attempts.forEach((attempt, index) => {
    const connection = `connection ${index + 1}`;
    if (attempt.outcome === 'connected') {
      for (const recorded of [{ method: attempt.handshake.method, exchange: attempt.handshake as Exchange }, ...attempt.exchanges]) {
        request += 1;
        const text = errorText(recorded.exchange);
        if (text !== undefined)
          found.push({
            heading: `request ${request} (${recorded.method}): error message`,
            text: cut(text, SERVER_MESSAGE_MAX_CHARS, false),
          });
      }
    }
    const stderr = attempt.stderrText();
    if (stderr !== '') found.push({ heading: `${connection}: end of stderr`, text: cut(stderr, STDERR_TAIL_CHARS, true) });
  });
  return found.slice(0, SERVER_MESSAGES_MAX);
}

/**
 * `--show-server-text`: the server's own error messages and stderr, to the terminal only, escaped
 * and fenced as untrusted. The caller has checked the gate; nothing here is ever written to a file.
 */
export function writeServerText(io: Io, attempts: readonly ConnectAttempt[]): void {
  const found = pieces(attempts);
  io.stderr.write('==== UNTRUSTED SERVER TEXT: written by the server, not MCP Eval; shown only here, never saved ====\n');
  if (found.length === 0) io.stderr.write('  (the server sent no error messages and wrote nothing to stderr)\n');
  for (const piece of found) {
    io.stderr.write(`  ${piece.heading}:\n`);
    for (const line of escapeServerText(piece.text.replace(/\n+$/, '')).split('\n')) io.stderr.write(`  | ${line}\n`);
  }
  io.stderr.write('==== END OF UNTRUSTED SERVER TEXT ====\n');
}
