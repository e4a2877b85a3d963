import { Inflate } from "fflate";
import { fail } from "../shared/errors.ts";
import { crc32 } from "./crc32.ts";
import { fmtBytes, fmtInt } from "./errors.ts";
import { LIMITS } from "./limits.ts";

/**
 * Just enough zip for 3MF: read the central directory, then inflate only the entries asked for,
 * in small chunks through fflate's streaming Inflate, stopping as soon as the output passes the
 * entry's declared size or the overall budget (a zip bomb stops after a few MB of work).
 * Zip64 archives (as some exporters write even for small files) are read through their zip64 end
 * records and extra fields; every unpacked entry's CRC-32 must match its directory.
 */
export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localOffset: number;
  crc: number;
}

export interface ZipBudget {
  remaining: number;
}

export function isZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5) && (bytes[3] === 4 || bytes[3] === 6)
  );
}

const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_END = 0x06054b50;
const SIG_END64 = 0x06064b50;
const SIG_LOCATOR64 = 0x07064b50;
const MAX32 = 0xffffffff;

/**
 * Reads the central directory. Every zip64 form a slicer accepts is read (APPNOTE 4.3.14–4.3.16,
 * 4.5.3), as the writers that make 3MF files write it:
 *   - lib3mf: every entry zip64 (sizes and offset saturated in the directory, the values only in the
 *     zip64 extra field; "version needed 4.5"), the end record's offset saturated, a zip64 end record;
 *   - Python's zipfile: `force_zip64` local headers (the sizes only in the local zip64 extra), data
 *     descriptors with 8-byte sizes when written to a stream, zip64 extra fields and end records only
 *     where a value does not fit;
 *   - Info-ZIP `zip -fz`: only the uncompressed size saturated; to a pipe, the directory offset
 *     saturated with no zip64 end record (the directory then ends where the end record begins);
 *   - 7-Zip, Windows and macOS: data descriptors (the local header's sizes are zero: the directory
 *     holds them), other extra fields (NTFS times, Unix ids, extended timestamps) before the zip64 one,
 *     a zip64 end record written even when the classic one is not saturated, `__MACOSX/` entries.
 * A writer that puts all three 64-bit values in the extra field although only some are saturated is
 * read too (the spec lists only the saturated ones; the field's length says which layout it is).
 * Sizes the directory cannot give are taken from the entry's local zip64 extra field. A 64-bit size
 * is taken as it is (an entry may inflate to far more than the archive's length: the budget and the
 * ratio check in readZipEntry judge it); offsets past the file's end are damage.
 */
export function readZipDirectory(bytes: Uint8Array, what: string): Map<string, ZipEntry> {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const len = bytes.length;
  const corrupt = (why: string): never => {
    throw fail("zip_corrupt", { what, why });
  };
  const eocd = findEndRecord(dv, len);
  if (eocd < 0) corrupt("its zip directory is missing (the file may be cut short)");
  let count = dv.getUint16(eocd + 10, true);
  let cdSize = dv.getUint32(eocd + 12, true);
  let cdOffset = dv.getUint32(eocd + 16, true);
  // a saturated count or size needs the zip64 record; a saturated offset alone can be inferred (below)
  const needs64 = count === 0xffff || cdSize === MAX32;
  // zip64: the locator sits just before the classic end record and points at the zip64 end record
  const loc = eocd - 20;
  const hasLocator = loc >= 0 && dv.getUint32(loc, true) === SIG_LOCATOR64;
  if (needs64 && !hasLocator) corrupt("its zip64 directory locator is missing");
  if (hasLocator) {
    const z64 = findEnd64(dv, len, loc);
    if (z64 < 0) {
      if (needs64) corrupt("its zip64 directory record is missing");
    } else {
      // the zip64 record's values are the true ones; a writer that always adds it (some do) also
      // fills the classic record, and the two then agree
      count = clampCount(u64(dv, z64 + 32));
      cdSize = clampTo(u64(dv, z64 + 40), len + 1);
      cdOffset = clampTo(u64(dv, z64 + 48), len + 1);
    }
  }
  if (count > LIMITS.maxZipEntries) corrupt(`it has ${fmtInt(count)} entries`);
  // The directory ends where the end records begin. Info-ZIP's `zip -fz` writing to a pipe saturates
  // the directory's offset without writing a zip64 record: the directory then ends at the end record.
  if (cdOffset === MAX32 && cdSize <= eocd && dv.getUint32(eocd - cdSize, true) === SIG_CENTRAL) cdOffset = eocd - cdSize;
  if (cdOffset + cdSize > len) corrupt("its zip directory points outside the file");
  const entries = new Map<string, ZipEntry>();
  let p = cdOffset;
  const dec = new TextDecoder("utf-8");
  for (let k = 0; k < count; k++) {
    if (p + 46 > len || dv.getUint32(p, true) !== SIG_CENTRAL) corrupt("an entry in its zip directory is broken");
    const flags = dv.getUint16(p + 8, true);
    const method = dv.getUint16(p + 10, true);
    const crc = dv.getUint32(p + 16, true);
    const nameLen = dv.getUint16(p + 28, true);
    const extraLen = dv.getUint16(p + 30, true);
    const commentLen = dv.getUint16(p + 32, true);
    if (p + 46 + nameLen + extraLen > len) corrupt("an entry name runs past the end of the file");
    const nameBytes = bytes.subarray(p + 46, p + 46 + nameLen);
    const extraAt = p + 46 + nameLen;
    const name = unicodePath(dv, extraAt, extraLen, nameBytes, dec) ?? dec.decode(nameBytes);
    const label = name.slice(0, 60);
    const fields = [dv.getUint32(p + 24, true), dv.getUint32(p + 20, true), dv.getUint32(p + 42, true)];
    if (fields[0] === MAX32 || fields[1] === MAX32 || fields[2] === MAX32) {
      const ok = zip64Values(dv, extraAt, extraLen, fields, len);
      // the local header's zip64 extra must hold both sizes (APPNOTE 4.5.3): the last resort
      if (!ok && !(fields[2] !== MAX32 && localZip64Sizes(dv, fields, len))) corrupt(`the entry "${label}" lacks its zip64 sizes`);
    }
    const [size, compressedSize, localOffset] = fields as [number, number, number];
    entries.set(name.replace(/^\/+/, "").toLowerCase(), { name, method, flags, compressedSize, size, localOffset, crc });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** A 64-bit field as a number (2^53 and up read as 2^53: past every limit, so refused where it matters). */
function u64(dv: DataView, at: number): number {
  const hi = dv.getUint32(at + 4, true);
  return hi >= 0x200000 ? 2 ** 53 : dv.getUint32(at, true) + hi * 2 ** 32;
}
/** An offset or a length inside the file: anything past the file's size is damage, whatever the high bits say. */
const clampTo = (v: number, max: number) => (v > max ? max : v);
const clampCount = (v: number) => (v > LIMITS.maxZipEntries ? LIMITS.maxZipEntries + 1 : v);

/**
 * The classic end record: the last signature whose comment length reaches exactly the end of the
 * file (a comment may itself hold the signature's bytes); failing that, the last signature at all
 * (some writers leave trailing bytes after the archive).
 */
function findEndRecord(dv: DataView, len: number): number {
  let loose = -1;
  for (let p = len - 22; p >= 0 && p >= len - 22 - 65535; p--) {
    if (dv.getUint32(p, true) !== SIG_END) continue;
    if (p + 22 + dv.getUint16(p + 20, true) === len) return p;
    if (loose < 0) loose = p;
  }
  return loose;
}

/**
 * The zip64 end record: where the locator says, or (when the archive was prefixed or the locator's
 * offset is off) just before the locator, its own size field telling where it starts.
 */
function findEnd64(dv: DataView, len: number, loc: number): number {
  const at = clampTo(u64(dv, loc + 8), len);
  if (at + 56 <= loc && dv.getUint32(at, true) === SIG_END64) return at;
  // the record usually ends where the locator starts: 56 bytes, or more with extensible data
  for (let p = loc - 56; p >= 0 && p >= loc - 56 - 4096; p--) {
    if (dv.getUint32(p, true) === SIG_END64 && p + 12 + u64(dv, p + 4) === loc) return p;
  }
  return -1;
}

/**
 * Fills the saturated ones of [size, compressed size, local offset] from the directory entry's
 * zip64 extra field (0x0001). The spec lists only the saturated values, in that order; some writers
 * list all three whatever is saturated: the field's length tells the two apart.
 */
function zip64Values(dv: DataView, at: number, extraLen: number, fields: number[], len: number): boolean {
  const f = findExtra(dv, at, extraLen, 0x0001);
  if (!f) return false;
  const sat = fields.map((v) => v === MAX32);
  const need = sat.filter(Boolean).length;
  const have = f.size >> 3; // 8-byte values (a 4-byte disk number may follow)
  let order: number[];
  if (have >= 3 && need < 3 && f.size !== 8 * need + 4) order = [0, 1, 2];
  else if (have >= need) order = [0, 1, 2].filter((i) => sat[i]);
  else return false;
  order.forEach((field, slot) => {
    if (!sat[field]) return;
    const v = u64(dv, f.at + 8 * slot);
    fields[field] = field === 2 ? clampTo(v, len + 1) : v;
  });
  return true;
}

/** Sizes from the local header's zip64 extra field (both are there, uncompressed first). */
function localZip64Sizes(dv: DataView, fields: number[], len: number): boolean {
  const lp = fields[2]!;
  if (lp + 30 > len || dv.getUint32(lp, true) !== SIG_LOCAL) return false;
  const nameLen = dv.getUint16(lp + 26, true),
    extraLen = dv.getUint16(lp + 28, true);
  if (lp + 30 + nameLen + extraLen > len) return false;
  const f = findExtra(dv, lp + 30 + nameLen, extraLen, 0x0001);
  if (!f || f.size < 16) return false;
  const size = u64(dv, f.at),
    comp = u64(dv, f.at + 8);
  // a local header written before the sizes were known holds zeros there (they follow the data)
  if (size === 0 && comp === 0) return false;
  if (fields[0] === MAX32) fields[0] = size;
  if (fields[1] === MAX32) fields[1] = comp;
  return true;
}

/** Where an extra field's data starts and how long it is, or null. */
function findExtra(dv: DataView, at: number, extraLen: number, id: number): { at: number; size: number } | null {
  let q = at;
  const end = at + extraLen;
  while (q + 4 <= end) {
    const tag = dv.getUint16(q, true),
      sz = dv.getUint16(q + 2, true);
    if (q + 4 + sz > end) return null;
    if (tag === id) return { at: q + 4, size: sz };
    q += 4 + sz;
  }
  return null;
}

/**
 * The Info-ZIP Unicode Path extra field (0x7075, written by 7-Zip and WinZip beside a name in the
 * DOS code page): its UTF-8 name, when its CRC-32 says it belongs to the name beside it.
 */
function unicodePath(
  dv: DataView,
  at: number,
  extraLen: number,
  nameBytes: Uint8Array,
  dec: { decode(b: Uint8Array): string },
): string | null {
  const f = findExtra(dv, at, extraLen, 0x7075);
  if (!f || f.size < 5 || dv.getUint8(f.at) !== 1) return null;
  if (dv.getUint32(f.at + 1, true) !== crc32(nameBytes)) return null;
  return dec.decode(new Uint8Array(dv.buffer, dv.byteOffset + f.at + 5, f.size - 5));
}

/** Unpacks one entry (within the budget) and checks its CRC-32; with keep = false only checks. */
export function readZipEntry(bytes: Uint8Array, e: ZipEntry, budget: ZipBudget, what: string, keep = true): Uint8Array {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const corrupt = (why: string): never => {
    throw fail("zip_corrupt", { what, why });
  };
  if (e.flags & 1) throw fail("zip_encrypted", { what, entry: e.name.slice(0, 60) });
  if (e.size > budget.remaining) {
    throw fail("zip_too_large", { what, limit: fmtBytes(LIMITS.maxInflatedBytes), entry: e.name.slice(0, 60), size: fmtBytes(e.size) });
  }
  if (e.method === 8 && e.size > e.compressedSize * 1100 + 4096) {
    throw fail("zip_bomb", { what, entry: e.name.slice(0, 60), ratio: fmtInt(e.size / Math.max(1, e.compressedSize)) });
  }
  const lp = e.localOffset;
  if (lp + 30 > bytes.length || dv.getUint32(lp, true) !== 0x04034b50) corrupt(`the entry "${e.name.slice(0, 60)}" is missing`);
  const start = lp + 30 + dv.getUint16(lp + 26, true) + dv.getUint16(lp + 28, true);
  const end = start + e.compressedSize;
  if (end > bytes.length) corrupt(`the entry "${e.name.slice(0, 60)}" runs past the end of the file`);
  const src = bytes.subarray(start, end);
  const checkCrc = (got: number) => {
    if (got !== e.crc) {
      throw fail("zip_crc_mismatch", { what, entry: e.name.slice(0, 60) });
    }
  };
  if (e.method === 0) {
    if (e.compressedSize !== e.size) corrupt(`the stored entry "${e.name.slice(0, 60)}" has inconsistent sizes`);
    budget.remaining -= e.size;
    checkCrc(crc32(src));
    return src;
  }
  if (e.method !== 8) corrupt(`the entry "${e.name.slice(0, 60)}" uses an unsupported compression method (${e.method})`);
  const out = keep ? new Uint8Array(e.size) : null;
  let n = 0;
  let crc = 0;
  const inflater = new Inflate((chunk) => {
    if (n + chunk.length > e.size) {
      throw fail("zip_size_mismatch", { what, entry: e.name.slice(0, 60), size: fmtBytes(e.size) });
    }
    if (out) out.set(chunk, n);
    crc = crc32(chunk, crc);
    n += chunk.length;
  });
  const CHUNK = 16384;
  try {
    if (src.length === 0) inflater.push(new Uint8Array(0), true);
    for (let p = 0; p < src.length; p += CHUNK) inflater.push(src.subarray(p, Math.min(p + CHUNK, src.length)), p + CHUNK >= src.length);
  } catch (err) {
    if (err instanceof Error && err.name === "VisibleError") throw err;
    corrupt(`the entry "${e.name.slice(0, 60)}" cannot be decompressed (${err instanceof Error ? err.message : "unknown error"})`);
  }
  if (n !== e.size) corrupt(`the entry "${e.name.slice(0, 60)}" is ${fmtBytes(n)} instead of the ${fmtBytes(e.size)} it declares`);
  budget.remaining -= e.size;
  checkCrc(crc);
  return out ?? new Uint8Array(0);
}

/**
 * Checks the entries the reader did not need (thumbnails, slicer settings): each is unpacked in
 * 16 KB steps under the same budget, its CRC-32 compared and the output dropped.
 */
export function verifyZipEntries(
  bytes: Uint8Array,
  entries: Map<string, ZipEntry>,
  read: Set<ZipEntry>,
  budget: ZipBudget,
  what: string,
): void {
  for (const e of entries.values()) {
    if (read.has(e) || (e.size === 0 && e.compressedSize === 0 && e.crc === 0)) continue;
    readZipEntry(bytes, e, budget, what, false);
  }
}
