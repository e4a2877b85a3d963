/**
 * CRC-32 (the zip polynomial, 0xEDB88320), table-driven, incremental: every zip entry the 3MF
 * reader unpacks is checked against the CRC its directory declares, as PrusaSlicer's and lib3mf's
 * zip readers do, so a damaged model part is refused instead of measured as if whole.
 */
const TABLE = (() => {
  const t = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  return t;
})();

/** Continue a CRC: pass the previous result (0 to start). */
export function crc32(bytes: Uint8Array, prev = 0): number {
  let c = ~prev;
  for (let i = 0; i < bytes.length; i++) c = TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}
