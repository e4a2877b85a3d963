// Printer constants and rules for the screens. The same lists and rule live in
// packages/core/src/printers (the server); test/printers-lib.test.ts checks they agree.

export const PRINTER_IMAGE_PATH = "/api/printer-images/";
export const DEFAULT_PRINTER_IMAGE = `${PRINTER_IMAGE_PATH}default.svg`;

export interface DashboardModel {
  name: string;
  buildVolumeX: number;
  buildVolumeY: number;
  buildVolumeZ: number;
  image: string;
}

/** The dashboard dialog's models (spec 2 §3), each with a stock image. */
export const DASHBOARD_MODELS: readonly DashboardModel[] = [
  { name: "Bambu Lab P1S", buildVolumeX: 256, buildVolumeY: 256, buildVolumeZ: 256, image: "bambu-lab-p1s" },
  { name: "Bambu Lab A1 mini", buildVolumeX: 180, buildVolumeY: 180, buildVolumeZ: 180, image: "bambu-lab-a1-mini" },
  { name: "Prusa MK4", buildVolumeX: 250, buildVolumeY: 210, buildVolumeZ: 220, image: "prusa-mk4" },
  { name: "Ender 3 V2", buildVolumeX: 220, buildVolumeY: 220, buildVolumeZ: 250, image: "ender-3-v2" },
  { name: "Ender 3 S1", buildVolumeX: 220, buildVolumeY: 220, buildVolumeZ: 270, image: "ender-3-s1" },
  { name: "Anycubic Kobra 2", buildVolumeX: 220, buildVolumeY: 220, buildVolumeZ: 250, image: "anycubic-kobra-2" },
  { name: "Qidi Tech X-Max 3", buildVolumeX: 325, buildVolumeY: 325, buildVolumeZ: 315, image: "qidi-tech-x-max-3" },
  { name: "Elegoo Neptune 4", buildVolumeX: 225, buildVolumeY: 225, buildVolumeZ: 265, image: "elegoo-neptune-4" },
];

export const OWNER_MATERIALS = ["PLA", "ABS", "PETG", "TPU", "Wood Fill", "Metal Fill", "Carbon Fiber", "Glow in Dark"] as const;

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

export const MODEL_PRESETS: readonly ModelPreset[] = [
  { name: CUSTOM_MODEL, buildVolumeX: 0, buildVolumeY: 0, buildVolumeZ: 0, materials: ["PLA"], pricePerGram: 0.1 },
  { name: "Creality Ender 3 V2", buildVolumeX: 220, buildVolumeY: 220, buildVolumeZ: 250, materials: ["PLA", "PETG", "ABS"], pricePerGram: 0.12 },
  { name: "Creality Ender 3 Pro", buildVolumeX: 220, buildVolumeY: 220, buildVolumeZ: 250, materials: ["PLA", "PETG", "ABS"], pricePerGram: 0.12 },
  { name: "Prusa i3 MK3S+", buildVolumeX: 250, buildVolumeY: 210, buildVolumeZ: 210, materials: ["PLA", "PETG", "ABS", "TPU", "Wood Fill"], pricePerGram: 0.15 },
  { name: "Creality CR-10 V3", buildVolumeX: 300, buildVolumeY: 300, buildVolumeZ: 400, materials: ["PLA", "PETG", "ABS"], pricePerGram: 0.1 },
  { name: "Bambu Lab X1 Carbon", buildVolumeX: 256, buildVolumeY: 256, buildVolumeZ: 256, materials: ["PLA", "PETG", "ABS", "TPU", "PC"], pricePerGram: 0.18 },
  { name: "Bambu Lab A1 mini", buildVolumeX: 180, buildVolumeY: 180, buildVolumeZ: 180, materials: ["PLA", "PETG", "ABS", "TPU"], pricePerGram: 0.16 },
  { name: "Anycubic Kobra 2", buildVolumeX: 220, buildVolumeY: 220, buildVolumeZ: 250, materials: ["PLA", "PETG", "ABS"], pricePerGram: 0.11 },
  { name: "Elegoo Mars 3 Pro (Resin)", buildVolumeX: 143, buildVolumeY: 89, buildVolumeZ: 175, materials: ["Standard Resin", "Tough Resin"], pricePerGram: 0.25 },
  { name: "Formlabs Form 3 (Resin)", buildVolumeX: 145, buildVolumeY: 145, buildVolumeZ: 185, materials: ["Standard Resin", "Tough Resin", "Flexible Resin"], pricePerGram: 0.35 },
];

export const ADD_PRINTER_MATERIALS = ["PLA", "PETG", "ABS", "TPU", "Wood Fill", "Metal Fill", "Carbon Fiber", "ASA", "PC", "Nylon"] as const;

/** Finder filters (spec 1 §2): materials and the upload page's colours. */
export const FINDER_MATERIALS = ["PLA", "PETG", "ABS", "TPU"] as const;
export const BROWSE_MATERIALS = ["PLA", "ABS", "PETG", "TPU", "Resin"] as const;
export const FILAMENT_COLORS = ["Black", "White", "Red", "Blue", "Green", "Yellow", "Orange", "Purple", "Gray", "Clear"] as const;

const normalizeModel = (s: string) => s.toLowerCase().replace(/^creality\s+/, "").replace(/[^a-z0-9]+/g, " ").trim();

export function stockImageFor(model: string): string {
  const hit = DASHBOARD_MODELS.find((d) => normalizeModel(d.name) === normalizeModel(model));
  return hit ? `${PRINTER_IMAGE_PATH}${hit.image}.svg` : DEFAULT_PRINTER_IMAGE;
}

/** Filament cost / spool weight, to 4 decimals (spec 2 §9). */
export function pricePerGramFromSpool(filamentCost: number, spoolGrams: number): number {
  if (!(spoolGrams > 0) || !(filamentCost >= 0)) return 0;
  return Math.round((filamentCost / spoolGrams) * 10_000) / 10_000;
}

// ---- the compatibility rule (spec 1 §5), as in packages/core/src/printers/compatibility.ts ----

export interface DesignNeeds {
  material?: string | undefined;
  color?: string | undefined;
  minX?: number | undefined;
  minY?: number | undefined;
  minZ?: number | undefined;
}

export interface CompatiblePrinter {
  buildVolumeX: number;
  buildVolumeY: number;
  buildVolumeZ: number;
  materials: readonly string[];
  filamentInventory?: readonly { material: string; color: string; inStock: boolean }[] | undefined;
}

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, " ");
export const sameMaterial = (a: string, b: string) => norm(a) === norm(b);
export function colorKey(c: string): string {
  const n = norm(c);
  if (n === "grey") return "gray";
  if (n === "clear" || n === "natural" || n === "natural/clear" || n === "transparent") return "natural/clear";
  return n;
}

export function isCompatible(p: CompatiblePrinter, needs: DesignNeeds): boolean {
  if (p.buildVolumeX < (needs.minX ?? 0) || p.buildVolumeY < (needs.minY ?? 0) || p.buildVolumeZ < (needs.minZ ?? 0)) return false;
  if (needs.material && !p.materials.some((m) => sameMaterial(m, needs.material ?? ""))) return false;
  if (needs.color) {
    const inventory = p.filamentInventory ?? [];
    const relevant = needs.material ? inventory.filter((i) => sameMaterial(i.material, needs.material ?? "")) : inventory;
    if (relevant.length > 0 && !relevant.some((i) => i.inStock && colorKey(i.color) === colorKey(needs.color ?? ""))) return false;
  }
  return true;
}

// ---- display ----

/** "Maria H." (first name and last-name initial with a period); username when no name. */
export function ownerShortName(owner: { firstName: string | null; lastName: string | null; username: string } | null | undefined): string {
  if (!owner) return "Unknown owner";
  const first = owner.firstName?.trim();
  const last = owner.lastName?.trim();
  if (first && last) return `${first} ${last.charAt(0).toUpperCase()}.`;
  return first || owner.username;
}

export function ownerFullName(owner: { firstName: string | null; lastName: string | null; username: string } | null | undefined): string {
  if (!owner) return "Unknown owner";
  const name = [owner.firstName, owner.lastName].filter(Boolean).join(" ").trim();
  return name || owner.username;
}

export const formatBuildVolume = (p: { buildVolumeX: number; buildVolumeY: number; buildVolumeZ: number }) =>
  `${p.buildVolumeX}×${p.buildVolumeY}×${p.buildVolumeZ} mm`;

/** "$0.08/gram" (2 decimals, spec 1 §2). */
export const formatPricePerGram = (price: number) => `$${price.toFixed(2)}/gram`;

export const formatMiles = (miles: number) => `${miles < 10 ? miles.toFixed(1) : Math.round(miles)} mi away`;

/** /upload?printer={id}; a plain object so it fits whatever search the upload route declares. */
export function uploadSearch(id: string) {
  const search: Record<string, string> = { printer: id };
  return search as never;
}
