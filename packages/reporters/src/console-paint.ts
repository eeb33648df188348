import type { Status } from '@mcp-eval/core';

/**
 * The console's colours and status markers, shared by the case lines and the model table. Colour
 * only when asked (the CLI decides: TTY, `NO_COLOR`, `FORCE_COLOR`); plain ASCII words otherwise.
 */

export type Colour = 'green' | 'red' | 'yellow' | 'magenta' | 'dim' | 'bold';

const ANSI: Readonly<Record<Colour, readonly [string, string]>> = {
  green: ['\u001b[32m', '\u001b[39m'],
  red: ['\u001b[31m', '\u001b[39m'],
  yellow: ['\u001b[33m', '\u001b[39m'],
  magenta: ['\u001b[35m', '\u001b[39m'],
  dim: ['\u001b[2m', '\u001b[22m'],
  bold: ['\u001b[1m', '\u001b[22m'],
};

export type Paint = (colour: Colour, text: string) => string;

export function painter(color: boolean): Paint {
  // Empty text stays empty so trailing columns trim cleanly.
  return color ? (colour, text) => (text === '' ? text : `${ANSI[colour][0]}${text}${ANSI[colour][1]}`) : (_colour, text) => text;
}

/** Pads outside the colour codes, so a coloured line trims like a plain one. */
export function pad(painted: string, visibleLength: number, width: number): string {
  return painted + ' '.repeat(Math.max(0, width - visibleLength));
}

export function statusColour(status: Status): Colour {
  switch (status) {
    case 'pass':
      return 'green';
    case 'fail':
      return 'red';
    case 'skip':
      return 'yellow';
    case 'error':
      return 'magenta';
    default: {
      const unreachable: never = status;
      return unreachable;
    }
  }
}

/** Symbols on a terminal; fixed-width ASCII words where there may be no Unicode or colour. */
export function marker(status: Status, symbols: boolean): string {
  switch (status) {
    case 'pass':
      return symbols ? '✓' : 'PASS ';
    case 'fail':
      return symbols ? '✗' : 'FAIL ';
    case 'skip':
      return symbols ? '○' : 'SKIP ';
    case 'error':
      return symbols ? '!' : 'ERROR';
    default: {
      const unreachable: never = status;
      return unreachable;
    }
  }
}
