/**
 * Newline framing for stdio that keeps every line, counts bytes exactly, and bounds memory: a line
 * longer than the cap is not buffered; only its first and last bytes are kept, so the id of a huge
 * response can still be found (writers put it first or, like the official SDK, last).
 */

const SAMPLE_BYTES = 512;

export interface LineEvents {
  /** A complete line, without its `\n` (a `\r` before it is kept). */
  /** `raw` is the line's own bytes, for the wire log's UTF-8 check. */
  line(text: string, bytes: number, raw: Buffer): void;
  /** The current line just went over the cap; more of it may follow. */
  overflowStarted(bytesSoFar: number): void;
  /** An over-cap line ended: its total size and samples of its start and end. */
  oversizedLine(bytes: number, head: string, tail: string): void;
}

export class LineSplitter {
  readonly #maxLineBytes: number;
  readonly #events: LineEvents;
  #pieces: Buffer[] = [];
  #size = 0;
  #overflowing = false;
  #head = Buffer.alloc(0);
  #tail = Buffer.alloc(0);

  constructor(maxLineBytes: number, events: LineEvents) {
    this.#maxLineBytes = maxLineBytes;
    this.#events = events;
  }

  push(chunk: Buffer): void {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(0x0a, start);
      this.#append(chunk.subarray(start, newline === -1 ? chunk.length : newline));
      if (newline === -1) return;
      this.#finishLine();
      start = newline + 1;
    }
  }

  /** The stream ended: an unterminated last line still counts as a line. */
  end(): void {
    if (this.#size > 0) this.#finishLine();
  }

  #append(part: Buffer): void {
    if (part.length === 0) return;
    if (this.#overflowing) {
      this.#size += part.length;
      this.#tail = Buffer.concat([this.#tail, part]).subarray(-SAMPLE_BYTES);
      return;
    }
    if (this.#size + part.length <= this.#maxLineBytes) {
      this.#pieces.push(part);
      this.#size += part.length;
      return;
    }
    const buffered = Buffer.concat([...this.#pieces, part]);
    this.#overflowing = true;
    this.#pieces = [];
    this.#size = buffered.length;
    this.#head = Buffer.from(buffered.subarray(0, SAMPLE_BYTES));
    this.#tail = Buffer.from(buffered.subarray(-SAMPLE_BYTES));
    this.#events.overflowStarted(this.#size);
  }

  #finishLine(): void {
    const size = this.#size;
    if (this.#overflowing) {
      const head = this.#head.toString('utf8');
      const tail = this.#tail.toString('utf8');
      this.#overflowing = false;
      this.#head = Buffer.alloc(0);
      this.#tail = Buffer.alloc(0);
      this.#size = 0;
      this.#events.oversizedLine(size, head, tail);
      return;
    }
    const raw = Buffer.concat(this.#pieces);
    this.#pieces = [];
    this.#size = 0;
    this.#events.line(raw.toString('utf8'), size, raw);
  }
}

const ID_VALUE = String.raw`("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?|null)`;
const HEAD_ID = new RegExp(String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*${ID_VALUE}`);
const TAIL_ID = new RegExp(String.raw`"id"\s*:\s*${ID_VALUE}\s*\}\s*$`);

/**
 * The id of an over-cap response, from the samples, when it sits where writers put it: the first
 * member (after `jsonrpc`) or the last. Anything else is a guess this deliberately does not make.
 */
export function sampleId(head: string, tail: string): string | number | null | undefined {
  const match = HEAD_ID.exec(head) ?? TAIL_ID.exec(tail.trimEnd().replace(/\r$/, ''));
  if (!match?.[1]) return undefined;
  try {
    return JSON.parse(match[1]) as string | number | null;
  } catch {
    return undefined;
  }
}
