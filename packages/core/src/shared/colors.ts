/**
 * Filament colours (spec 1 §2 Print Settings, Submit Print Job) and how two colour names are
 * known to be one colour, for stock checks. Pure: the upload page, the submit page, the owner's
 * stock editor, the finder and the server all read this module.
 */

/** Upload page colours (Natural/Clear); the submit page's swatches say Clear. */
export const UPLOAD_COLORS = ["Black", "White", "Red", "Blue", "Green", "Yellow", "Orange", "Purple", "Gray", "Natural/Clear"] as const;
export const SWATCH_COLORS = [
  { name: "Black", hex: "#111827" },
  { name: "White", hex: "#ffffff" },
  { name: "Red", hex: "#dc2626" },
  { name: "Blue", hex: "#2563eb" },
  { name: "Green", hex: "#16a34a" },
  { name: "Yellow", hex: "#facc15" },
  { name: "Orange", hex: "#f97316" },
  { name: "Purple", hex: "#9333ea" },
  { name: "Gray", hex: "#9ca3af" },
  { name: "Clear", hex: "#e0f2fe" },
] as const;
/** Every colour name the API accepts. */
export const COLOR_VALUES = [...UPLOAD_COLORS, "Clear", "Natural"] as const;

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, " ");

/** Colour names: Grey is Gray; Clear, Natural, Natural/Clear (and Transparent) are one colour. */
export function colorKey(c: string): string {
  const n = norm(c);
  if (n === "grey") return "gray";
  if (n === "clear" || n === "natural" || n === "natural/clear" || n === "transparent") return "natural/clear";
  return n;
}

export function sameColor(a: string, b: string): boolean {
  return colorKey(a) === colorKey(b);
}

/**
 * The key of one filament in an owner's stock: the material (as `sameMaterial` compares it) and
 * the colour's key, e.g. "pla|natural/clear". The stock editor and the stock check agree through it.
 */
export function stockKey(material: string, color: string): string {
  return `${norm(material)}|${colorKey(color)}`;
}
