/**
 * Streams a valid JSON body of an exact byte size (`hugeBody` fault) without building it in memory: `head`, then
 * copies of one item separated by commas, then spaces (JSON whitespace) to hit the size, then `tail`.
 * Sent chunked (no Content-Length), so a client must enforce its size cap while reading.
 */
import type { ServerResponse } from 'node:http';

const CHUNK_TARGET_BYTES = 64 * 1024;

export async function streamHugeJson(
  res: ServerResponse,
  totalBytes: number,
  head: string,
  tail: string,
  itemJson: string,
): Promise<void> {
  const headBuf = Buffer.from(head, 'utf8');
  const tailBuf = Buffer.from(tail, 'utf8');
  const item = Buffer.from(itemJson, 'utf8');
  const commaItem = Buffer.concat([Buffer.from(',', 'utf8'), item]);
  const copiesPerChunk = Math.max(1, Math.floor(CHUNK_TARGET_BYTES / commaItem.length));
  const chunk = Buffer.concat(Array.from({ length: copiesPerChunk }, () => commaItem));

  let remaining = totalBytes - headBuf.length - tailBuf.length;
  if (!(await write(res, headBuf))) return;
  if (remaining >= item.length) {
    if (!(await write(res, item))) return;
    remaining -= item.length;
    while (remaining >= chunk.length) {
      if (!(await write(res, chunk))) return;
      remaining -= chunk.length;
    }
    while (remaining >= commaItem.length) {
      if (!(await write(res, commaItem))) return;
      remaining -= commaItem.length;
    }
  }
  if (remaining > 0) {
    if (!(await write(res, Buffer.alloc(remaining, 0x20)))) return;
  }
  if (!res.destroyed) {
    res.end(tailBuf);
  }
}

/** Writes with back-pressure; false when the client went away. */
async function write(res: ServerResponse, data: Buffer): Promise<boolean> {
  if (res.destroyed || res.writableEnded) {
    return false;
  }
  if (!res.write(data)) {
    await new Promise<void>((resolve) => {
      const done = (): void => {
        res.off('drain', done);
        res.off('close', done);
        resolve();
      };
      res.on('drain', done);
      res.on('close', done);
    });
  }
  return !res.destroyed;
}
