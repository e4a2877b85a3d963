import type { z } from "zod";
import type { Store } from "../db/store.ts";
import { hasColorInStock, isCompatible, offersMaterial } from "../shared/compatibility.ts";
import { fail } from "../shared/errors.ts";
import { isPubliclyListed } from "../shared/listing.ts";
import { ownerOf } from "./owner-name.ts";
import {
  type listedPrinterSchema,
  type OwnPrinter,
  type PrinterRecord,
  type PublicPrinter,
  presentOwnPrinter,
  presentPrinter,
} from "./present.ts";
import type { ListPrintersQuery } from "./schemas.ts";

const contains = (haystack: string | undefined, needle: string) => (haystack ?? "").toLowerCase().includes(needle.toLowerCase());

/** The filters of GET /api/printers as a pure predicate (spec 1 §7). */
export function matchesFilters(p: PrinterRecord, q: ListPrintersQuery): boolean {
  if (q.available === "true" && !p.isAvailable) return false;
  if (q.available === "false" && p.isAvailable) return false;
  if (q.location) {
    const place = `${p.city}, ${p.state}`;
    if (!contains(place, q.location) && !contains(`${p.city} ${p.state}`, q.location) && p.zipCode !== q.location.trim()) return false;
  }
  if (q.material && !offersMaterial(p, q.material)) return false;
  if (q.color && !hasColorInStock(p, q.color, q.material)) return false;
  if (!isCompatible(p, { minX: q.minBuildVolumeX, minY: q.minBuildVolumeY, minZ: q.minBuildVolumeZ })) return false;
  if (q.search) {
    const s = q.search.trim();
    const hit =
      [p.name, p.model, p.city, p.state, `${p.city}, ${p.state}`, p.description].some((f) => contains(f, s)) ||
      p.materials.some((m) => contains(m, s)) ||
      p.zipCode === s;
    if (!hit) return false;
  }
  return true;
}

export type ListedPrinter = z.infer<typeof listedPrinterSchema>;

export async function getPrinterRecord(store: Store, printerId: string): Promise<PrinterRecord> {
  const { data } = await store.entities.printers.get({ printerId }).go();
  if (!data) throw fail("printer_not_found");
  return data;
}

/** A printer's public page: a printer that is not listed (suspended) is not found, as a deleted one. */
export async function getPrinter(store: Store, printerId: string): Promise<PublicPrinter> {
  const p = await getPrinterRecord(store, printerId);
  if (!isPubliclyListed(p)) throw fail("printer_not_found");
  // The printer's copy of its owner's name; an older printer without it reads the owner (owner-name.ts).
  return presentPrinter(p, await ownerOf(store, p));
}

/** An owner's printers, newest first, from the byOwner index, with their private address. */
export async function listOwnPrinters(store: Store, ownerId: string): Promise<OwnPrinter[]> {
  const [{ data }, owner] = await Promise.all([
    store.entities.printers.query.byOwner({ ownerId }).go({ pages: "all", order: "desc" }),
    store.entities.users.get({ userId: ownerId }).go(),
  ]);
  return data.map((p) => presentOwnPrinter(p, owner.data ?? undefined));
}
