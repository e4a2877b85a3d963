import { deflateSync, strToU8 } from "fflate";
import { crc32 } from "../../src/analysis/crc32.ts";

/**
 * A zip writer for tests that lays archives out the way particular writers do (APPNOTE 6.3.x):
 * where the sizes go (local header, data descriptor, zip64 extra fields), which fields are saturated
 * to 0xFFFFFFFF, which end records are written, and the extra fields and entries writers add.
 * `writers.ts` names the layouts of lib3mf, Python's zipfile, Info-ZIP, 7-Zip, Windows and macOS.
 */
export interface Layout {
  deflate?: boolean;
  /** "version needed to extract" (45 = zip64). */
  version?: number;
  /** Local header: real sizes, zeros (sizes follow the data), or saturated with both sizes in a zip64 extra (zeros there too when `descriptor` is set). */
  local?: "plain" | "zeros" | "zip64";
  /** Data descriptor after each entry's data: none, with or without its signature, 4- or 8-byte sizes. */
  descriptor?: "none" | "sig32" | "sig64" | "nosig32";
  /** Directory fields saturated (values then in the directory's zip64 extra field). */
  saturate?: { size?: boolean; compressed?: boolean; offset?: boolean };
  /** The directory's zip64 extra lists only the saturated values (the spec) or all three (some writers). */
  zip64Extra?: "spec" | "all";
  /** End records: classic only; zip64 record + locator with the classic one saturated; with the classic one real ("always"); with only the classic offset saturated (lib3mf); the classic offset saturated and no zip64 record (Info-ZIP -fz to a pipe). */
  end?: "classic" | "zip64" | "always" | "offset" | "offset-no64";
  /** Extra fields written before any zip64 one (NTFS times, Unix ids, extended timestamps). */
  extras?: Uint8Array[];
  /** General purpose flags added to every entry (bit 11: UTF-8 names). */
  flags?: number;
  comment?: string;
  /** The uncompressed size written everywhere it goes (a lie, for the zip-bomb guards); the real one by default. */
  declareSize?: (real: number) => number;
}

const u16 = (v: DataView, at: number, x: number) => v.setUint16(at, x, true);
const u32 = (v: DataView, at: number, x: number) => v.setUint32(at, x >>> 0, true);
const u64 = (v: DataView, at: number, x: number) => v.setBigUint64(at, BigInt(x), true);

/** An extra field: tag, then its data. */
export function extraField(tag: number, data: Uint8Array): Uint8Array {
  const e = new Uint8Array(4 + data.length);
  const v = new DataView(e.buffer);
  u16(v, 0, tag);
  u16(v, 2, data.length);
  e.set(data, 4);
  return e;
}

function u64s(values: number[]): Uint8Array {
  const d = new Uint8Array(8 * values.length);
  const v = new DataView(d.buffer);
  for (const [i, x] of values.entries()) u64(v, 8 * i, x);
  return d;
}

const cat = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((s, c) => s + c.length, 0));
  let p = 0;
  for (const c of parts) {
    out.set(c, p);
    p += c.length;
  }
  return out;
};

/** Writes the files (names ending in "/" are directory entries) with the given layout. */
export function writeZipLayout(files: Record<string, string | Uint8Array>, l: Layout = {}): Uint8Array {
  const chunks: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  const version = l.version ?? (l.local === "zip64" || l.end === "zip64" || l.end === "offset" ? 45 : 20);
  const desc = l.descriptor ?? "none";
  const sat = l.saturate ?? {};
  const extras = l.extras ?? [];
  let offset = 0;
  for (const [name, v] of Object.entries(files)) {
    const data = typeof v === "string" ? strToU8(v) : v;
    const size = l.declareSize ? l.declareSize(data.length) : data.length;
    const dir = name.endsWith("/");
    const method = l.deflate && !dir ? 8 : 0;
    const body = method === 8 ? deflateSync(data) : data;
    const nameBytes = strToU8(name);
    const crc = crc32(data);
    const flags = (l.flags ?? 0) | (desc !== "none" ? 8 : 0);
    // local header
    const localKnown = desc === "none";
    const localExtra = [...extras, ...(l.local === "zip64" ? [extraField(1, u64s(localKnown ? [size, body.length] : [0, 0]))] : [])];
    const lx = cat(localExtra);
    const local = new Uint8Array(30 + nameBytes.length + lx.length);
    const lv = new DataView(local.buffer);
    u32(lv, 0, 0x04034b50);
    u16(lv, 4, version);
    u16(lv, 6, flags);
    u16(lv, 8, method);
    u32(lv, 14, localKnown ? crc : 0);
    const localSize = (x: number) => (l.local === "zip64" ? 0xffffffff : l.local === "zeros" || !localKnown ? 0 : x);
    u32(lv, 18, localSize(body.length));
    u32(lv, 22, localSize(size));
    u16(lv, 26, nameBytes.length);
    u16(lv, 28, lx.length);
    local.set(nameBytes, 30);
    local.set(lx, 30 + nameBytes.length);
    const parts = [local, body];
    if (desc !== "none") {
      const big = desc === "sig64";
      const d = new Uint8Array((desc === "nosig32" ? 0 : 4) + 4 + (big ? 16 : 8));
      const dv = new DataView(d.buffer);
      let p = 0;
      if (desc !== "nosig32") {
        u32(dv, 0, 0x08074b50);
        p = 4;
      }
      u32(dv, p, crc);
      if (big) {
        u64(dv, p + 4, body.length);
        u64(dv, p + 12, size);
      } else {
        u32(dv, p + 4, body.length);
        u32(dv, p + 8, size);
      }
      parts.push(d);
    }
    // central directory entry
    const real = [size, body.length, offset];
    const which = [!!sat.size, !!sat.compressed, !!sat.offset];
    const z64 = which.some(Boolean) ? [extraField(1, u64s(l.zip64Extra === "all" ? real : real.filter((_, i) => which[i])))] : [];
    const cx = cat([...extras, ...z64]);
    const cd = new Uint8Array(46 + nameBytes.length + cx.length);
    const cv = new DataView(cd.buffer);
    u32(cv, 0, 0x02014b50);
    u16(cv, 4, (3 << 8) | version);
    u16(cv, 6, version);
    u16(cv, 8, flags);
    u16(cv, 10, method);
    u32(cv, 16, crc);
    u32(cv, 20, sat.compressed ? 0xffffffff : body.length);
    u32(cv, 24, sat.size ? 0xffffffff : size);
    u16(cv, 28, nameBytes.length);
    u16(cv, 30, cx.length);
    u32(cv, 38, dir ? 0x10 : 0);
    u32(cv, 42, sat.offset ? 0xffffffff : offset);
    cd.set(nameBytes, 46);
    cd.set(cx, 46 + nameBytes.length);
    chunks.push(...parts);
    central.push(cd);
    offset += parts.reduce((s, c) => s + c.length, 0);
  }
  const cdStart = offset;
  const cdSize = central.reduce((s, c) => s + c.length, 0);
  const n = central.length;
  const end = l.end ?? "classic";
  const tail: Uint8Array[] = [];
  if (end === "zip64" || end === "always" || end === "offset") {
    const rec = new Uint8Array(56);
    const rv = new DataView(rec.buffer);
    u32(rv, 0, 0x06064b50);
    u64(rv, 4, 44);
    u16(rv, 12, 45);
    u16(rv, 14, 45);
    u64(rv, 24, n);
    u64(rv, 32, n);
    u64(rv, 40, cdSize);
    u64(rv, 48, cdStart);
    const loc = new Uint8Array(20);
    const lv = new DataView(loc.buffer);
    u32(lv, 0, 0x07064b50);
    u64(lv, 8, cdStart + cdSize);
    u32(lv, 16, 1);
    tail.push(rec, loc);
  }
  const comment = strToU8(l.comment ?? "");
  const eocd = new Uint8Array(22 + comment.length);
  const ev = new DataView(eocd.buffer);
  u32(ev, 0, 0x06054b50);
  u16(ev, 8, end === "zip64" ? 0xffff : n);
  u16(ev, 10, end === "zip64" ? 0xffff : n);
  u32(ev, 12, end === "zip64" ? 0xffffffff : cdSize);
  u32(ev, 16, end === "classic" || end === "always" ? cdStart : 0xffffffff);
  u16(ev, 20, comment.length);
  eocd.set(comment, 22);
  tail.push(eocd);
  return cat([...chunks, ...central, ...tail]);
}

/**
 * The zip64 layout some exporters write even for small files: every directory field saturated, both
 * sizes in the local zip64 extra too, the zip64 end record and its locator with a saturated classic one.
 */
export function writeZip(files: Record<string, string | Uint8Array>, opts: { zip64?: boolean; deflate?: boolean } = {}): Uint8Array {
  if (!opts.zip64) return writeZipLayout(files, { deflate: !!opts.deflate });
  return writeZipLayout(files, {
    deflate: !!opts.deflate,
    local: "zip64",
    saturate: { size: true, compressed: true, offset: true },
    end: "zip64",
  });
}
