import { z } from "zod";
import type { Store } from "./db/store.ts";
import { distanceMiles, NEARBY_MILES, REGION_CENTER } from "./places/zip.ts";
import { isPubliclyListed } from "./shared/listing.ts";

const count = z.number().int();
/** The landing page's live figures (DECISIONS.md "Public figures"). */
export const statsSchema = z
  .object({ printersNearby: count, printsThisMonth: count, totalPrinters: count, totalOrders: count })
  .meta({ id: "Stats" });
export type Stats = z.infer<typeof statsSchema>;

export const monthCounter = (d = new Date()) => `orders#${d.toISOString().slice(0, 7)}`;
export const COMPLETED_COUNTER = "ordersCompleted";

/**
 * The landing page's live figures. Printers come from the listing index (no scan); order
 * figures from counters that the order transitions keep in the same transaction.
 */
export async function getStats(store: Store): Promise<Stats> {
  const { printers, counters } = store.entities;
  const [listing, month, completed] = await Promise.all([
    printers.query
      .listing({})
      .go({ pages: "all", attributes: ["isAvailable", "latitude", "longitude", "suspendedAt", "ownerSuspendedAt", "verification"] }),
    counters.get({ name: monthCounter() }).go(),
    counters.get({ name: COMPLETED_COUNTER }).go(),
  ]);
  const all = listing.data.filter(isPubliclyListed);
  const nearby = all.filter(
    (p) =>
      p.isAvailable &&
      p.latitude !== undefined &&
      p.longitude !== undefined &&
      distanceMiles(REGION_CENTER, { latitude: p.latitude, longitude: p.longitude }) <= NEARBY_MILES,
  );
  return {
    printersNearby: nearby.length,
    printsThisMonth: month.data?.value ?? 0,
    totalPrinters: all.length,
    totalOrders: completed.data?.value ?? 0,
  };
}
