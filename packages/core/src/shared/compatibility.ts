/**
 * The compatibility rule of spec 1 §5: a printer fits a design when it meets the minimum build
 * volume on each axis, offers the material, and has the colour in stock for that material when
 * it lists inventory for that material. Pure: the web imports this module by path (one rule for both).
 */
export interface DesignNeeds {
  material?: string | undefined;
  color?: string | undefined;
  minX?: number | undefined;
  minY?: number | undefined;
  minZ?: number | undefined;
}

export interface InventoryItem {
  material: string;
  color: string;
  inStock: boolean;
}

export interface CompatiblePrinter {
  buildVolumeX: number;
  buildVolumeY: number;
  buildVolumeZ: number;
  materials: readonly string[];
  filamentInventory?: readonly InventoryItem[] | undefined;
}

const norm = (s: string) => s.trim().toLowerCase();

/** Materials match ignoring case and spacing ("Wood Fill" = "wood fill"). */
export function sameMaterial(a: string, b: string): boolean {
  return norm(a).replace(/\s+/g, " ") === norm(b).replace(/\s+/g, " ");
}

/** Colour names: Grey is Gray; Clear, Natural and Natural/Clear are one colour. */
export function colorKey(c: string): string {
  const n = norm(c).replace(/\s+/g, " ");
  if (n === "grey") return "gray";
  if (n === "clear" || n === "natural" || n === "natural/clear" || n === "transparent") return "natural/clear";
  return n;
}

export function sameColor(a: string, b: string): boolean {
  return colorKey(a) === colorKey(b);
}

export function meetsBuildVolume(p: CompatiblePrinter, needs: DesignNeeds): boolean {
  return p.buildVolumeX >= (needs.minX ?? 0) && p.buildVolumeY >= (needs.minY ?? 0) && p.buildVolumeZ >= (needs.minZ ?? 0);
}

export function offersMaterial(p: CompatiblePrinter, material: string): boolean {
  return p.materials.some((m) => sameMaterial(m, material));
}

/**
 * Colour in stock. With a material: judged on that material's inventory; when the printer lists
 * no inventory for it, the colour is not held against it. Without a material: any material's
 * inventory holding the colour counts, and a printer that lists no inventory at all passes.
 */
export function hasColorInStock(p: CompatiblePrinter, color: string, material?: string): boolean {
  const inventory = p.filamentInventory ?? [];
  const relevant = material ? inventory.filter((i) => sameMaterial(i.material, material)) : inventory;
  if (relevant.length === 0) return true;
  return relevant.some((i) => i.inStock && sameColor(i.color, color));
}

export function isCompatible(p: CompatiblePrinter, needs: DesignNeeds): boolean {
  if (!meetsBuildVolume(p, needs)) return false;
  if (needs.material && !offersMaterial(p, needs.material)) return false;
  if (needs.color && !hasColorInStock(p, needs.color, needs.material)) return false;
  return true;
}
