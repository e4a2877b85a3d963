// Triangle positions of a design, for pictures of it: the 3D preview in the browser's analysis
// worker and the thumbnail the server renders (core/thumbnails). The parsers are the analysis's own.
import { parseObj } from "./obj.ts";
import { asciiStlTriangles, binaryStlTriangles, looksLikeBinaryStl } from "./stl.ts";
import { parseThreeMf } from "./threemf.ts";

/** 9 floats per triangle (x, y, z of three corners), or null for a format we cannot show. */
export function positionsOf(bytes: Uint8Array, fileName: string): Float32Array | null {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  // the corners as the file gives them: a picture needs no weld (the analysis welds on its own)
  if (ext === "stl") return looksLikeBinaryStl(bytes) ? binaryStlTriangles(bytes) : asciiStlTriangles(bytes).triangles;
  if (ext === "obj") return parseObj(bytes).triangles;
  if (ext === "3mf") return parseThreeMf(bytes).triangles; // already in millimetres
  return null;
}
