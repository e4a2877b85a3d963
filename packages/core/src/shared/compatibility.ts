import { colorKey, sameColor } from "./colors.ts";
import { fail, type VisibleError } from "./errors.ts";
import { fitsBuildVolume, sizeText } from "./fit.ts";
import { isSuspendedPrinter, type ListingFlags } from "./listing.ts";
import { isVerified } from "./quality-test.ts";

/**
 * The compatibility rule of spec 1 §5: a printer fits a design when the design fits its build
 * volume (the build-volume rule of ./fit.ts, the part may be turned on the bed), it offers the
 * material, and it has the colour in stock for that material when it lists inventory for that
 * material. Pure: the finder, the choose-printer cards and submit-order all use it.
 */
// colorKey and sameColor live with the colours; re-exported here for the screens that read them with the rule.
export { colorKey, sameColor };
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

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, " ");

/** Materials match ignoring case and spacing ("Wood Fill" = "wood fill"). */
export function sameMaterial(a: string, b: string): boolean {
  return norm(a) === norm(b);
}

/**
 * The design's size against the printer's build volume: the one fit rule, so a printer the finder
 * shows is one submit-order accepts (and a part 250 × 200 fits a 210 × 250 bed, turned).
 */
export function meetsBuildVolume(p: CompatiblePrinter, needs: DesignNeeds): boolean {
  return fitsBuildVolume({ x: needs.minX ?? 0, y: needs.minY ?? 0, z: needs.minZ ?? 0 }, p);
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

type ProblemPrinter = CompatiblePrinter & ListingFlags & { name: string; isAvailable: boolean };

/** What the compatibility rule needs of one design (a single print, or one part of a project). */
export interface DesignChoice {
  material: string;
  filamentColor: string;
  boundingBox?: { x: number; y: number; z: number } | null | undefined;
}

/** Why the printer takes no orders at all right now (suspended, not verified, offline); null when it does. */
function printerStateProblem(p: ProblemPrinter): VisibleError | null {
  if (isSuspendedPrinter(p)) return fail("printer_suspended", { printer: p.name });
  if (!isVerified(p)) return fail("printer_not_verified", { printer: p.name });
  if (!p.isAvailable) return fail("printer_offline", { printer: p.name });
  return null;
}

/**
 * Why this printer cannot take this order, as the error submit-order answers with (its message
 * names the printer, in words a customer can act on); null when it can. The screens may show the
 * same sentence before the customer submits.
 */
export function printerProblem(p: ProblemPrinter, job: DesignChoice): VisibleError | null {
  const state = printerStateProblem(p);
  if (state) return state;
  if (job.boundingBox && !fitsBuildVolume(job.boundingBox, p)) {
    return fail("too_big_for_printer", {
      printer: p.name,
      design: sizeText(job.boundingBox),
      volume: `${p.buildVolumeX} × ${p.buildVolumeY} × ${p.buildVolumeZ} mm`,
    });
  }
  if (!offersMaterial(p, job.material)) return fail("material_not_offered", { printer: p.name, material: job.material });
  if (!hasColorInStock(p, job.filamentColor, job.material)) {
    return fail("color_out_of_stock", { printer: p.name, color: job.filamentColor, material: job.material });
  }
  return null;
}

/** "Part 2 (lid.stl)": how a sentence names one part of a project. */
export const partLabel = (index: number, fileName: string) => `Part ${index + 1} (${fileName})`;

/**
 * Why one part of a project cannot be made on this printer (issue 22 point 3), naming the part;
 * null when it can. Only the design's own needs: the printer's state is projectProblem's.
 */
export function partProblem(p: ProblemPrinter, part: DesignChoice & { fileName: string }, index: number): VisibleError | null {
  const label = partLabel(index, part.fileName);
  if (part.boundingBox && !fitsBuildVolume(part.boundingBox, p)) {
    return fail("part_too_big_for_printer", {
      part: label,
      printer: p.name,
      design: sizeText(part.boundingBox),
      volume: `${p.buildVolumeX} × ${p.buildVolumeY} × ${p.buildVolumeZ} mm`,
    });
  }
  if (!offersMaterial(p, part.material))
    return fail("part_material_not_offered", { part: label, printer: p.name, material: part.material });
  if (!hasColorInStock(p, part.filamentColor, part.material)) {
    return fail("part_color_out_of_stock", { part: label, printer: p.name, color: part.filamentColor, material: part.material });
  }
  return null;
}

/**
 * Why this printer cannot take a project: one printer makes every part (turning allowed, as for one
 * design), offers every material and has every colour in stock. A project of one part answers as a
 * single design always has (printerProblem's codes and sentences); of several, the first part that
 * cannot be made is named.
 */
export function projectProblem(p: ProblemPrinter, parts: readonly (DesignChoice & { fileName: string })[]): VisibleError | null {
  if (parts.length === 1) return printerProblem(p, parts[0]!);
  const state = printerStateProblem(p);
  if (state) return state;
  for (const [i, part] of parts.entries()) {
    const problem = partProblem(p, part, i);
    if (problem) return problem;
  }
  return null;
}
