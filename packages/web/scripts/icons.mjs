// Draws the app's PNG icons (the favicon's cube, white on the brand green) for the web manifest:
// `node packages/web/scripts/icons.mjs` writes packages/web/public/icons/. No image tools needed:
// the cube's strokes are rasterised here (4×4 samples a pixel) and written as PNG with zlib.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { deflateSync } from "node:zlib";

const out = join(dirname(fileURLToPath(import.meta.url)), "../public/icons");
const GREEN = [0x05, 0x96, 0x69];
const WHITE = [0xff, 0xff, 0xff];

// The favicon's cube on a 32-unit grid: its outline and the three inner edges.
const SEGMENTS = [
  [16, 6, 25, 11],
  [25, 11, 25, 21],
  [25, 21, 16, 26],
  [16, 26, 7, 21],
  [7, 21, 7, 11],
  [7, 11, 16, 6],
  [7, 11, 16, 16],
  [16, 16, 25, 11],
  [16, 16, 16, 26],
];

function distToSegment(px, py, [x1, y1, x2, y2]) {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const t = Math.max(0, Math.min(1, ((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (x1 + t * dx), py - (y1 + t * dy));
}

/** size px; `scale` of the cube within the square (maskable icons keep it inside the safe zone); rounded corners or full bleed. */
function draw(size, { scale, rounded }) {
  const rows = [];
  const n = 4;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) {
      let white = 0;
      let inside = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          // Sample in the 32-unit grid.
          const gx = ((x + (sx + 0.5) / n) / size) * 32;
          const gy = ((y + (sy + 0.5) / n) / size) * 32;
          const r = 8;
          const cx = Math.min(Math.max(gx, r), 32 - r);
          const cy = Math.min(Math.max(gy, r), 32 - r);
          const isIn = !rounded || Math.hypot(gx - cx, gy - cy) <= r;
          if (!isIn) continue;
          inside++;
          const ux = 16 + (gx - 16) / scale;
          const uy = 16 + (gy - 16) / scale;
          if (SEGMENTS.some((s) => distToSegment(ux, uy, s) <= 1)) white++;
        }
      }
      const total = n * n;
      const w = inside ? white / inside : 0;
      const o = 1 + x * 4;
      for (let c = 0; c < 3; c++) row[o + c] = Math.round(GREEN[c] * (1 - w) + WHITE[c] * w);
      row[o + 3] = Math.round((inside / total) * 255);
    }
    rows.push(row);
  }
  return png(size, Buffer.concat(rows));
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function png(size, raw) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

mkdirSync(out, { recursive: true });
writeFileSync(join(out, "icon-192.png"), draw(192, { scale: 1, rounded: true }));
writeFileSync(join(out, "icon-512.png"), draw(512, { scale: 1, rounded: true }));
// Maskable: full bleed, the cube inside the central 80% safe zone.
writeFileSync(join(out, "maskable-512.png"), draw(512, { scale: 0.8, rounded: false }));
writeFileSync(join(out, "apple-touch-icon.png"), draw(180, { scale: 0.9, rounded: false }));
