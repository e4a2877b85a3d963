import { positionsOf } from "@printhood/core/analysis/positions";
import { renderThumbnail } from "@printhood/core/thumbnails/render";
import { PNG } from "pngjs";

/**
 * A design's thumbnail as PNG bytes (issue 22 point 5): the mesh drawn by core's software
 * renderer (core/thumbnails/render.ts), encoded with pngjs. Null for a format with no triangles.
 */
export function thumbnailPng(bytes: Uint8Array, fileName: string): Uint8Array | null {
  const positions = positionsOf(bytes, fileName);
  if (!positions || positions.length < 9) return null;
  const picture = renderThumbnail(positions);
  const png = new PNG({ width: picture.width, height: picture.height });
  png.data.set(picture.rgba);
  return PNG.sync.write(png, { colorType: 6 });
}
