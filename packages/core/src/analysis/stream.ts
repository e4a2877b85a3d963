/**
 * A design measured as its bytes arrive (issue 25 point 3: peak memory at most twice the file).
 * A binary STL — the format of the largest designs — is welded record by record as its pieces come
 * (welded.ts), so the file itself is never held whole and its reading overlaps the copying (a
 * file stream reads the next piece while this one is welded). Any other format is gathered and
 * measured as usual: its parsers need the whole text or archive. Same geometry as measureDesign.
 *
 * Pieces may be of any size and cut records anywhere, and a piece's memory may be used again by the
 * stream once the next piece is asked for (each is copied before). Plain typed arrays and an async
 * iterable: a Node file stream and a browser ReadableStream both give one. parallel.ts reads a stream
 * the same way into memory its threads share (openStream, copyStreamedStl).
 */
import { fail } from "../shared/errors.ts";
import { checkFileSize, formatFor, measureDesign, measureParsed, stlParsed } from "./analyze.ts";
import type { DesignGeometry } from "./describe.ts";
import { fmtBytes } from "./errors.ts";
import { binaryStlParsed, binaryStlTriangleCount, binaryStlWelder, checkBinaryCount, type StlParse } from "./stl.ts";
import type { Welder } from "./welded.ts";

const RECORD = 50;
/** What the format's recognition looks at: a header, or the start of a text or archive. */
const HEAD = 1024;

/** A streamed file once its first bytes are in: its head, and its triangle count when it is a binary STL. */
export interface Opening {
  size: number;
  fileName: string;
  head: Uint8Array;
  /** What came with the head's last piece beyond it. */
  rest: Uint8Array | null;
  it: AsyncIterator<Uint8Array>;
  /** A binary STL's triangle count (its size checked), else null. */
  triangles: number | null;
}

export async function measureDesignStream(pieces: AsyncIterable<Uint8Array>, size: number, fileName: string): Promise<DesignGeometry> {
  return measureOpened(await openStream(pieces, size, fileName));
}

/** The geometry of a streamed file, on this thread. */
export async function measureOpened(o: Opening): Promise<DesignGeometry> {
  // not a binary STL: its parsers read the file whole
  if (o.triangles === null) return measureDesign(await gatherStream(o), o.fileName);
  const r = await copyStreamedStl(o, binaryStlWelder(o.triangles, o.head));
  return measureParsed(stlParsed(r, o.head), o.fileName, o.size);
}

/** Reads the first bytes of a stream: the size checked, the format recognised. */
export async function openStream(pieces: AsyncIterable<Uint8Array>, size: number, fileName: string): Promise<Opening> {
  checkFileSize(size);
  const it = pieces[Symbol.asyncIterator]();
  // the first HEAD bytes (or the whole file, when smaller) decide the format
  const head = new Uint8Array(Math.min(size, HEAD));
  let got = 0;
  let rest: Uint8Array | null = null;
  while (got < head.length) {
    const r = await it.next();
    if (r.done) break;
    const take = Math.min(r.value.length, head.length - got);
    head.set(r.value.subarray(0, take), got);
    got += take;
    if (take < r.value.length) rest = r.value.subarray(take);
  }
  if (got < head.length) throw changed(size, got);
  const kind = formatFor(head, fileName);
  const n = binaryStlTriangleCount(head);
  const binary = kind === "stl" && n !== null && 84 + RECORD * n === size;
  return { size, fileName, head, rest, it, triangles: binary ? checkBinaryCount(n, size) : null };
}

/** The rest of a stream after its head, gathered with it into the whole file. */
export async function gatherStream(o: Opening): Promise<Uint8Array> {
  const all = new Uint8Array(o.size);
  all.set(o.head);
  let at = o.head.length;
  for (let piece = o.rest ?? (await nextPiece(o.it)); piece; piece = await nextPiece(o.it)) {
    if (at + piece.length > o.size) throw changed(o.size, at + piece.length);
    all.set(piece, at);
    at += piece.length;
  }
  if (at !== o.size) throw changed(o.size, at);
  return all;
}

/** A binary STL's records, as they arrive, welded by `records` (binaryStlWelder: its arena shared with threads or not). */
export async function copyStreamedStl(o: Opening, records: Welder): Promise<StlParse> {
  let read = o.head.length;
  records.pushRecords(o.head.subarray(84));
  for (let piece = o.rest ?? (await nextPiece(o.it)); piece; piece = await nextPiece(o.it)) {
    read += piece.length;
    if (read > o.size) throw changed(o.size, read);
    records.pushRecords(piece);
  }
  if (read !== o.size || records.count !== records.mesh.n) throw changed(o.size, read);
  return binaryStlParsed(records);
}

async function nextPiece(it: AsyncIterator<Uint8Array>): Promise<Uint8Array | null> {
  const r = await it.next();
  return r.done ? null : r.value;
}

/** The bytes that came are not the size the file was said to have (it changed while being read). */
const changed = (size: number, got: number) => fail("file_read_short", { expected: fmtBytes(size), received: fmtBytes(got) });
