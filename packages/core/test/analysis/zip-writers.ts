import { extraField, type Layout, writeZipLayout } from "./zip-writer.ts";

/**
 * How the archivers that make or re-pack 3MF files lay out their zips, from their source or from
 * archives they wrote (see archives/README.md):
 *   - lib3mf (NMR_PortableZIPWriter.cpp): every entry zip64, "version needed 4.5", the local header's
 *     sizes saturated and the values in its zip64 extra, the directory's sizes and offset saturated
 *     and the values only in its zip64 extra, a zip64 end record whose classic twin has only the
 *     directory offset saturated;
 *   - Python's zipfile: `open(name, "w", force_zip64=True)` writes zip64 local headers and a plain
 *     directory; to a stream that cannot seek, zeros there and data descriptors with 8-byte sizes;
 *     past 4 GB, zip64 extra fields for the values that overflow and a zip64 end record;
 *   - Info-ZIP `zip -fz`: zip64 local headers, only the uncompressed size saturated in the directory,
 *     Unix extras before the zip64 one; to a pipe, data descriptors and a saturated directory offset
 *     with no zip64 end record;
 *   - 7-Zip: directory entries, NTFS time extras in the directory; from standard input a zip64 local
 *     header whose sizes it fills in afterwards;
 *   - Windows (System.IO.Packaging, Explorer's compressed folders): data descriptors with their
 *     signature; zip64 local headers with zeros when streaming;
 *   - macOS Archive Utility: data descriptors, extended-timestamp and Unix extras, `__MACOSX/`
 *     AppleDouble entries, UTF-8 names without the UTF-8 flag.
 */
export type Files = Record<string, string | Uint8Array>;

const ntfs = extraField(0x000a, new Uint8Array(32));
const extTime = extraField(0x5455, new Uint8Array([3, 0x21, 0x0f, 0x07, 0x6b, 0x21, 0x0f, 0x07, 0x6b]));
const unixIds = extraField(0x7875, new Uint8Array([1, 4, 0, 0, 0, 0, 4, 0, 0, 0, 0]));

interface Writer {
  layout: Layout;
  /** Entries the writer adds (folders, AppleDouble files). */
  adds?: (files: Files) => Files;
}

export const WRITERS: Record<string, Writer> = {
  lib3mf: { layout: { version: 45, local: "zip64", saturate: { size: true, compressed: true, offset: true }, end: "offset" } },
  "Python zipfile, force_zip64": { layout: { version: 45, local: "zip64" } },
  "Python zipfile, force_zip64 to a stream": { layout: { version: 45, local: "zip64", descriptor: "sig64" } },
  "Python zipfile, past 4 GB": { layout: { version: 45, saturate: { size: true, compressed: true, offset: true }, end: "zip64" } },
  "Info-ZIP zip -fz": { layout: { version: 45, local: "zip64", saturate: { size: true }, extras: [extTime, unixIds], end: "offset" } },
  "Info-ZIP zip -fz to a pipe": {
    layout: { version: 45, local: "zip64", descriptor: "sig64", saturate: { size: true }, extras: [extTime, unixIds], end: "offset-no64" },
  },
  "7-Zip": { layout: { extras: [ntfs] }, adds: withDirectories },
  "7-Zip from standard input": { layout: { version: 45, local: "zip64", extras: [ntfs] } },
  "Windows Explorer": { layout: { descriptor: "sig32" } },
  "Windows System.IO.Packaging, streaming": { layout: { version: 45, local: "zip64", descriptor: "sig64" } },
  "macOS Archive Utility": {
    layout: { descriptor: "sig32", extras: [extTime, unixIds] },
    adds: (f) => withAppleDouble(withDirectories(f)),
  },
  "a writer listing all three zip64 values for a saturated offset": {
    layout: { version: 45, saturate: { offset: true }, zip64Extra: "all", end: "zip64" },
  },
  "a writer that always adds the zip64 end record": { layout: { version: 45, end: "always" } },
  "a writer with data descriptors without their signature": { layout: { descriptor: "nosig32" } },
  "an archive comment holding an end-record signature": { layout: { comment: "PK\x05\x06 comment" } },
};

/** The files as `writer` writes them, stored or deflated, with any layout field overridden (e.g. a lying size). */
export function writeAs(writer: string, files: Files, deflate: boolean, override: Layout = {}): Uint8Array {
  const w = WRITERS[writer]!;
  return writeZipLayout(w.adds ? w.adds(files) : files, { ...w.layout, deflate, ...override });
}

/** The directory entries 7-Zip and macOS add for each folder. */
function withDirectories(f: Files): Files {
  const out: Files = {};
  for (const name of Object.keys(f)) {
    const parts = name.split("/");
    for (let i = 1; i < parts.length; i++) out[`${parts.slice(0, i).join("/")}/`] = "";
  }
  return { ...out, ...f };
}

/** macOS keeps each file's resource fork and attributes in `__MACOSX/…/._name` (AppleDouble). */
function withAppleDouble(f: Files): Files {
  const out: Files = { ...f };
  const header = new Uint8Array(82);
  new DataView(header.buffer).setUint32(0, 0x00051607);
  for (const name of Object.keys(f).filter((n) => !n.endsWith("/"))) {
    const i = name.lastIndexOf("/");
    out[`__MACOSX/${name.slice(0, i + 1)}._${name.slice(i + 1)}`] = header;
  }
  return out;
}
