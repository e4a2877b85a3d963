/** Binary STL meshes made here, for the analyses the web tests feed the pages (core's own parsers read them). */
type V = [number, number, number];
function stl(tris: Array<[V, V, V]>): Uint8Array {
  const b = new Uint8Array(84 + 50 * tris.length);
  const dv = new DataView(b.buffer);
  dv.setUint32(80, tris.length, true);
  for (const [i, t] of tris.entries()) for (const [k, x] of t.flat().entries()) dv.setFloat32(84 + 50 * i + 12 + 4 * k, x, true);
  return b;
}
/** A closed box, or the same box without its +x side (an open mesh). */
export function box(s: number, open = false): Uint8Array {
  const p = (x: number, y: number, z: number): V => [x * s, y * s, z * s];
  const quads: V[][] = [
    [p(0, 0, 0), p(0, 1, 0), p(1, 1, 0), p(1, 0, 0)],
    [p(0, 0, 1), p(1, 0, 1), p(1, 1, 1), p(0, 1, 1)],
    [p(0, 0, 0), p(1, 0, 0), p(1, 0, 1), p(0, 0, 1)],
    [p(0, 1, 0), p(0, 1, 1), p(1, 1, 1), p(1, 1, 0)],
    [p(0, 0, 0), p(0, 0, 1), p(0, 1, 1), p(0, 1, 0)],
    ...(open ? [] : [[p(1, 0, 0), p(1, 1, 0), p(1, 1, 1), p(1, 0, 1)]]),
  ];
  return stl(quads.flatMap(([a, b, c, d]) => [[a!, b!, c!] as [V, V, V], [a!, c!, d!] as [V, V, V]]));
}
