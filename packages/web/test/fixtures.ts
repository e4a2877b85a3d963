import { earningsCents, type PricedJob } from "@printhood/core/shared/earnings";
import { formatOrderNumber } from "@printhood/core/shared/order-numbers";
import { type PartCounts, partCountsOf } from "@printhood/core/shared/parts";
import { centsToDecimal, type PriceResult } from "@printhood/core/shared/pricing";
import { DEFAULT_PRINTER_IMAGE } from "@printhood/core/shared/printer-models";
import { quoteDesign } from "@printhood/core/shared/quote";
import { ownerFigures, sumTallies, type TalliedOrder, tallyDelta } from "@printhood/core/shared/tallies";
import type {
  Job,
  JobPricing,
  ListedPrinter,
  Notification,
  Order,
  OwnPrinter,
  Printer,
  SavedDraft,
  Stats,
  SubmittedOrder,
  UploadRecord,
  User,
} from "../src/api/types";

// Every API answer the web tests stub, as a full object built by one small factory each. The
// types are the API's own answers, inferred from the server's route declarations
// (src/api/types.ts, `hc<AppType>`), so a fixture missing a field, or carrying one the answer
// does not have, fails the typecheck, and so does a server change to an answer. `over` replaces
// whole fields.

export function userFixture(over: Partial<User> = {}): User {
  return {
    id: "u-1",
    email: "ada@example.com",
    username: "ada",
    firstName: "Ada",
    lastName: "Lovelace",
    profileImageUrl: null,
    userType: "customer",
    zipCode: "80513",
    emailPreferences: { orderConfirmation: true, orderUpdates: true, newOrders: true, messages: true },
    isStaff: false,
    ...over,
  };
}

/** Ada, a customer in Berthoud. */
export const customer = userFixture();

export function statsFixture(over: Partial<Stats> = {}): Stats {
  return { printersNearby: 12, printsThisMonth: 345, totalPrinters: 27, totalOrders: 1024, ...over };
}

export const stats = statsFixture();

/** Notification number `i`, created `i` minutes ago. */
export function notificationFixture(i: number, isRead = false): Notification {
  return {
    id: `n-${i}`,
    title: `Notice ${i}`,
    message: `Message ${i}`,
    isRead,
    link: null,
    createdAt: new Date(Date.now() - i * 60_000).toISOString(),
  };
}

/** Maria's Prusa in Berthoud: available, no reviews yet, the stock image, black PLA in stock, $0.08 per gram. */
export function printerFixture(over: Partial<Printer> = {}): Printer {
  const isAvailable = over.isAvailable ?? over.availability ?? true;
  return {
    id: "p-1",
    number: 1,
    ownerId: "o-1",
    name: "Maria's Prusa",
    model: "Prusa MK4",
    description: null,
    imageUrl: DEFAULT_PRINTER_IMAGE,
    owner: { firstName: "Maria", lastName: "Hernandez", username: "maria_prints" },
    location: "Berthoud, CO",
    city: "Berthoud",
    state: "CO",
    latitude: 40.2993,
    longitude: -105.1055,
    buildVolumeX: 250,
    buildVolumeY: 210,
    buildVolumeZ: 220,
    materials: ["PLA"],
    filamentInventory: [{ material: "PLA", color: "Black", inStock: true }],
    pricePerGram: 0.08,
    hourlyRate: 3.5,
    quantityDiscounts: [],
    queueMinutes: 0,
    isAvailable,
    availability: isAvailable,
    rating: null,
    totalReviews: 0,
    totalJobs: 0,
    verified: true,
    createdAt: "2026-02-01T09:00:00.000Z",
    ...over,
  };
}

/** A printer in the marketplace listing asked for nearest first: the printer and its distance. */
export function listedPrinterFixture(over: Partial<ListedPrinter> = {}, distanceMiles = 2.4): ListedPrinter {
  return { ...printerFixture(over), distanceMiles: over.distanceMiles ?? distanceMiles };
}

/** A printer as its owner sees it on the dashboard: with the street and ZIP they entered, past its quality test. */
export function ownPrinterFixture(over: Partial<OwnPrinter> = {}): OwnPrinter {
  const { street = "412 Mountain Ave", zipCode = "80513", verification = "verified", ...printer } = over;
  return { ...printerFixture({ verified: verification === "verified", ...printer }), street, zipCode, verification };
}

/** A job's stored price, as the server presents the one quote (cents and the same figures as decimals). */
export function pricingFixture(price: PriceResult): JobPricing {
  const { estimatedWeight: _grams, weightTier, ...cents } = price;
  return {
    ...cents,
    weightTier: weightTier.label,
    materialCost: centsToDecimal(cents.materialCostCents),
    basePrintCost: centsToDecimal(cents.basePrintCostCents),
    subtotal: centsToDecimal(cents.subtotalCents),
    platformFee: centsToDecimal(cents.platformFeeCents),
    printerProfit: centsToDecimal(cents.printerProfitCents),
    customerPays: centsToDecimal(cents.customerPaysCents),
    deliveryFee: centsToDecimal(cents.deliveryFeeCents),
    total: centsToDecimal(cents.totalCents),
  };
}

/**
 * Ada's saved print box.stl (a draft): 12.5 g of black PLA, 95 minutes, 40 × 30 × 20 mm, no
 * printer chosen yet. Its price is core's quote of its own fields (on its printer, at that
 * printer's price per gram) unless `pricing` is given.
 */
export function jobFixture(over: Partial<Job> = {}): Job {
  const id = over.id ?? "d-1";
  const base: Omit<Job, "pricing" | "totalCost" | "parts"> = {
    id,
    jobId: id,
    customerId: customer.id,
    printerId: null,
    uploadId: "u-1",
    fileName: "box.stl",
    fileSize: 1_572_864,
    fileFormat: "stl",
    material: "PLA",
    filamentColor: "Black",
    printSettings: { quality: 0.2, infill: 20, supports: "auto", numberOfColors: 1, printTimeMinutes: 95, scale: 1 },
    deliveryMethod: "pickup",
    specialInstructions: "",
    estimatedWeight: 12.5,
    estimatedFromSize: false,
    numberOfColors: 1,
    printTimeMinutes: 95,
    boundingBox: { x: 40, y: 30, z: 20 },
    status: "draft",
    printer: null,
    createdAt: "2026-03-01T10:00:00.000Z",
    updatedAt: "2026-03-01T10:00:00.000Z",
    submittedAt: null,
    confirmedAt: null,
    acceptedAt: null,
    printingStartedAt: null,
    completedAt: null,
    pickedUpAt: null,
    shippedAt: null,
    cancelledAt: null,
    ...over,
  };
  const pricing = over.pricing ?? pricingFixture(quoteDesign(base, base, base.printer));
  return { ...base, parts: over.parts ?? [onePartFixture(base, pricing)], pricing, totalCost: over.totalCost ?? pricing.total };
}

/** A job of one part and one copy as the server presents it: the job's own file, settings and figures, its subtotal the line. */
function onePartFixture(job: Omit<Job, "pricing" | "totalCost" | "parts">, pricing: JobPricing): Job["parts"][number] {
  const b = job.boundingBox;
  return {
    number: 1,
    uploadId: job.uploadId,
    fileName: job.fileName,
    fileSize: job.fileSize,
    fileFormat: job.fileFormat,
    quantity: 1,
    material: job.material,
    filamentColor: job.filamentColor,
    printSettings: job.printSettings,
    estimatedWeight: job.estimatedWeight,
    estimatedFromSize: job.estimatedFromSize,
    printTimeMinutes: job.printTimeMinutes,
    numberOfColors: job.numberOfColors,
    boundingBox: b,
    printedSize: b ? `${b.x} × ${b.y} × ${b.z} mm` : null,
    unitPriceCents: pricing.subtotalCents,
    unitPrice: pricing.subtotal,
    discountPercent: 0,
    discountCents: 0,
    lineTotalCents: pricing.subtotalCents,
    lineTotal: pricing.subtotal,
    thumbnailUrl: null,
  };
}

/** The printer line of a job (GET /api/print-jobs/{id}), from a printer fixture. */
export function jobPrinterFixture(p: Printer = printerFixture()): NonNullable<Job["printer"]> {
  return { id: p.id, name: p.name, model: p.model, location: p.location, pricePerGram: p.pricePerGram, owner: p.owner };
}

/** What an order answer adds to its job, before anything happened to it: no payment, shipping, message or stamps. */
const ORDER_NOTHING_YET = {
  printedSize: null,
  payment: null,
  shipping: null,
  carrier: null,
  trackingNumber: null,
  cancelReason: null,
  ownerMessage: null,
  rejectedAt: null,
  readyAt: null,
  expiresAt: null,
  claimWindowEndsAt: null,
  receivedAt: null,
  claim: null,
  priceRange: null,
  priceProposal: null,
  priceBounds: null,
  earningsReversedCents: 0,
} as const;

/** A payment held on the card (authorised) for `amountCents`. */
export function authorisedPaymentFixture(amountCents: number): NonNullable<Order["payment"]> {
  return {
    status: "authorized",
    amountCents,
    amount: (amountCents / 100).toFixed(2),
    authorizedAt: "2026-03-02T10:01:00.000Z",
    capturedAt: null,
    releasedAt: null,
    refundedAt: null,
    refundedCents: 0,
    authorizedCents: null,
  };
}

/**
 * An order as a test's answers give it: the order's page (GET /api/print-jobs/{id}) with the counts
 * of its parts a list's copy adds, so one object answers a list and the order alike (a list's copy
 * is the same order with less in it: core orders/list-item.ts).
 */
export type OrderFixture = Order & PartCounts;

/**
 * An order as its printer's owner sees it: the job plus its number, payment, printed size and the
 * customer's name and email (Jamie Rivera). `over` replaces whole fields.
 */
export function ownerJobFixture(over: Partial<OrderFixture> = {}): OrderFixture {
  const { customer = { username: "jamie", firstName: "Jamie", lastName: "Rivera", email: "jamie@example.com" }, printer, ...rest } = over;
  // the printer prices the job (its price per gram): the draft's printer line has no number
  const { number: _n, ...jobPrinter } = printer ?? { number: null };
  const job = jobFixture({ ...(rest as Partial<Job>), ...(printer ? { printer: jobPrinter as Job["printer"] } : {}) });
  return {
    ...job,
    orderNumber: "PH-10001",
    printerNumber: 1,
    ...ORDER_NOTHING_YET,
    completionPhotoIds: [],
    viewer: "owner",
    ...partCountsOf(job.parts),
    ...rest,
    printer: printer === undefined ? (job.printer ? { ...job.printer, number: 1 } : null) : printer,
    customer,
  };
}

/** An order as its customer sees it (GET /api/users/{id}/jobs): the job plus its number, payment and people. */
export function orderFixture(n: number, over: Partial<Job> = {}, extra: Partial<OrderFixture> = {}): OrderFixture {
  const job = jobFixture({
    id: `o-${n}`,
    status: "submitted",
    printerId: "p-1",
    printer: jobPrinterFixture(),
    submittedAt: "2026-03-02T10:00:00.000Z",
    ...over,
  });
  return {
    ...job,
    orderNumber: formatOrderNumber(n),
    printerNumber: 3,
    ...ORDER_NOTHING_YET,
    completionPhotoIds: [],
    printer: job.printer ? { ...job.printer, number: 3 } : null,
    customer: { username: customer.username, firstName: customer.firstName, lastName: customer.lastName, email: customer.email },
    viewer: "customer",
    ...partCountsOf(job.parts),
    ...extra,
  };
}

/** The answer of save-draft and upload-design: the new draft and its id. */
export function savedDraftFixture(draft: Job = jobFixture()): SavedDraft {
  return { jobId: draft.id, draft };
}

/** The answer of submit-order: the order's id, status and the price it was stored with. */
export function submittedOrderFixture(order: Job = jobFixture({ status: "submitted" })): SubmittedOrder {
  return {
    orderId: order.id,
    orderNumber: "PH-10001",
    status: order.status,
    expiresAt: null,
    totalCost: order.totalCost,
    pricing: order.pricing,
  };
}

/** box.stl's upload while the server analyses it; `status: "failed"` with an `error` for a file the server could not read. */
export function uploadFixture(over: Partial<UploadRecord> = {}): UploadRecord {
  return {
    id: "u-1",
    fileName: "box.stl",
    format: "stl",
    size: 1_572_864,
    status: "pending",
    analysis: null,
    error: null,
    thumbnailUrl: null,
    createdAt: "2026-03-01T10:00:00.000Z",
    analyzedAt: null,
    ...over,
  };
}

/**
 * What the API counts for these orders (GET /api/users/{id}/printer-jobs/figures and
 * /api/printers/{id}/jobs/figures): core's tallies of them, as the server keeps them order by order;
 * `earnedCents` is the balance's sum on the server, here the same money from the orders.
 */
export function figuresFixture(orders: readonly (TalliedOrder & PricedJob)[], earnedCents = earningsCents(orders)) {
  return { ...ownerFigures(sumTallies(orders.map((o) => tallyDelta(null, o)))), earnedCents };
}
