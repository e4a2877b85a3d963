import { randomUUID } from "node:crypto";
import type { Store } from "../db/store.ts";
import { VisibleError } from "../errors.ts";
import { geocodeZip } from "../places/zip.ts";

export interface NewPrinter {
  name: string;
  model: string;
  description?: string;
  imageUrl?: string;
  street?: string;
  city?: string;
  state?: string;
  zipCode?: string;
  buildVolumeX: number;
  buildVolumeY: number;
  buildVolumeZ: number;
  materials: string[];
  filamentInventory?: { material: string; color: string; inStock: boolean }[];
  pricePerGram: number;
  hourlyRate?: number;
  isAvailable?: boolean;
}

/**
 * List a printer for an owner. The public point is the ZIP centroid; a customer who lists a
 * printer becomes `both` in the same transaction (spec 2 §4 upgrade rule), whatever a client says.
 */
export async function createPrinter(store: Store, ownerId: string, input: NewPrinter) {
  const owner = (await store.entities.users.get({ userId: ownerId }).go()).data;
  if (!owner) throw new VisibleError("not_found", "owner_not_found", "We could not find your account. Please sign in again.");
  const place = input.zipCode ? geocodeZip(input.zipCode) : null;
  if (input.zipCode && !place) throw new VisibleError("invalid", "unknown_zip", `We don't recognise the ZIP code ${input.zipCode}.`);
  const city = input.city ?? place?.city;
  const state = input.state ?? place?.state;
  if (!city || !state) throw new VisibleError("invalid", "missing_location", "Location is required.");
  const record = {
    printerId: randomUUID(),
    ownerId,
    ...input,
    city,
    state: state.toUpperCase(),
    latitude: place?.latitude,
    longitude: place?.longitude,
    isAvailable: input.isAvailable ?? true,
    createdAt: new Date().toISOString(),
  };
  await store.service.transaction
    .write(({ printers, users }) => [
      printers.create(record).commit(),
      ...(owner.userType === "customer"
        ? [users.patch({ userId: ownerId }).set({ userType: "both" }).where((a, op) => op.eq(a.userType, "customer")).commit()]
        : []),
    ])
    .go()
    .then((r) => {
      if (r.canceled) throw new VisibleError("conflict", "printer_conflict", "We could not list your printer just now. Please try again.");
    });
  return record;
}
