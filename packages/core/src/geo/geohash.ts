/**
 * Geohash cells (issue 23; architecture rule 2: pure, table-tested). A geohash of precision p is
 * 5·p bits that interleave longitude and latitude halvings, longitude first, written in base 32:
 * a cell of the world grid whose cells at one precision are all the same size in degrees. Here a
 * cell is handled as its column and row in that grid, so the cells around a point, in a box or
 * across the antimeridian are integer arithmetic (columns wrap around the world; rows do not).
 *
 * Sizes at 40° N: precision 3 ≈ 120 × 156 km, 4 ≈ 30 × 20 km, 5 ≈ 3.7 × 4.9 km, 9 ≈ 4 × 5 m.
 */
const BASE32 = "0123456789bcdefghjkmnpqrstuvwxyz";
const DECODE = new Map([...BASE32].map((ch, i) => [ch, i]));

/** The finest precision kept on a printer (a few metres: finer than any public point). */
export const GEOHASH_PRECISION = 9;

export interface Cell {
  precision: number;
  col: number;
  row: number;
}

export interface Bounds {
  south: number;
  north: number;
  /** West and east edges in degrees; a cell never crosses the antimeridian (a box may: west > east). */
  west: number;
  east: number;
}

/** Bits of longitude and latitude at a precision (longitude takes the odd one). */
export const gridBits = (precision: number) => ({ lon: Math.ceil((5 * precision) / 2), lat: Math.floor((5 * precision) / 2) });
/** Columns and rows of the world grid at a precision. */
export function gridSize(precision: number) {
  const bits = gridBits(precision);
  return { cols: 2 ** bits.lon, rows: 2 ** bits.lat };
}

const clampIndex = (i: number, n: number) => Math.min(n - 1, Math.max(0, i));
/** Longitude into [-180, 180). */
export const wrapLongitude = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180;

/** The cell of a point at a precision. */
export function cellOf(latitude: number, longitude: number, precision: number): Cell {
  const { cols, rows } = gridSize(precision);
  return {
    precision,
    col: clampIndex(Math.floor(((wrapLongitude(longitude) + 180) / 360) * cols), cols),
    row: clampIndex(Math.floor(((latitude + 90) / 180) * rows), rows),
  };
}

/** A cell's geohash: its column and row bits interleaved, longitude first. */
export function hashOf(cell: Cell): string {
  const bits = gridBits(cell.precision);
  let lonBit = bits.lon;
  let latBit = bits.lat;
  let out = "";
  let ch = 0;
  for (let i = 0; i < 5 * cell.precision; i++) {
    const bit = i % 2 === 0 ? Math.floor(cell.col / 2 ** --lonBit) % 2 : Math.floor(cell.row / 2 ** --latBit) % 2;
    ch = ch * 2 + bit;
    if (i % 5 === 4) {
      out += BASE32[ch];
      ch = 0;
    }
  }
  return out;
}

/** The geohash of a point. */
export const geohash = (latitude: number, longitude: number, precision = GEOHASH_PRECISION) =>
  hashOf(cellOf(latitude, longitude, precision));

/** The cell a geohash names; null for text that is not one. */
export function cellOfHash(hash: string): Cell | null {
  if (hash.length === 0 || hash.length > 12) return null;
  let col = 0;
  let row = 0;
  let i = 0;
  for (const ch of hash) {
    const v = DECODE.get(ch);
    if (v === undefined) return null;
    for (let b = 4; b >= 0; b--, i++) {
      const bit = Math.floor(v / 2 ** b) % 2;
      if (i % 2 === 0) col = col * 2 + bit;
      else row = row * 2 + bit;
    }
  }
  return { precision: hash.length, col, row };
}

/** A cell's edges in degrees. */
export function boundsOf(cell: Cell): Bounds {
  const { cols, rows } = gridSize(cell.precision);
  const w = 360 / cols;
  const h = 180 / rows;
  return { west: -180 + cell.col * w, east: -180 + (cell.col + 1) * w, south: -90 + cell.row * h, north: -90 + (cell.row + 1) * h };
}

/**
 * Every cell at a precision that meets a box (edges included). A box whose west edge is east of
 * its east edge crosses the antimeridian; columns wrap. Rows are clamped to the poles.
 */
export function cellsInBox(box: Bounds, precision: number): Cell[] {
  const { cols, rows } = gridSize(precision);
  const w = 360 / cols;
  const h = 180 / rows;
  const rowFrom = clampIndex(Math.floor((box.south + 90) / h), rows);
  const rowTo = clampIndex(Math.floor((box.north + 90) / h), rows);
  // Longitudes as an eastward width from the west edge, so a box across the antimeridian (west > east) wraps.
  const width = box.east >= box.west ? box.east - box.west : box.east - box.west + 360;
  const start = (wrapLongitude(box.west) + 180) / w;
  const colFrom = clampIndex(Math.floor(start), cols);
  const colCount = width >= 360 ? cols : Math.min(cols, Math.floor(start + width / w) - colFrom + 1);
  const out: Cell[] = [];
  for (let r = rowFrom; r <= rowTo; r++) {
    for (let c = 0; c < colCount; c++) out.push({ precision, col: (colFrom + c) % cols, row: r });
  }
  return out;
}

/** The cells one precision finer inside a cell (32 of them). */
export function childrenOf(cell: Cell): Cell[] {
  const hash = hashOf(cell);
  return [...BASE32].map((ch) => cellOfHash(hash + ch) as Cell);
}
