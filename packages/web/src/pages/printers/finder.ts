import type { DesignNeeds } from "@printhood/core/shared/compatibility";
import { type PrinterFilters, printerPagesQuery } from "../../api/printers";

/** Query parameters of /printers (spec 1 §2): a design's needs, from the upload flow. */
export interface PrintersSearch {
  material?: string;
  color?: string;
  weight?: number;
  jobId?: string;
  minX?: number;
  minY?: number;
  minZ?: number;
}

const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim().slice(0, 60) : undefined);
const positive = (v: unknown) => {
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() ? Number(v) : Number.NaN;
  return Number.isFinite(n) && n >= 0 ? n : undefined;
};

export function validatePrintersSearch(search: Record<string, unknown>): PrintersSearch {
  const out: PrintersSearch = {};
  const material = text(search.material);
  const color = text(search.color);
  const jobId = text(search.jobId) ?? (typeof search.jobId === "number" ? String(search.jobId) : undefined);
  const weight = positive(search.weight);
  const minX = positive(search.minX);
  const minY = positive(search.minY);
  const minZ = positive(search.minZ);
  if (material) out.material = material;
  if (color) out.color = color;
  if (jobId) out.jobId = jobId;
  if (weight !== undefined) out.weight = weight;
  if (minX !== undefined) out.minX = minX;
  if (minY !== undefined) out.minY = minY;
  if (minZ !== undefined) out.minZ = minZ;
  return out;
}

/** The finder's filters; it opens with All Printers, nearest first from the account's ZIP (DECISIONS.md). */
export interface FinderFilters {
  location: string;
  material: string;
  color: string;
  status: "all" | "available";
  zip: string;
}

export const isZip = (zip: string) => /^\d{5}$/.test(zip);

const chosen = (v: string) => v.trim() !== "" && v !== "all";

/**
 * What the finder asks GET /api/printers for: its filters and, with a design, the design's needs
 * the API checks by the same core rule as the page (isCompatible: build volume, material, colour in
 * stock), so the pages are of compatible printers and paging never leaves one out. A material or
 * colour picked in the form is asked for instead of the design's; the page then checks the design's
 * on the printers it has (as it does a project's parts), and Show more brings the rest.
 */
export function finderFilters(f: FinderFilters, design: DesignNeeds | null = null): PrinterFilters {
  const zip = f.zip.trim();
  return {
    location: f.location,
    material: chosen(f.material) ? f.material : design?.material,
    color: chosen(f.color) ? f.color : design?.color,
    available: f.status === "available" ? "true" : undefined,
    minBuildVolumeX: design?.minX,
    minBuildVolumeY: design?.minY,
    minBuildVolumeZ: design?.minZ,
    zip: isZip(zip) ? zip : undefined,
  };
}

/** The finder's printers a page at a time ("Show more printers"): read by the page, the first page prefetched by its route. */
export const finderQuery = (f: FinderFilters, design: DesignNeeds | null = null) => printerPagesQuery(finderFilters(f, design));

export const finderDefaults = (zip: string | null | undefined): FinderFilters => ({
  location: "",
  material: "all",
  color: "all",
  status: "all",
  zip: zip ?? "",
});

/** The design's needs carried in the address (from /upload's Find Compatible Printers), or null. */
export function designNeeds(search: PrintersSearch): DesignNeeds | null {
  const given =
    search.material ||
    search.color ||
    search.minX !== undefined ||
    search.minY !== undefined ||
    search.minZ !== undefined ||
    search.weight !== undefined;
  return given ? { material: search.material, color: search.color, minX: search.minX, minY: search.minY, minZ: search.minZ } : null;
}
