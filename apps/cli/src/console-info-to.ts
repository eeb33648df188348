import { format } from 'node:util';

/**
 * cac prints `--help` and `--version` with `console.info`, which always means the process's stdout.
 * For one synchronous call (nothing else can run in between), send it to `stream` instead, so an
 * in-process `main(argv, io)` writes its help to `io.stdout` like everything else.
 */
export function consoleInfoTo<T>(stream: NodeJS.WritableStream, body: () => T): T {
  const original = console.info;
  console.info = (...parts: unknown[]): void => {
    // eslint-disable-next-line no-restricted-syntax -- bounded: a console.info call's own arguments.
    stream.write(`${format(...parts)}\n`);
  };
  try {
    return body();
  } finally {
    console.info = original;
  }
}
