/**
 * The peer in `npm run bench:analyze`: three.js's STLLoader parses the file and a loop sums the
 * signed volume of its triangles (what a browser app built on three.js does first). One file, one
 * process; prints the volume (mm³).
 */
import { readFileSync } from "node:fs";
import { STLLoader } from "three/examples/jsm/loaders/STLLoader.js";

const bytes = readFileSync(process.argv[2]!);
const geom = new STLLoader().parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
const p = geom.attributes.position!.array as Float32Array;
let v = 0;
for (let i = 0; i < p.length; i += 9) {
  const ax = p[i]!,
    ay = p[i + 1]!,
    az = p[i + 2]!,
    bx = p[i + 3]!,
    by = p[i + 4]!,
    bz = p[i + 5]!,
    cx = p[i + 6]!,
    cy = p[i + 7]!,
    cz = p[i + 8]!;
  v += ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
}
process.stdout.write(`${JSON.stringify({ volumeMm3: v / 6 })}\n`);
