import type { Store } from "../db/store.ts";
import { writeTransaction } from "../db/transact.ts";
import { resolvePlace } from "../places/location.ts";
import { fail } from "../shared/errors.ts";
import { getPrinterRecord } from "./list.ts";
import { listingAsRead, listingCounterItems, listingDeltas, withPlace } from "./listing-index.ts";
import { type PrinterRecord, presentOwnPrinter } from "./present.ts";
import type { UpdatePrinterInput } from "./schemas.ts";

/** The printer, if `userId` owns it: 404 when missing, 403 when someone else's. */
export async function ownPrinter(store: Store, userId: string, printerId: string): Promise<PrinterRecord> {
  const printer = await getPrinterRecord(store, printerId);
  if (printer.ownerId !== userId) throw fail("not_your_printer");
  return printer;
}

/**
 * Update a printer's settings, or only its availability. A changed location (text or address
 * parts) is placed again; the write is conditional on the owner, so it can never land on
 * someone else's printer even if ownership were to change in between.
 */
export async function updatePrinter(
  store: Store,
  userId: string,
  printerId: string,
  input: UpdatePrinterInput,
  attempt = 1,
): Promise<ReturnType<typeof presentOwnPrinter>> {
  const current = await ownPrinter(store, userId, printerId);
  const { location, street, city, state, zipCode, description, ...rest } = input;
  const set: Partial<PrinterRecord> = {};
  for (const [k, v] of Object.entries(rest)) if (v !== undefined) (set as Record<string, unknown>)[k] = v;

  const currentText = `${current.city}, ${current.state}`;
  const addressChanged = zipCode !== undefined || city !== undefined || state !== undefined;
  const textChanged = location !== undefined && location.trim().toLowerCase() !== currentText.toLowerCase();
  if (addressChanged || textChanged) {
    const place = addressChanged
      ? resolvePlace({
          zipCode: zipCode ?? (city === undefined ? current.zipCode : undefined),
          city: city ?? current.city,
          state: state ?? current.state,
        })
      : resolvePlace({ location });
    Object.assign(set, { city: place.city, state: place.state, latitude: place.latitude, longitude: place.longitude });
    if (place.zipCode) set.zipCode = place.zipCode;
  }
  if (street !== undefined) set.street = street;

  const remove: ("description" | "zipCode")[] = [];
  if (description !== undefined && description === "") remove.push("description");
  else if (description !== undefined) set.description = description;
  if ((addressChanged || textChanged) && !set.zipCode && current.zipCode) remove.push("zipCode");
  // A move or a change of availability moves the printer in the finder's indexes and counters, in
  // the same transaction and conditional on the listing state they were counted from.
  const after = { ...current, ...set };
  const outcome = await writeTransaction(store, (entities) => {
    const op = withPlace(entities.printers.patch({ printerId }), after).set(set);
    return [
      (remove.length ? op.remove(remove) : op).where((a, o) => `${o.eq(a.ownerId, userId)} AND ${listingAsRead(a, o, current)}`).commit(),
      ...listingCounterItems(entities, listingDeltas([{ before: current, after }])),
    ];
  });
  if (!outcome.ok) {
    // Someone else's printer, or its listing changed while this was read (a staff decision): read again.
    const fresh = await getPrinterRecord(store, printerId);
    if (fresh.ownerId !== userId || attempt >= 3) throw fail("not_your_printer");
    return updatePrinter(store, userId, printerId, input, attempt + 1);
  }
  const [updated, owner] = await Promise.all([
    store.entities.printers.get({ printerId }).go({ consistent: true }),
    store.entities.users.get({ userId }).go(),
  ]);
  if (!updated.data) throw fail("printer_not_found");
  return presentOwnPrinter(updated.data, owner.data ?? undefined);
}
