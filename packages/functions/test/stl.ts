/** A closed, outward-facing box as a binary STL (test fixture made in code). */
export function boxStl(x: number, y: number, z: number): Uint8Array {
  const v = [
    [0, 0, 0],
    [x, 0, 0],
    [x, y, 0],
    [0, y, 0],
    [0, 0, z],
    [x, 0, z],
    [x, y, z],
    [0, y, z],
  ] as const;
  const faces = [
    [0, 2, 1],
    [0, 3, 2], // bottom (normal -z)
    [4, 5, 6],
    [4, 6, 7], // top
    [0, 1, 5],
    [0, 5, 4], // front (y=0)
    [2, 3, 7],
    [2, 7, 6], // back
    [1, 2, 6],
    [1, 6, 5], // right
    [3, 0, 4],
    [3, 4, 7], // left
  ];
  const buf = new ArrayBuffer(84 + faces.length * 50);
  const dv = new DataView(buf);
  dv.setUint32(80, faces.length, true);
  faces.forEach((f, i) => {
    const o = 84 + i * 50;
    for (const [k, vi] of f.entries()) for (const [j, c] of v[vi]!.entries()) dv.setFloat32(o + 12 + k * 12 + j * 4, c, true);
  });
  return new Uint8Array(buf);
}

/** A flat square of two triangles (no volume: a surface, as some exports of a sketch are). */
export function squareStl(side: number): Uint8Array {
  const tris = [
    [
      [0, 0, 0],
      [side, 0, 0],
      [side, side, 0],
    ],
    [
      [0, 0, 0],
      [side, side, 0],
      [0, side, 0],
    ],
  ];
  const dv = new DataView(new ArrayBuffer(84 + tris.length * 50));
  dv.setUint32(80, tris.length, true);
  tris.forEach((t, i) => {
    for (const [k, p] of t.entries()) for (const [j, c] of p.entries()) dv.setFloat32(84 + i * 50 + 12 + k * 12 + j * 4, c, true);
  });
  return new Uint8Array(dv.buffer);
}
