import { Inflate } from "fflate";
import { designError, fmtBytes, fmtInt, tooLarge } from "./errors.ts";
import { LIMITS } from "./limits.ts";

/**
 * Just enough zip for 3MF: read the central directory, then inflate only the entries asked for,
 * in small chunks through fflate's streaming Inflate, stopping as soon as the output passes the
 * entry's declared size or the overall budget (a zip bomb stops after a few MB of work).
 */
export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localOffset: number;
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
    throw designError("zip_corrupt", `This ${what} file is damaged: ${why}.`);
  };
  let eocd = -1;
  for (let p = len - 22; p >= 0 && p >= len - 22 - 65535; p--) {
    if (dv.getUint32(p, true) === 0x06054b50) {
      eocd = p;
      break;
    }
  }
  if (eocd < 0) corrupt("its zip directory is missing (the file may be cut short)");
  const count = dv.getUint16(eocd + 10, true);
  const cdSize = dv.getUint32(eocd + 12, true);
  const cdOffset = dv.getUint32(eocd + 16, true);
  if (count === 0xffff || cdOffset === 0xffffffff) corrupt("it uses the zip64 format, which is not supported for designs");
  if (count > LIMITS.maxZipEntries) corrupt(`it has ${fmtInt(count)} entries`);
  if (cdOffset + cdSize > eocd) corrupt("its zip directory points outside the file");
  const entries = new Map<string, ZipEntry>();
  let p = cdOffset;
  const dec = new TextDecoder("utf-8");
  for (let k = 0; k < count; k++) {
    if (p + 46 > len || dv.getUint32(p, true) !== 0x02014b50) corrupt("an entry in its zip directory is broken");
    const flags = dv.getUint16(p + 8, true);
    const method = dv.getUint16(p + 10, true);
    const compressedSize = dv.getUint32(p + 20, true);
    const size = dv.getUint32(p + 24, true);
    const nameLen = dv.getUint16(p + 28, true);
    const extraLen = dv.getUint16(p + 30, true);
    const commentLen = dv.getUint16(p + 32, true);
    const localOffset = dv.getUint32(p + 42, true);
    if (p + 46 + nameLen > len) corrupt("an entry name runs past the end of the file");
    const name = dec.decode(bytes.subarray(p + 46, p + 46 + nameLen));
    entries.set(name.replace(/^\/+/, "").toLowerCase(), { name, method, flags, compressedSize, size, localOffset });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

export function readZipEntry(bytes: Uint8Array, e: ZipEntry, budget: ZipBudget, what: string): Uint8Array {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const corrupt = (why: string): never => {
    throw designError("zip_corrupt", `This ${what} file is damaged: ${why}.`);
  };
  if (e.flags & 1)
    throw designError("zip_encrypted", `This ${what} file is encrypted ("${e.name.slice(0, 60)}"); please upload an unencrypted file.`);
  if (e.size > budget.remaining) {
    throw tooLarge(
      "zip_too_large",
      `This ${what} file would expand to more than ${fmtBytes(LIMITS.maxInflatedBytes)} when unpacked ("${e.name.slice(0, 60)}" alone claims ${fmtBytes(e.size)}); it is refused.`,
    );
  }
  if (e.method === 8 && e.size > e.compressedSize * 1100 + 4096) {
    throw tooLarge(
      "zip_bomb",
      `This ${what} file is refused: the entry "${e.name.slice(0, 60)}" claims to expand ${fmtInt(e.size / Math.max(1, e.compressedSize))} times, more than compression allows (a zip bomb or damage).`,
    );
  }
  const lp = e.localOffset;
  if (lp + 30 > bytes.length || dv.getUint32(lp, true) !== 0x04034b50) corrupt(`the entry "${e.name.slice(0, 60)}" is missing`);
  const start = lp + 30 + dv.getUint16(lp + 26, true) + dv.getUint16(lp + 28, true);
  const end = start + e.compressedSize;
  if (end > bytes.length) corrupt(`the entry "${e.name.slice(0, 60)}" runs past the end of the file`);
  const src = bytes.subarray(start, end);
  if (e.method === 0) {
    if (e.compressedSize !== e.size) corrupt(`the stored entry "${e.name.slice(0, 60)}" has inconsistent sizes`);
    budget.remaining -= e.size;
    return src;
  }
  if (e.method !== 8) corrupt(`the entry "${e.name.slice(0, 60)}" uses an unsupported compression method (${e.method})`);
  const out = new Uint8Array(e.size);
  let n = 0;
  const inflater = new Inflate((chunk) => {
    if (n + chunk.length > e.size) {
      throw tooLarge(
        "zip_size_mismatch",
        `This ${what} file is refused: the entry "${e.name.slice(0, 60)}" expands to more than the ${fmtBytes(e.size)} it declares (a sign of a zip bomb or damage).`,
      );
    }
    out.set(chunk, n);
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
  return out;
}
