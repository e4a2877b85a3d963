/**
 * The corpus reference table (reference.tsv beside this file): one row per design and slicer
 * setting, PrusaSlicer 2.5.0's grams and normal-mode seconds, and per feature type the filament
 * (mm of 1.75 mm filament) and the path length (mm). Read by the calibration and its tests.
 */
export const SETTINGS = [
  { infill: 20, supports: false },
  { infill: 15, supports: false },
  { infill: 20, supports: true },
  { infill: 15, supports: true },
] as const;

export const FEATURES = [
  "external",
  "perimeter",
  "overhang",
  "infill",
  "solid",
  "top",
  "bridge",
  "gapfill",
  "support",
  "interface",
  "other",
] as const;

export interface TableRow {
  id: string;
  family: string;
  infill: number;
  supports: boolean;
  triangles: number;
  grams: number;
  seconds: number;
  layers: number;
  travel_mm: number;
  [feature: `fil_${string}` | `len_${string}`]: number;
}

export const TABLE_COLUMNS: readonly string[] = [
  "id",
  "family",
  "infill",
  "supports",
  "triangles",
  "grams",
  "seconds",
  "layers",
  "travel_mm",
  ...FEATURES.map((f) => `fil_${f}`),
  ...FEATURES.map((f) => `len_${f}`),
];

export const rowKey = (r: { id: string; infill: number; supports: boolean }) => `${r.id}|${r.infill}|${r.supports ? 1 : 0}`;

export function readTable(text: string): TableRow[] {
  const [head, ...lines] = text.split("\n").filter((l) => l.trim() !== "");
  if (!head) return [];
  const cols = head.split("\t");
  return lines.map((l) => {
    const cells = l.split("\t");
    const row: Record<string, unknown> = {};
    cols.forEach((c, i) => {
      const v = cells[i] ?? "";
      row[c] = c === "id" || c === "family" ? v : c === "supports" ? v === "true" : Number(v);
    });
    return row as unknown as TableRow;
  });
}
