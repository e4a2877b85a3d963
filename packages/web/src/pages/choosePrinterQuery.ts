import { printerPagesQuery } from "../api/printers";

// What /choose-printer and its route share (outside the page's lazily loaded chunk: the route prefetches with it).

export interface ChoosePrinterSearch {
  draftId?: string;
}

export interface ChooseFilters {
  text: string;
  material: string;
  location: string;
}

export const CHOOSE_DEFAULTS: ChooseFilters = { text: "", material: "all", location: "all" };

/**
 * The printers for the filters (spec 1 §7: search, material, location), a page at a time ("Show more
 * printers"): the API applies all three (core's matchesFilters), so every page is of matching
 * printers. Read by the page, the first page prefetched by its route.
 */
export function choosePrintersQuery(f: ChooseFilters) {
  return printerPagesQuery({ search: f.text, material: f.material, location: f.location });
}
