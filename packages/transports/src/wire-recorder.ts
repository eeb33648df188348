import { isUtf8 } from 'node:buffer';

import { WIRE_LOG_MAX_BYTES, WIRE_LOG_MAX_FRAMES, type JsonValue, type WireFrame, type WireLog } from '@mcp-eval/protocol';

/** The wire log's bounds, injectable so a test can make them small; default to protocol's constants. */
export interface WireLogLimits {
  /** At most this many frames are kept (`WIRE_LOG_MAX_FRAMES`). */
  readonly maxWireFrames: number;
  /** At most this many bytes of kept frames (`WIRE_LOG_MAX_BYTES`). */
  readonly maxWireBytes: number;
}

export const DEFAULT_WIRE_LOG_LIMITS: WireLogLimits = { maxWireFrames: WIRE_LOG_MAX_FRAMES, maxWireBytes: WIRE_LOG_MAX_BYTES };

/**
 * One connection's wire log: frames appended in the order the channel saw them, bounded. Past a
 * bound nothing more is kept and the log says `truncated`; the frame that crossed the byte bound is
 * kept without its value, so a huge answer is seen. Under the bounds a frame costs one push.
 */
export class WireRecorder {
  readonly #limits: WireLogLimits;
  readonly #frames: WireFrame[] = [];
  #bytes = 0;
  #truncated = false;
  #streams = 0;

  constructor(limits: WireLogLimits = DEFAULT_WIRE_LOG_LIMITS) {
    this.#limits = limits;
  }

  /** The number of the next HTTP response stream (1, 2, ... in the order they opened). */
  nextStream(): number {
    this.#streams += 1;
    return this.#streams;
  }

  /** A frame we sent (a string we encode is always valid UTF-8). */
  sent(source: 'stdin' | 'post', bytes: number, value: JsonValue | undefined): void {
    this.add({ direction: 'sent', source, stream: 0, bytes, utf8: true, value });
  }

  add(frame: WireFrame): void {
    if (this.#truncated) return;
    if (this.#frames.length >= this.#limits.maxWireFrames) {
      this.#truncated = true;
      return;
    }
    if (this.#bytes + frame.bytes > this.#limits.maxWireBytes) {
      this.#truncated = true;
      this.#frames.push({ ...frame, value: undefined, oversized: true });
      return;
    }
    this.#bytes += frame.bytes;
    this.#frames.push(frame);
  }

  /** A snapshot: later frames do not change what a caller already holds. */
  log(): WireLog {
    return { frames: [...this.#frames], truncated: this.#truncated };
  }
}

/**
 * UTF-8 validation across chunk boundaries: a multi-byte character split between two chunks is
 * carried to the next check. Sticky once invalid (an SSE event's own bytes are not kept, so an event
 * is then judged by the decoder's replacement character, see `eventIsUtf8`).
 */
export class Utf8Watch {
  #carry: Buffer | undefined;
  #invalid = false;

  get invalid(): boolean {
    return this.#invalid;
  }

  push(chunk: Uint8Array): void {
    if (this.#invalid) return;
    const bytes = this.#carry ? Buffer.concat([this.#carry, chunk]) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const cut = bytes.length - incompleteTail(bytes);
    this.#carry = cut < bytes.length ? Buffer.from(bytes.subarray(cut)) : undefined;
    if (!isUtf8(bytes.subarray(0, cut))) this.#invalid = true;
  }

  /** The stream ended: a character still incomplete is invalid. */
  end(): void {
    if (this.#carry) this.#invalid = true;
    this.#carry = undefined;
  }

  /** Whether decoded event data came from valid bytes: only doubtful once the stream held invalid bytes. */
  eventIsUtf8(data: string): boolean {
    return !this.#invalid || !data.includes('\uFFFD');
  }
}

/** How many trailing bytes begin a UTF-8 sequence that the chunk does not finish (0 to 3). */
function incompleteTail(bytes: Buffer): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back += 1) {
    const byte = bytes[bytes.length - back] ?? 0;
    if ((byte & 0xc0) === 0x80) continue;
    // 0xf5 and up never start a character: left in place, the check sees them now.
    const length = byte >= 0xf5 ? 1 : byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return length > back ? back : 0;
  }
  return 0;
}
