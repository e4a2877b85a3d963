import { type PrinterFilters, printerPagesQuery } from "../api/printers";

// What /browse and its route share (outside the page's lazily loaded chunk: the route prefetches with it).

export interface BrowseFilters {
  view: "list" | "map";
  location: string;
  material: string;
  availability: "available" | "all";
  /** The map view's search box: a 5-digit ZIP sorts nearest first; other text searches. */
  area: string;
}

export const BROWSE_DEFAULTS: BrowseFilters = { view: "list", location: "", material: "all", availability: "all", area: "" };

/** What /browse asks GET /api/printers for: its list a page at a time, and its map for what is in view. */
export function browseFilters(f: BrowseFilters): PrinterFilters {
  const areaText = f.area.trim();
  const areaZip = /^\d{5}$/.test(areaText) ? areaText : undefined;
  return {
    location: f.location,
    material: f.material,
    available: f.availability === "available" ? "true" : undefined,
    ...(f.view === "map" ? { search: areaZip ? undefined : areaText, zip: areaZip } : {}),
  };
}

/** The printers /browse lists for its filters, a page at a time: read by the page, its first page prefetched by its route. */
export const browseQuery = (f: BrowseFilters) => printerPagesQuery(browseFilters(f));
