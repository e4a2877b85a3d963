/**
 * Test meshes made in code (no third-party files): a closed UV sphere as a binary STL, with
 * enough triangles to make the upload and the preview do real work.
 */
export function sphereStl(radius: number, segments: number, rings: number): Buffer {
  const c = radius; // centre at (r, r, r): every coordinate positive
  const point = (ring: number, seg: number): [number, number, number] => {
    const theta = (Math.PI * ring) / rings;
    const phi = (2 * Math.PI * (seg % segments)) / segments;
    return [c + radius * Math.sin(theta) * Math.cos(phi), c + radius * Math.sin(theta) * Math.sin(phi), c + radius * Math.cos(theta)];
  };
  const top: [number, number, number] = [c, c, c + radius];
  const bottom: [number, number, number] = [c, c, c - radius];
  const tris: [number, number, number][][] = [];
  for (let s = 0; s < segments; s++) {
    tris.push([top, point(1, s), point(1, s + 1)]);
    for (let r = 1; r < rings - 1; r++) {
      const a = point(r, s);
      const b = point(r + 1, s);
      const d = point(r, s + 1);
      const e = point(r + 1, s + 1);
      tris.push([a, b, e], [a, e, d]);
    }
    tris.push([bottom, point(rings - 1, s + 1), point(rings - 1, s)]);
  }
  const buf = Buffer.alloc(84 + tris.length * 50);
  buf.write("printhood e2e sphere", 0, "ascii");
  buf.writeUInt32LE(tris.length, 80);
  tris.forEach((t, i) => {
    const o = 84 + i * 50;
    for (const [k, v] of t.entries()) for (const [j, x] of v.entries()) buf.writeFloatLE(x, o + 12 + k * 12 + j * 4);
  });
  return buf;
}

/** A closed, outward-facing box from the origin to (x, y, z) mm as a binary STL: 12 triangles. */
export function boxStl(x: number, y: number, z: number): Buffer {
  const v: [number, number, number][] = [
    [0, 0, 0],
    [x, 0, 0],
    [x, y, 0],
    [0, y, 0],
    [0, 0, z],
    [x, 0, z],
    [x, y, z],
    [0, y, z],
  ];
  const faces = [
    [0, 2, 1],
    [0, 3, 2],
    [4, 5, 6],
    [4, 6, 7],
    [0, 1, 5],
    [0, 5, 4],
    [2, 3, 7],
    [2, 7, 6],
    [1, 2, 6],
    [1, 6, 5],
    [3, 0, 4],
    [3, 4, 7],
  ];
  const buf = Buffer.alloc(84 + faces.length * 50);
  buf.write("printhood e2e box", 0, "ascii");
  buf.writeUInt32LE(faces.length, 80);
  faces.forEach((f, i) => {
    const o = 84 + i * 50;
    for (const [k, vi] of f.entries()) for (const [j, c] of (v[vi] ?? [0, 0, 0]).entries()) buf.writeFloatLE(c, o + 12 + k * 12 + j * 4);
  });
  return buf;
}
