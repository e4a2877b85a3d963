import { deflateSync, strToU8 } from "fflate";
import { crc32 } from "../../src/analysis/crc32.ts";

/**
 * A small zip writer for tests: stored or deflated entries, and optionally the zip64 layout that
 * some exporters write even for small archives (saturated 32-bit fields, zip64 extra fields, the
 * zip64 end record and its locator).
 */
export function writeZip(files: Record<string, string | Uint8Array>, opts: { zip64?: boolean; deflate?: boolean } = {}): Uint8Array {
  const chunks: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  const z64 = opts.zip64 ?? false;
  for (const [name, v] of Object.entries(files)) {
    const data = typeof v === "string" ? strToU8(v) : v;
    const body = opts.deflate ? deflateSync(data) : data;
    const nameBytes = strToU8(name);
    const crc = crc32(data);
    const extra = z64 ? zip64Extra([data.length, body.length, offset]) : new Uint8Array(0);
    const local = new Uint8Array(30 + nameBytes.length + (z64 ? 20 : 0));
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, z64 ? 45 : 20, true);
    lv.setUint16(8, opts.deflate ? 8 : 0, true);
    lv.setUint32(14, crc, true);
    lv.setUint32(18, z64 ? 0xffffffff : body.length, true);
    lv.setUint32(22, z64 ? 0xffffffff : data.length, true);
    lv.setUint16(26, nameBytes.length, true);
    lv.setUint16(28, z64 ? 20 : 0, true);
    local.set(nameBytes, 30);
    if (z64) local.set(zip64Extra([data.length, body.length]), 30 + nameBytes.length);
    const cd = new Uint8Array(46 + nameBytes.length + extra.length);
    const cv = new DataView(cd.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, z64 ? 45 : 20, true);
    cv.setUint16(6, z64 ? 45 : 20, true);
    cv.setUint16(10, opts.deflate ? 8 : 0, true);
    cv.setUint32(16, crc, true);
    cv.setUint32(20, z64 ? 0xffffffff : body.length, true);
    cv.setUint32(24, z64 ? 0xffffffff : data.length, true);
    cv.setUint16(28, nameBytes.length, true);
    cv.setUint16(30, extra.length, true);
    cv.setUint32(42, z64 ? 0xffffffff : offset, true);
    cd.set(nameBytes, 46);
    cd.set(extra, 46 + nameBytes.length);
    chunks.push(local, body);
    central.push(cd);
    offset += local.length + body.length;
  }
  const cdStart = offset;
  const cdSize = central.reduce((s, c) => s + c.length, 0);
  const n = central.length;
  const tail: Uint8Array[] = [];
  if (z64) {
    const rec = new Uint8Array(56);
    const rv = new DataView(rec.buffer);
    rv.setUint32(0, 0x06064b50, true);
    rv.setBigUint64(4, 44n, true);
    rv.setUint16(12, 45, true);
    rv.setUint16(14, 45, true);
    rv.setBigUint64(24, BigInt(n), true);
    rv.setBigUint64(32, BigInt(n), true);
    rv.setBigUint64(40, BigInt(cdSize), true);
    rv.setBigUint64(48, BigInt(cdStart), true);
    const loc = new Uint8Array(20);
    const lv = new DataView(loc.buffer);
    lv.setUint32(0, 0x07064b50, true);
    lv.setBigUint64(8, BigInt(cdStart + cdSize), true);
    lv.setUint32(16, 1, true);
    tail.push(rec, loc);
  }
  const eocd = new Uint8Array(22);
  const ev = new DataView(eocd.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, z64 ? 0xffff : n, true);
  ev.setUint16(10, z64 ? 0xffff : n, true);
  ev.setUint32(12, z64 ? 0xffffffff : cdSize, true);
  ev.setUint32(16, z64 ? 0xffffffff : cdStart, true);
  tail.push(eocd);
  const all = [...chunks, ...central, ...tail];
  const out = new Uint8Array(all.reduce((s, c) => s + c.length, 0));
  let p = 0;
  for (const c of all) {
    out.set(c, p);
    p += c.length;
  }
  return out;
}

function zip64Extra(values: number[]): Uint8Array {
  const e = new Uint8Array(4 + 8 * values.length);
  const v = new DataView(e.buffer);
  v.setUint16(0, 0x0001, true);
  v.setUint16(2, 8 * values.length, true);
  for (const [i, x] of values.entries()) v.setBigUint64(4 + 8 * i, BigInt(x), true);
  return e;
}
