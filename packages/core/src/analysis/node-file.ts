/**
 * A file's bytes as pieces for stream.ts, read into one buffer used again and again (Node only:
 * never imported by index.ts): reading a 50 MB file touches 256 KB of fresh memory, not 50 MB.
 * stream.ts copies each piece before it asks for the next, so the buffer is free again by then.
 * The reads are synchronous on purpose: a piece from the page cache takes tens of microseconds to
 * copy, less than handing it over from libuv's thread and waking this one again (on a VM, where an
 * idle processor is given back to the host, that handover cost ~50 ms over a 50 MB file).
 */
import { closeSync, openSync, readSync } from "node:fs";

export async function* filePieces(path: string, pieceBytes = 1 << 18): AsyncGenerator<Uint8Array> {
  const fd = openSync(path, "r");
  const buffer = new Uint8Array(pieceBytes);
  try {
    for (;;) {
      const n = readSync(fd, buffer, 0, pieceBytes, null);
      if (n === 0) return;
      yield buffer.subarray(0, n);
    }
  } finally {
    closeSync(fd);
  }
}
