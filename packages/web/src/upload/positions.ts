// Triangle positions for the 3D preview, read in the analysis worker. The parsers are the
// analysis's own (core/analysis), imported by path because index.ts exposes only measurements.
import { parseObj } from "@printhood/core/analysis/obj";
import { looksLikeBinaryStl, parseAsciiStl, parseBinaryStl } from "@printhood/core/analysis/stl";
import { parseThreeMf } from "@printhood/core/analysis/threemf";

/** 9 floats per triangle (x, y, z of three corners), or null for a format we cannot show. */
export function positionsOf(bytes: Uint8Array, fileName: string): Float32Array | null {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (ext === "stl") return looksLikeBinaryStl(bytes) ? parseBinaryStl(bytes).triangles : parseAsciiStl(bytes).triangles;
  if (ext === "obj") return parseObj(bytes).triangles;
  if (ext === "3mf") return parseThreeMf(bytes).triangles; // already in millimetres
  return null;
}
