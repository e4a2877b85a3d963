/**
 * The printer models of spec 2 §3. Two lists on purpose: the dashboard's Add Your 3D Printer
 * dialog and the /add-printer screen's presets differ. Each dashboard model has a stock image
 * served by GET /api/printer-images/{image}.svg. Pure (no imports): the web imports this module
 * by path, so the screens and the server share one copy of the lists.
 */
export const PRINTER_IMAGE_PATH = "/api/printer-images/";
export const DEFAULT_PRINTER_IMAGE = `${PRINTER_IMAGE_PATH}default.svg`;

export interface DashboardModel {
  name: string;
  buildVolumeX: number;
  buildVolumeY: number;
  buildVolumeZ: number;
  /** Image name under /api/printer-images/ (without .svg). */
  image: string;
  /** Drawing style of the stock image. */
  style: "enclosed" | "bedslinger" | "compact";
}

export const DASHBOARD_MODELS: readonly DashboardModel[] = [
  { name: "Bambu Lab P1S", buildVolumeX: 256, buildVolumeY: 256, buildVolumeZ: 256, image: "bambu-lab-p1s", style: "enclosed" },
  { name: "Bambu Lab A1 mini", buildVolumeX: 180, buildVolumeY: 180, buildVolumeZ: 180, image: "bambu-lab-a1-mini", style: "compact" },
  { name: "Prusa MK4", buildVolumeX: 250, buildVolumeY: 210, buildVolumeZ: 220, image: "prusa-mk4", style: "bedslinger" },
  { name: "Ender 3 V2", buildVolumeX: 220, buildVolumeY: 220, buildVolumeZ: 250, image: "ender-3-v2", style: "bedslinger" },
  { name: "Ender 3 S1", buildVolumeX: 220, buildVolumeY: 220, buildVolumeZ: 270, image: "ender-3-s1", style: "bedslinger" },
  { name: "Anycubic Kobra 2", buildVolumeX: 220, buildVolumeY: 220, buildVolumeZ: 250, image: "anycubic-kobra-2", style: "bedslinger" },
  { name: "Qidi Tech X-Max 3", buildVolumeX: 325, buildVolumeY: 325, buildVolumeZ: 315, image: "qidi-tech-x-max-3", style: "enclosed" },
  { name: "Elegoo Neptune 4", buildVolumeX: 225, buildVolumeY: 225, buildVolumeZ: 265, image: "elegoo-neptune-4", style: "bedslinger" },
];

/** Spool weights in the dashboard dialog, in grams (1 kg, 750g, 500g, 250g). */
export const SPOOL_WEIGHTS = [
  { label: "1 kg", grams: 1000 },
  { label: "750g", grams: 750 },
  { label: "500g", grams: 500 },
  { label: "250g", grams: 250 },
] as const;

export interface ModelPreset {
  name: string;
  buildVolumeX: number;
  buildVolumeY: number;
  buildVolumeZ: number;
  materials: string[];
  pricePerGram: number;
}

export const CUSTOM_MODEL = "Custom/Other";

/** The /add-printer screen's presets (spec 2 §3). */
export const MODEL_PRESETS: readonly ModelPreset[] = [
  { name: CUSTOM_MODEL, buildVolumeX: 0, buildVolumeY: 0, buildVolumeZ: 0, materials: ["PLA"], pricePerGram: 0.1 },
  {
    name: "Creality Ender 3 V2",
    buildVolumeX: 220,
    buildVolumeY: 220,
    buildVolumeZ: 250,
    materials: ["PLA", "PETG", "ABS"],
    pricePerGram: 0.12,
  },
  {
    name: "Creality Ender 3 Pro",
    buildVolumeX: 220,
    buildVolumeY: 220,
    buildVolumeZ: 250,
    materials: ["PLA", "PETG", "ABS"],
    pricePerGram: 0.12,
  },
  {
    name: "Prusa i3 MK3S+",
    buildVolumeX: 250,
    buildVolumeY: 210,
    buildVolumeZ: 210,
    materials: ["PLA", "PETG", "ABS", "TPU", "Wood Fill"],
    pricePerGram: 0.15,
  },
  {
    name: "Creality CR-10 V3",
    buildVolumeX: 300,
    buildVolumeY: 300,
    buildVolumeZ: 400,
    materials: ["PLA", "PETG", "ABS"],
    pricePerGram: 0.1,
  },
  {
    name: "Bambu Lab X1 Carbon",
    buildVolumeX: 256,
    buildVolumeY: 256,
    buildVolumeZ: 256,
    materials: ["PLA", "PETG", "ABS", "TPU", "PC"],
    pricePerGram: 0.18,
  },
  {
    name: "Bambu Lab A1 mini",
    buildVolumeX: 180,
    buildVolumeY: 180,
    buildVolumeZ: 180,
    materials: ["PLA", "PETG", "ABS", "TPU"],
    pricePerGram: 0.16,
  },
  {
    name: "Anycubic Kobra 2",
    buildVolumeX: 220,
    buildVolumeY: 220,
    buildVolumeZ: 250,
    materials: ["PLA", "PETG", "ABS"],
    pricePerGram: 0.11,
  },
  {
    name: "Elegoo Mars 3 Pro (Resin)",
    buildVolumeX: 143,
    buildVolumeY: 89,
    buildVolumeZ: 175,
    materials: ["Standard Resin", "Tough Resin"],
    pricePerGram: 0.25,
  },
  {
    name: "Formlabs Form 3 (Resin)",
    buildVolumeX: 145,
    buildVolumeY: 145,
    buildVolumeZ: 185,
    materials: ["Standard Resin", "Tough Resin", "Flexible Resin"],
    pricePerGram: 0.35,
  },
];

const normalizeModel = (s: string) =>
  s
    .toLowerCase()
    .replace(/^creality\s+/, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** The stock image for a model: its drawing when we have one, else the default printer. */
export function stockImageFor(model: string): string {
  const m = normalizeModel(model);
  const hit = DASHBOARD_MODELS.find((d) => normalizeModel(d.name) === m);
  return hit ? `${PRINTER_IMAGE_PATH}${hit.image}.svg` : DEFAULT_PRINTER_IMAGE;
}

/** Price per gram from a spool: filament cost / spool weight, to 4 decimals (spec 2 §9). */
export function pricePerGramFromSpool(filamentCost: number, spoolGrams: number): number {
  if (!(spoolGrams > 0) || !(filamentCost >= 0)) return 0;
  return Math.round((filamentCost / spoolGrams) * 10_000) / 10_000;
}
