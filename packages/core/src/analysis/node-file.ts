/**
 * A file's bytes as pieces for stream.ts, read into two buffers used again and again (Node only:
 * never imported by index.ts): the next piece is read while this one is copied, and reading a 50 MB
 * file touches 2 MB of fresh memory, not 50. stream.ts copies each piece before it asks for the next,
 * so a buffer is free again by the time it is read into.
 */
import { open } from "node:fs/promises";

export async function* filePieces(path: string, pieceBytes = 1 << 18): AsyncGenerator<Uint8Array> {
  const file = await open(path, "r");
  const buffers = [new Uint8Array(pieceBytes), new Uint8Array(pieceBytes)];
  let k = 0;
  let next = file.read(buffers[0]!, 0, pieceBytes, null);
  try {
    for (;;) {
      const { bytesRead } = await next;
      if (bytesRead === 0) return;
      const piece = buffers[k]!.subarray(0, bytesRead);
      k ^= 1;
      next = file.read(buffers[k]!, 0, pieceBytes, null);
      yield piece;
    }
  } finally {
    await next.catch(() => undefined);
    await file.close();
  }
}
