import type { Io } from '../io.js';

/** Colour on a terminal unless NO_COLOR or --no-color says otherwise; FORCE_COLOR forces it. */
export function useColor(io: Io, flag: boolean | undefined): boolean {
  if (flag === false || io.env.NO_COLOR !== undefined) return false;
  if (io.env.FORCE_COLOR !== undefined) return io.env.FORCE_COLOR !== '0';
  return io.stdout.isTTY === true;
}
