import { SWATCH_COLORS } from "@printhood/core/shared/colors";

// Printer helpers for the screens. The printer models, owner materials, spool weights, stock
// images, colours, materials and the compatibility rule have one home, core's browser-safe
// modules (@printhood/core/shared/printer-models, /colors, /options, /compatibility), which
// screens import directly. What stays here is only the web's: display formatting.

/** The colour names of the swatches (core's SWATCH_COLORS): the finder's colour filter and the owner's stock editor. */
export const SWATCH_NAMES: readonly string[] = SWATCH_COLORS.map((c) => c.name);

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

/** "$0.08/gram" (2 decimals, spec 1 §2: the finder's cards). */
export const formatPricePerGram = (price: number) => `$${price.toFixed(2)}/gram`;

/**
 * A printer's filament price as precisely as its owner set it, for the screens that price an order
 * with it: "$0.025/gram ($25.00/kg)". Realistic prices ($0.018 to $0.035) would all read $0.02 or
 * $0.03 with two decimals.
 */
export function formatFilamentPrice(pricePerGram: number): string {
  const perGram = pricePerGram.toFixed(4).replace(/0{1,2}$/, "");
  return `$${perGram}/gram ($${(pricePerGram * 1000).toFixed(2)}/kg)`;
}

export const formatMiles = (miles: number) => `${miles < 10 ? miles.toFixed(1) : Math.round(miles)} mi away`;

/** /upload?printer={id}; a plain object so it fits whatever search the upload route declares. */
/**
 * Select Printer goes to /upload?printer={id} (spec 1 §2). Coming from a design (the finder's
 * jobId is its saved draft), the draft rides along so the upload page reopens it with the
 * printer chosen, ready for "Submit to Printer #{id}".
 */
export function uploadSearch(id: string, draftId?: string) {
  const search: Record<string, string> = { printer: id };
  if (draftId) search.draft = draftId;
  return search as never;
}

/** The toast after listing a printer (spec 2 §8), saying when it goes live (issue 21: after the quality test). */
export const PRINTER_ADDED =
  "Your printer has been listed on the marketplace. It shows in customers' searches once it passes our print quality test: take the test from Your Printers.";
