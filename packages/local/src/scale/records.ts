import { randomUUID } from "node:crypto";
import {
  type JobRecord,
  listingDeltas,
  type OwnerName,
  ownerNameCopy,
  type PrinterRecord,
  placeKeys,
  seededRandom,
  stockImageFor,
  zipTable,
} from "@printhood/core";
import { orderMoney } from "@printhood/core/shared/earnings";

/**
 * The records `npm run seed:scale` writes (issue 23 point 3), made as the app's own writes would
 * leave them: printers listed (verified, with their finder index keys and numbers) at real US ZIP
 * centroids, orders handed over with their reviews, the counts of listed printers per cell and the
 * order tallies added once for all. Made directly, not through the API: a hundred thousand quality
 * tests and checkouts would take hours, and what is measured is reading them.
 */
export type { JobRecord, PrinterRecord };

const MODELS = ["Prusa i3 MK3S+", "Bambu Lab P1S", "Creality Ender 3 V3", "Bambu Lab X1 Carbon", "Prusa MK4", "Elegoo Neptune 4"];
const MATERIAL_SETS = [["PLA"], ["PLA", "PETG"], ["PLA", "ABS"], ["PLA", "PETG", "TPU"], ["PETG", "ABS", "ASA"]];
const COLORS = ["Black", "White", "Red", "Blue", "Gray"];

/** The seed's pseudo-random sequence (the same seed writes the same marketplace). */
export const random = seededRandom;

/** A printer's owner: the id and the public name the printer carries a copy of (printers/owner-name.ts). */
export type ScaleOwner = OwnerName & { userId: string };

/** A printer at the centroid of a ZIP chosen at random (ZIPs are denser where people are). */
export function scalePrinter(i: number, owner: ScaleOwner, printerNumber: number, r: () => number, at: string): PrinterRecord {
  const table = zipTable();
  const z = Math.floor(r() * table.zips.length);
  const [state, city] = table.cities[table.city[z] ?? 0] ?? ["CO", "Loveland"];
  const latitude = (table.lat[z] ?? 4040) / 100;
  const longitude = (table.lon[z] ?? -10508) / 100;
  const model = MODELS[i % MODELS.length] as string;
  const materials = MATERIAL_SETS[i % MATERIAL_SETS.length] as string[];
  const base = {
    printerId: randomUUID(),
    ownerId: owner.userId,
    ...ownerNameCopy(owner),
    name: `${city} ${model.split(" ")[0]} ${i + 1}`,
    model,
    description: "",
    imageUrl: stockImageFor(model),
    city,
    state,
    zipCode: String(table.zips[z]).padStart(5, "0"),
    latitude,
    longitude,
    buildVolumeX: 220 + (i % 4) * 20,
    buildVolumeY: 220 + (i % 4) * 20,
    buildVolumeZ: 250,
    materials,
    filamentInventory: materials.flatMap((material) => COLORS.slice(0, 3).map((color) => ({ material, color, inStock: true }))),
    pricePerGram: Math.round((0.03 + r() * 0.12) * 1000) / 1000,
    isAvailable: r() > 0.1,
    ratingTotal: 0,
    totalReviews: 0,
    totalJobs: 0,
    printerNumber,
    openOrders: 0,
    // Not counted in the owner's PRINTERS_PER_OWNER slots: made by the seed, not listed by the owner.
    countedForOwner: false,
    verification: "verified" as const,
    verifiedAt: at,
    createdAt: at,
  };
  return { ...base, ...placeKeys(base) };
}

const pricing = (grams: number, pricePerGram: number) => {
  const material = Math.round(grams * pricePerGram * 100);
  const subtotal = material + 300;
  const fee = Math.round(subtotal * 0.1);
  return {
    filamentCostPer1000gCents: 2000,
    materialCostCents: material,
    basePrintCostCents: 300,
    multicolorPremiumCents: 0,
    timePremiumCents: 0,
    subtotalCents: subtotal,
    platformFeeCents: fee,
    printerProfitCents: subtotal - Math.round(grams * 2),
    customerPaysCents: subtotal + fee,
    deliveryFeeCents: 0,
    totalCents: subtotal + fee,
    weightTier: grams < 100 ? "light" : "medium",
  };
};

/** An order picked up `minutesAgo` minutes ago (or, for `open`, accepted and waiting to print). */
export function scaleOrder(
  customerId: string,
  printer: { printerId: string; ownerId: string; pricePerGram: number },
  orderNumber: number,
  minutesAgo: number,
  open: boolean,
): JobRecord {
  const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const grams = 20 + (orderNumber % 150);
  const p = pricing(grams, printer.pricePerGram);
  const jobId = randomUUID();
  return {
    jobId,
    customerId,
    printerId: printer.printerId,
    orderPrinterId: printer.printerId,
    orderOwnerId: printer.ownerId,
    uploadId: randomUUID(),
    fileName: `part-${orderNumber}.stl`,
    fileSize: 120_000 + (orderNumber % 1000) * 100,
    fileFormat: "stl" as const,
    material: "PLA",
    filamentColor: "Black",
    printSettings: { quality: 0.2, infill: 20, supports: "no" as const, numberOfColors: 1, printTimeMinutes: 90, scale: 100 },
    deliveryMethod: "pickup" as const,
    estimatedWeight: grams,
    estimatedFromSize: false,
    printTimeMinutes: 90,
    numberOfColors: 1,
    pricing: p,
    status: open ? ("accepted" as const) : ("picked_up" as const),
    orderNumber,
    payment: { intentId: `pi_scale_${orderNumber}`, status: "captured" as const, amountCents: p.totalCents },
    createdAt: at,
    updatedAt: at,
    submittedAt: at,
    confirmedAt: at,
    acceptedAt: at,
    // A handed-over order was received at once ("Received, looks good"): its earning is available.
    ...(open
      ? { activeKey: `open:${printer.printerId}`, activeAt: `${at}#${jobId}`, countedOpen: true }
      : { pickedUpAt: at, receivedAt: at }),
  };
}

/**
 * The owner's ledger entry for a scale order (ledger/ledger.ts): pending while it is open, available
 * once handed over and received. Without them the scale owner's Total Earnings and payouts tab read
 * $0.00 beside 5,000 orders, and the ledger's pages had nothing to page through.
 */
export function scaleLedgerEntry(job: JobRecord, ownerId: string) {
  const handedOver = job.status === "picked_up";
  return {
    ownerId,
    jobId: job.jobId as string,
    orderNumber: job.orderNumber as number,
    printerId: job.orderPrinterId as string,
    fileName: job.fileName as string,
    ...orderMoney(job.pricing as Parameters<typeof orderMoney>[0]),
    status: handedOver ? ("available" as const) : ("pending" as const),
    createdAt: job.acceptedAt as string,
    ...(handedOver ? { availableAt: job.receivedAt as string } : {}),
  };
}

/** A review of a handed-over order. */
export function scaleReview(job: JobRecord, ownerId: string, rating: number) {
  return {
    jobId: job.jobId as string,
    printerId: job.orderPrinterId as string,
    ownerId,
    customerId: job.customerId as string,
    rating,
    comment: rating >= 4 ? "Clean print, ready on time." : "Fine, a little stringing.",
    fileName: job.fileName as string,
    createdAt: job.updatedAt as string,
  };
}

/** The listing counters the seeded printers add (printers/listing-index.ts), as one set of deltas. */
export const listingTotals = (printers: PrinterRecord[]) => listingDeltas(printers.map((p) => ({ before: null, after: p as never })));
