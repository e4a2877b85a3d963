/**
 * A small picture of a design, drawn from its mesh without a GPU (issue 22 point 5): every
 * triangle is projected in a three-quarter view from above, filled with a z-buffer and shaded by
 * the angle it makes with a light, at twice the size and then averaged down (smooth edges). The
 * background is transparent. Pure and bounded: one pass over the triangles, a fixed canvas, and at
 * most FILL_BUDGET pixels visited however large and many the triangles are (below).
 * The analysis function encodes the pixels as a PNG (functions/src/analysis/thumbnail.ts).
 */

export const THUMBNAIL_SIZE = 160;
/** The part's colour in the picture: the site's blues, from a face turned away from the light to one facing it. */
const SHADOW: readonly [number, number, number] = [30, 58, 138];
const LIT: readonly [number, number, number] = [147, 197, 253];
/** Turned 35° about the upright axis and seen from 30° above the horizon. */
const AZIMUTH = (-35 * Math.PI) / 180;
const ELEVATION = (30 * Math.PI) / 180;
const MARGIN = 0.08;
const SUPERSAMPLE = 2;
/**
 * Pixels the fill may visit in all (each triangle visits its bounding box). A real mesh of a million
 * triangles visits a few million (its triangles are a pixel or two across); a file of a million
 * triangles each as large as the picture would visit 10^11 and draw for minutes. Past the budget
 * the triangles are drawn in a scattered order until it is spent: such a file draws the same
 * outline again and again, and its picture stays recognisable.
 */
export const FILL_BUDGET = 16_000_000;
/** An odd stride for the scattered order, far from any count's small factors (a prime). */
const SCATTER = 1_000_003;

export interface Thumbnail {
  width: number;
  height: number;
  /** RGBA, row by row from the top. */
  rgba: Uint8Array;
}

/** Renders `positions` (9 floats per triangle: x, y, z of three corners; Z up) into a square RGBA picture. */
export function renderThumbnail(positions: Float32Array, size = THUMBNAIL_SIZE): Thumbnail {
  const n = size * SUPERSAMPLE;
  const depth = new Float32Array(n * n).fill(Number.POSITIVE_INFINITY);
  const shade = new Float32Array(n * n).fill(-1);
  const count = Math.floor(positions.length / 9);
  const view = project(positions, count);
  if (view) {
    const { sx, sy, sd, minX, minY, span } = view;
    const scale = (n * (1 - 2 * MARGIN)) / span;
    // Centred in the frame.
    const offX = (n - (view.maxX - minX) * scale) / 2;
    const offY = (n - (view.maxY - minY) * scale) / 2;
    // Pixel coordinates: x to the right, y downwards.
    const px = (c: number) => offX + (sx[c]! - minX) * scale;
    const py = (c: number) => n - (offY + (sy[c]! - minY) * scale);
    const visits = (t: number) => boxPixels(n, px(t * 3), py(t * 3), px(t * 3 + 1), py(t * 3 + 1), px(t * 3 + 2), py(t * 3 + 2));
    const draw = (t: number) => {
      const i = t * 3;
      fillTriangle(
        depth,
        shade,
        n,
        px(i),
        py(i),
        sd[i]!,
        px(i + 1),
        py(i + 1),
        sd[i + 1]!,
        px(i + 2),
        py(i + 2),
        sd[i + 2]!,
        lightOf(positions, t),
      );
    };
    let total = 0;
    for (let t = 0; t < count && total <= FILL_BUDGET; t++) total += visits(t);
    if (total <= FILL_BUDGET) for (let t = 0; t < count; t++) draw(t);
    else {
      // Over the budget: triangles taken in a scattered order (a stride coprime with the count
      // visits each once) until it is spent, so every part of the mesh, and every face of a
      // repeated block, has its share; not every k-th, which a repeating mesh would alias.
      let stride = SCATTER;
      while (count % stride === 0) stride += 2;
      for (let k = 0, spent = 0; k < count && spent < FILL_BUDGET; k++) {
        const t = (k * stride) % count;
        spent += visits(t);
        draw(t);
      }
    }
  }
  return downsample(shade, n, size);
}

/** The corners in view space: screen x, screen y (up) and depth (away from the eye), with their extent. */
function project(p: Float32Array, count: number) {
  if (count === 0) return null;
  let loX = Infinity,
    loY = Infinity,
    loZ = Infinity,
    hiX = -Infinity,
    hiY = -Infinity,
    hiZ = -Infinity;
  for (let i = 0; i < count * 9; i += 3) {
    const x = p[i]!,
      y = p[i + 1]!,
      z = p[i + 2]!;
    if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) continue;
    if (x < loX) loX = x;
    if (x > hiX) hiX = x;
    if (y < loY) loY = y;
    if (y > hiY) hiY = y;
    if (z < loZ) loZ = z;
    if (z > hiZ) hiZ = z;
  }
  if (!Number.isFinite(loX)) return null;
  const midX = (loX + hiX) / 2,
    midY = (loY + hiY) / 2,
    midZ = (loZ + hiZ) / 2;
  const ca = Math.cos(AZIMUTH),
    sa = Math.sin(AZIMUTH),
    ce = Math.cos(ELEVATION),
    se = Math.sin(ELEVATION);
  const corners = count * 3;
  const sx = new Float32Array(corners);
  const sy = new Float32Array(corners);
  const sd = new Float32Array(corners);
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (let c = 0; c < corners; c++) {
    const x = p[c * 3]! - midX,
      y = p[c * 3 + 1]! - midY,
      z = p[c * 3 + 2]! - midZ;
    const rx = x * ca - y * sa;
    const ry = x * sa + y * ca;
    const px = rx;
    const py = ry * se + z * ce;
    const pd = ry * ce - z * se;
    sx[c] = px;
    sy[c] = py;
    sd[c] = pd;
    if (px < minX) minX = px;
    if (px > maxX) maxX = px;
    if (py < minY) minY = py;
    if (py > maxY) maxY = py;
  }
  const span = Math.max(maxX - minX, maxY - minY);
  if (!(span > 0) || !Number.isFinite(span)) return null;
  return { sx, sy, sd, minX, minY, maxX, maxY, span };
}

/** How lit a triangle is, 0..1: the angle of its face to a light above, in front and to the left (either side of a face). */
const LIGHT = normalise([-0.35, -0.5, 0.85]);
function lightOf(p: Float32Array, t: number): number {
  const i = t * 9;
  const ux = p[i + 3]! - p[i]!,
    uy = p[i + 4]! - p[i + 1]!,
    uz = p[i + 5]! - p[i + 2]!;
  const vx = p[i + 6]! - p[i]!,
    vy = p[i + 7]! - p[i + 1]!,
    vz = p[i + 8]! - p[i + 2]!;
  const [nx, ny, nz] = normalise([uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx]);
  return Math.abs(nx * LIGHT[0] + ny * LIGHT[1] + nz * LIGHT[2]);
}

function normalise(v: [number, number, number]): [number, number, number] {
  const l = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / l, v[1] / l, v[2] / l];
}

/** The pixels of the canvas that fillTriangle visits for these corners (its bounding box, clipped). */
function boxPixels(n: number, ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  const x0 = Math.max(0, Math.floor(Math.min(ax, bx, cx)));
  const x1 = Math.min(n - 1, Math.ceil(Math.max(ax, bx, cx)));
  const y0 = Math.max(0, Math.floor(Math.min(ay, by, cy)));
  const y1 = Math.min(n - 1, Math.ceil(Math.max(ay, by, cy)));
  return x1 >= x0 && y1 >= y0 ? (x1 - x0 + 1) * (y1 - y0 + 1) : 0;
}

/** Fills one triangle: each pixel centre inside it keeps the nearest depth's light. */
function fillTriangle(
  depth: Float32Array,
  shade: Float32Array,
  n: number,
  ax: number,
  ay: number,
  ad: number,
  bx: number,
  by: number,
  bd: number,
  cx: number,
  cy: number,
  cd: number,
  light: number,
) {
  const area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  if (area === 0 || !Number.isFinite(area)) return;
  const x0 = Math.max(0, Math.floor(Math.min(ax, bx, cx)));
  const x1 = Math.min(n - 1, Math.ceil(Math.max(ax, bx, cx)));
  const y0 = Math.max(0, Math.floor(Math.min(ay, by, cy)));
  const y1 = Math.min(n - 1, Math.ceil(Math.max(ay, by, cy)));
  for (let y = y0; y <= y1; y++) {
    const py = y + 0.5;
    for (let x = x0; x <= x1; x++) {
      const px = x + 0.5;
      const w0 = ((bx - px) * (cy - py) - (by - py) * (cx - px)) / area;
      const w1 = ((cx - px) * (ay - py) - (cy - py) * (ax - px)) / area;
      const w2 = 1 - w0 - w1;
      if (w0 < 0 || w1 < 0 || w2 < 0) continue;
      const d = w0 * ad + w1 * bd + w2 * cd;
      const k = y * n + x;
      if (d < depth[k]!) {
        depth[k] = d;
        shade[k] = light;
      }
    }
  }
}

/** Averages SUPERSAMPLE² samples per pixel into RGBA (coverage becomes alpha: soft edges on any background). */
function downsample(shade: Float32Array, n: number, size: number): Thumbnail {
  const rgba = new Uint8Array(size * size * 4);
  const samples = SUPERSAMPLE * SUPERSAMPLE;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let covered = 0;
      let lit = 0;
      for (let dy = 0; dy < SUPERSAMPLE; dy++) {
        for (let dx = 0; dx < SUPERSAMPLE; dx++) {
          const s = shade[(y * SUPERSAMPLE + dy) * n + x * SUPERSAMPLE + dx]!;
          if (s >= 0) {
            covered++;
            lit += s * s; // squared: faces turned a little away already read darker
          }
        }
      }
      if (covered === 0) continue;
      const k = (y * size + x) * 4;
      const f = lit / covered;
      for (let c = 0; c < 3; c++) rgba[k + c] = Math.round(SHADOW[c]! + (LIT[c]! - SHADOW[c]!) * f);
      rgba[k + 3] = Math.round((255 * covered) / samples);
    }
  }
  return { width: size, height: size, rgba };
}
