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

export function readZipDirectory(bytes: Uint8Array, what: string): Map<string, ZipEntry> {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const len = bytes.length;
  const corrupt = (why: string): never => {
    throw fail("zip_corrupt", { what, why });
  };
  let eocd = -1;
  for (let p = len - 22; p >= 0 && p >= len - 22 - 65535; p--) {
    if (dv.getUint32(p, true) === 0x06054b50) {
      eocd = p;
      break;
    }
  }
  if (eocd < 0) corrupt("its zip directory is missing (the file may be cut short)");
  let count = dv.getUint16(eocd + 10, true);
  let cdSize = dv.getUint32(eocd + 12, true);
  let cdOffset = dv.getUint32(eocd + 16, true);
  /** A 64-bit field as a number; anything past the file's size is damage, whatever the high bits say. */
  const u64 = (at: number): number => {
    const v = dv.getUint32(at, true) + dv.getUint32(at + 4, true) * 2 ** 32;
    return v > len ? len + 1 : v;
  };
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    // zip64: the locator sits just before the classic end record and points at the zip64 end record
    const loc = eocd - 20;
    if (loc < 0 || dv.getUint32(loc, true) !== 0x07064b50) corrupt("its zip64 directory locator is missing");
    const z64 = u64(loc + 8);
    if (z64 + 56 > len || dv.getUint32(z64, true) !== 0x06064b50) corrupt("its zip64 directory record is missing");
    count = u64(z64 + 32);
    cdSize = u64(z64 + 40);
    cdOffset = u64(z64 + 48);
  }
  if (count > LIMITS.maxZipEntries) corrupt(`it has ${fmtInt(count)} entries`);
  if (cdOffset + cdSize > len) corrupt("its zip directory points outside the file");
  const entries = new Map<string, ZipEntry>();
  let p = cdOffset;
  const dec = new TextDecoder("utf-8");
  for (let k = 0; k < count; k++) {
    if (p + 46 > len || dv.getUint32(p, true) !== 0x02014b50) corrupt("an entry in its zip directory is broken");
    const flags = dv.getUint16(p + 8, true);
    const method = dv.getUint16(p + 10, true);
    const crc = dv.getUint32(p + 16, true);
    let compressedSize = dv.getUint32(p + 20, true);
    let size = dv.getUint32(p + 24, true);
    const nameLen = dv.getUint16(p + 28, true);
    const extraLen = dv.getUint16(p + 30, true);
    const commentLen = dv.getUint16(p + 32, true);
    let localOffset = dv.getUint32(p + 42, true);
    if (p + 46 + nameLen + extraLen > len) corrupt("an entry name runs past the end of the file");
    const name = dec.decode(bytes.subarray(p + 46, p + 46 + nameLen));
    if (size === 0xffffffff || compressedSize === 0xffffffff || localOffset === 0xffffffff) {
      // zip64 extended information (extra field 0x0001): the 64-bit values, in this order, for
      // exactly the fields that are saturated in the directory entry
      let q = p + 46 + nameLen;
      const end = q + extraLen;
      let found = false;
      while (q + 4 <= end) {
        const id = dv.getUint16(q, true),
          sz = dv.getUint16(q + 2, true);
        if (q + 4 + sz > end) break;
        if (id === 0x0001) {
          let f = q + 4;
          const take = (): number => {
            if (f + 8 > q + 4 + sz) corrupt(`the zip64 sizes of "${name.slice(0, 60)}" are cut short`);
            const v = u64(f);
            f += 8;
            return v;
          };
          if (size === 0xffffffff) size = take();
          if (compressedSize === 0xffffffff) compressedSize = take();
          if (localOffset === 0xffffffff) localOffset = take();
          found = true;
          break;
        }
        q += 4 + sz;
      }
      if (!found) corrupt(`the entry "${name.slice(0, 60)}" lacks its zip64 sizes`);
    }
    entries.set(name.replace(/^\/+/, "").toLowerCase(), { name, method, flags, compressedSize, size, localOffset, crc });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
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
