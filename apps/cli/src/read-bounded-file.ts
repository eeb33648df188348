import { open } from 'node:fs/promises';

/**
 * A file's bytes, refused from its size before reading when over `maxBytes`; the read itself
 * stops one byte past what the size promised, so a file that grows meanwhile is refused too
 * (`changed`) rather than read without bound.
 */
export async function readBoundedFile(path: string, maxBytes: number): Promise<Buffer | 'too-large' | 'changed'> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    if (size > maxBytes) return 'too-large';
    const buffer = Buffer.alloc(size + 1);
    let filled = 0;
    while (filled < buffer.length) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return filled > size ? 'changed' : buffer.subarray(0, filled);
  } finally {
    await handle.close();
  }
}
