import { Entity } from "electrodb";
import { keys, SERVICE } from "./common.ts";

/**
 * Where a printer stands with its quality test (issue 21 point 1). Only `verified` printers are
 * listed and take orders; a printer stored before the test existed has no value and counts as
 * `awaiting_test` (printers/verification-state.ts).
 */
export const PRINTER_VERIFICATION_STATES = ["awaiting_test", "awaiting_review", "retry_requested", "verified"] as const;

/**
 * A listed printer. The owner's street is stored for the owner only; the public sees city,
 * state and an approximate point (the ZIP centroid), never the street.
 */
export const PrinterEntity = new Entity({
  model: { entity: "printer", version: "1", service: SERVICE },
  attributes: {
    printerId: { type: "string", required: true, readOnly: true },
    ownerId: { type: "string", required: true, readOnly: true },
    name: { type: "string", required: true },
    model: { type: "string", required: true },
    description: { type: "string" },
    imageUrl: { type: "string" },
    street: { type: "string" },
    city: { type: "string", required: true },
    state: { type: "string", required: true },
    zipCode: { type: "string" },
    latitude: { type: "number" },
    longitude: { type: "number" },
    buildVolumeX: { type: "number", required: true },
    buildVolumeY: { type: "number", required: true },
    buildVolumeZ: { type: "number", required: true },
    materials: { type: "list", items: { type: "string" }, required: true },
    filamentInventory: {
      type: "list",
      items: {
        type: "map",
        properties: {
          material: { type: "string", required: true },
          color: { type: "string", required: true },
          inStock: { type: "boolean", required: true },
        },
      },
    },
    /** USD per gram, up to 4 decimals (filament cost / spool weight). */
    pricePerGram: { type: "number", required: true },
    hourlyRate: { type: "number" },
    /** The owner's quantity discounts: a percentage off a part's line from a number of copies (shared/quantity-discounts.ts). */
    quantityDiscounts: {
      type: "list",
      items: {
        type: "map",
        properties: { minQuantity: { type: "number", required: true }, percent: { type: "number", required: true } },
      },
    },
    /**
     * Print minutes of the accepted and printing orders (every copy): the queue a new order waits
     * behind (shared/lead-time.ts). Kept in the same transactions as the orders' status changes (orders/move.ts).
     */
    queueMinutes: { type: "number" },
    isAvailable: { type: "boolean", required: true, default: true },
    ratingTotal: { type: "number", required: true, default: 0 },
    totalReviews: { type: "number", required: true, default: 0 },
    totalJobs: { type: "number", required: true, default: 0 },
    /** Short public number ("Printer #12"), unique and never reused (refs/numbers.ts). */
    printerNumber: { type: "number" },
    /**
     * Orders submitted to this printer and not yet finished, kept in the same transactions as
     * their status changes, so deleting a printer can be conditional on it being 0.
     */
    openOrders: { type: "number" },
    /** Counted in its owner's listed printers (limits/rules.ts PRINTERS_PER_OWNER). */
    countedForOwner: { type: "boolean" },
    /** The quality test (verification/): set only by its submission and staff's decision, each conditional on the one read. */
    verification: { type: PRINTER_VERIFICATION_STATES },
    verifiedAt: { type: "string" },
    /** The attempt the state is about (the one pending, or the last decided). */
    latestVerificationId: { type: "string" },
    /**
     * Suspended by staff (issue 21 point 5; core/staff/suspend.ts), this printer itself or every
     * printer of a suspended owner: out of the public lists, the finder and choose-printer, and
     * submit-order refuses it (printers/listed.ts). The owner still sees it on their dashboard.
     */
    suspendedAt: { type: "string" },
    suspensionReason: { type: "string" },
    ownerSuspendedAt: { type: "string" },
    /**
     * Where a listed printer is found (geo/cells.ts): its point's geohash and its cells at the two
     * resolutions of the finder's indexes. Set together when the printer becomes listed, removed
     * together when it stops being listed (printers/listing-index.ts), so the indexes hold only what
     * the public may see; a printer never listed has none of them.
     */
    /**
     * A copy of the owner's public name (issue 23: the finder shows it without reading the owner),
     * written with the printer (printers/create.ts) and patched on each of the owner's printers in
     * the same transaction that changes the name (users/profile.ts). A printer written before the
     * copy existed has none and is shown by reading its owner (printers/owner-name.ts).
     */
    ownerUsername: { type: "string" },
    ownerFirstName: { type: "string" },
    ownerLastName: { type: "string" },
    placeHash: { type: "string" },
    nearCell: { type: "string" },
    wideCell: { type: "string" },
    createdAt: { type: "string", required: true, readOnly: true },
  },
  indexes: {
    primary: {
      ...keys.primary,
      pk: { ...keys.primary.pk, composite: ["printerId"] },
      sk: { ...keys.primary.sk, composite: [] },
    },
    byOwner: {
      ...keys.gsi1,
      pk: { ...keys.gsi1.pk, composite: ["ownerId"] },
      sk: { ...keys.gsi1.sk, composite: ["createdAt", "printerId"] },
    },
    /** Listed printers by town (precision-4 cell), sorted by geohash: a finer cell is a prefix (issue 23). */
    near: {
      ...keys.gsi2,
      pk: { ...keys.gsi2.pk, composite: ["nearCell"] },
      sk: { ...keys.gsi2.sk, composite: ["placeHash"] },
    },
    /** Listed printers by region (precision-3 cell), read whole only where a region holds few. */
    wide: {
      ...keys.gsi3,
      pk: { ...keys.gsi3.pk, composite: ["wideCell"] },
      sk: { ...keys.gsi3.sk, composite: ["placeHash"] },
    },
  },
});
