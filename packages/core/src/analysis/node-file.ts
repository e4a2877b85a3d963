/**
 * A file's bytes as pieces for stream.ts, read into one buffer used again for every piece (Node only:
 * never imported by index.ts). stream.ts copies each piece before it asks for the next, so one
 * buffer serves the whole file: reading a 50 MB file touches 1 MB of fresh memory, not 50.
 */
import { open } from "node:fs/promises";

export async function* filePieces(path: string, pieceBytes = 1 << 20): AsyncGenerator<Uint8Array> {
  const file = await open(path, "r");
  try {
    const buffer = new Uint8Array(pieceBytes);
    for (;;) {
      const { bytesRead } = await file.read(buffer, 0, pieceBytes, null);
      if (bytesRead === 0) return;
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    await file.close();
  }
}
