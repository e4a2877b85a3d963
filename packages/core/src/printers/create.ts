import { randomUUID } from "node:crypto";
import type { TransactionResult } from "../db/conditional.ts";
import type { Store } from "../db/store.ts";
import { transact } from "../db/transact.ts";
import { takeHolding } from "../limits/holdings.ts";
import { PRINTERS_PER_OWNER } from "../limits/rules.ts";
import { resolvePlace } from "../places/location.ts";
import { allocateNumber } from "../refs/numbers.ts";
import { fail } from "../shared/errors.ts";
import { stockImageFor } from "../shared/printer-models.ts";
import type { QuantityDiscount } from "../shared/quantity-discounts.ts";
import { ownerNameCopy, sameName } from "./owner-name.ts";
import { type PrinterRecord, presentOwnPrinter } from "./present.ts";

export interface NewPrinter {
  name: string;
  model: string;
  description?: string | undefined;
  imageUrl?: string | undefined;
  /** Free text "City, State" (or one line with a ZIP); used when no ZIP is given. */
  location?: string | undefined;
  street?: string | undefined;
  city?: string | undefined;
  state?: string | undefined;
  zipCode?: string | undefined;
  buildVolumeX: number;
  buildVolumeY: number;
  buildVolumeZ: number;
  materials: string[];
  filamentInventory?: { material: string; color: string; inStock: boolean }[] | undefined;
  pricePerGram: number;
  hourlyRate?: number | undefined;
  isAvailable?: boolean | undefined;
  quantityDiscounts?: QuantityDiscount[] | undefined;
}

/**
 * List a printer for an owner. The public point is a ZIP centroid (or the city's centre when
 * only "City, State" is known); a customer who lists a printer becomes `both` in the same
 * transaction (spec 2 §4 upgrade rule), whatever a client says. The printer carries a copy of the
 * owner's public name (printers/owner-name.ts), conditional on it being the stored one, so a rename
 * at the same moment never leaves the new printer with the old name.
 */
export async function createPrinter(store: Store, ownerId: string, input: NewPrinter) {
  let owner = (await store.entities.users.get({ userId: ownerId }).go()).data;
  if (!owner) throw fail("owner_not_found");
  const place = resolvePlace(input);
  const { location: _text, ...fields } = input;
  // The printer's public number (#12), allocated first and written with it (refs/numbers.ts).
  const printerNumber = await allocateNumber(store, "printer");
  const base: PrinterRecord = {
    printerNumber,
    openOrders: 0,
    countedForOwner: true,
    ...fields,
    printerId: randomUUID(),
    ownerId,
    imageUrl: input.imageUrl ?? stockImageFor(input.model),
    city: place.city,
    state: place.state,
    zipCode: place.zipCode,
    latitude: place.latitude,
    longitude: place.longitude,
    isAvailable: input.isAvailable ?? true,
    ratingTotal: 0,
    totalReviews: 0,
    totalJobs: 0,
    // Listed and taking orders only once it passes the quality test (verification/).
    verification: "awaiting_test",
    createdAt: new Date().toISOString(),
  };
  let record = base;
  // The printer takes one of its owner's PRINTERS_PER_OWNER slots in the same transaction (item 2).
  // Item 3 holds the owner to the name the printer copies: a customer's first printers make them
  // `both` (conditional on still being a customer and on the name), anyone else's are checked for
  // the name. Several listings at once: conflicts are retried by `transact`, and one that finds the
  // owner already made `both` by another, or renamed, is built again from the owner read afresh.
  for (let attempt = 1; ; attempt++) {
    const named = owner;
    record = { ...base, ...ownerNameCopy(named) };
    const upgrade = named.userType === "customer";
    const result = await transact(
      async () =>
        (await store.service.transaction
          .write((entities) => [
            entities.printers.create(record).commit(),
            entities.refNumbers.create({ kind: "printer", number: printerNumber, targetId: record.printerId }).commit(),
            takeHolding(entities, PRINTERS_PER_OWNER, ownerId),
            upgrade
              ? entities.users
                  .patch({ userId: ownerId })
                  .set({ userType: "both" })
                  .where((a, op) => `${op.eq(a.userType, "customer")} AND ${sameName(a, op, named)}`)
                  .commit()
              : entities.users
                  .check({ userId: ownerId })
                  .where((a, op) => sameName(a, op, named))
                  .commit(),
          ])
          .go()) as TransactionResult,
    );
    if (result.ok) break;
    if (result.failed.includes(2)) throw fail(PRINTERS_PER_OWNER.name);
    if (!result.failed.includes(3) || attempt >= 3) throw fail("printer_conflict");
    const fresh = (await store.entities.users.get({ userId: ownerId }).go({ consistent: true })).data;
    if (!fresh) throw fail("owner_not_found");
    owner = fresh;
  }
  return presentOwnPrinter(record, owner);
}
