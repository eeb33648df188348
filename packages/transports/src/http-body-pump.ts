import type { Readable } from 'node:stream';

function ignore(): void {}

/**
 * Feeds a response body to `onChunk` as bytes arrive, until it ends, is destroyed, or `onChunk`
 * returns false (then the body is paused, left for the caller to read on or destroy). A paused body
 * is resumed, so a second pump reads on where the first stopped. Rejects when the body fails.
 * Plain listeners rather than an async iterator: no promise per chunk on the measuring path.
 */
export function pumpBody(body: Readable, onChunk: (chunk: Buffer) => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const finish = (error?: Error): void => {
      body.off('data', onData);
      body.off('end', onEnd);
      body.off('error', onError);
      body.off('close', onClose);
      // Whatever the caller does next (drain, destroy), a late error must not go unheard.
      body.on('error', ignore);
      if (error === undefined) resolve();
      else reject(error);
    };
    const onData = (chunk: Buffer): void => {
      if (onChunk(chunk)) return;
      body.pause();
      finish();
    };
    const onEnd = (): void => finish();
    const onClose = (): void => finish();
    const onError = (error: Error): void => finish(error);
    body.on('error', onError);
    body.on('end', onEnd);
    body.on('close', onClose);
    body.on('data', onData);
    body.resume();
  });
}
