import type { z } from "zod";
import type { Store } from "../db/store.ts";
import { hasColorInStock, isCompatible, offersMaterial } from "../shared/compatibility.ts";
import { fail } from "../shared/errors.ts";
import { isPubliclyListed } from "../shared/listing.ts";
import {
  type listedPrinterSchema,
  type OwnPrinter,
  type PrinterRecord,
  type PublicPrinter,
  presentOwnPrinter,
  presentPrinter,
} from "./present.ts";
import type { ListPrintersQuery } from "./schemas.ts";

type OwnerFields = { firstName?: string | undefined; lastName?: string | undefined; username: string };

/** Owners of a set of printers in one batch read (no per-printer lookups). */
export async function ownersOf(store: Store, printers: PrinterRecord[]) {
  const ids = [...new Set(printers.map((p) => p.ownerId))];
  const owners = new Map<string, OwnerFields>();
  if (ids.length === 0) return owners;
  const { data } = await store.entities.users
    .get(ids.map((userId) => ({ userId })))
    .go({ attributes: ["userId", "firstName", "lastName", "username"] });
  for (const u of data) owners.set(u.userId, u);
  return owners;
}

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
  const owner = (await store.entities.users.get({ userId: p.ownerId }).go()).data;
  return presentPrinter(p, owner ?? undefined);
}

/** An owner's printers, newest first, from the byOwner index, with their private address. */
export async function listOwnPrinters(store: Store, ownerId: string): Promise<OwnPrinter[]> {
  const [{ data }, owner] = await Promise.all([
    store.entities.printers.query.byOwner({ ownerId }).go({ pages: "all", order: "desc" }),
    store.entities.users.get({ userId: ownerId }).go(),
  ]);
  return data.map((p) => presentOwnPrinter(p, owner.data ?? undefined));
}
