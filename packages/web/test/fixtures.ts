import { centsToDecimal, type PriceInput, priceJob } from "@printhood/core/shared/pricing";
import type {
  JobAnswer,
  JobPricing,
  NotificationAnswer,
  OwnerJobAnswer,
  PrinterAnswer,
  StatsAnswer,
  UploadAnswer,
  UserAnswer,
} from "../src/api/schemas";

// Every API answer the web tests stub, as a full object built by one small factory each. The
// types are the API's answers as the site declares them (src/api/schemas.ts; the typed client's
// inferred types once the site calls `hc<AppType>`), so a fixture missing a field, or carrying
// one the answer does not have, fails the typecheck. `over` replaces whole fields.

export function userFixture(over: Partial<UserAnswer> = {}): UserAnswer {
  return {
    id: "u-1",
    email: "ada@example.com",
    username: "ada",
    firstName: "Ada",
    lastName: "Lovelace",
    profileImageUrl: null,
    userType: "customer",
    zipCode: "80513",
    ...over,
  };
}

/** Ada, a customer in Berthoud. */
export const customer = userFixture();

export function statsFixture(over: Partial<StatsAnswer> = {}): StatsAnswer {
  return { printersNearby: 12, printsThisMonth: 345, totalPrinters: 27, totalOrders: 1024, ...over };
}

export const stats = statsFixture();

/** Notification number `i`, created `i` minutes ago. */
export function notificationFixture(i: number, isRead = false): NotificationAnswer {
  return {
    id: `n-${i}`,
    title: `Notice ${i}`,
    message: `Message ${i}`,
    isRead,
    createdAt: new Date(Date.now() - i * 60_000).toISOString(),
  };
}

/** Maria's Prusa in Berthoud: available, no reviews yet, black PLA in stock, $0.08 per gram. */
export function printerFixture(over: Partial<PrinterAnswer> = {}): PrinterAnswer {
  const isAvailable = over.isAvailable ?? over.availability ?? true;
  return {
    id: "p-1",
    ownerId: "o-1",
    name: "Maria's Prusa",
    model: "Prusa MK4",
    description: null,
    imageUrl: null,
    owner: { firstName: "Maria", lastName: "Hernandez", username: "maria_prints" },
    location: "Berthoud, CO",
    latitude: 40.2993,
    longitude: -105.1055,
    buildVolumeX: 250,
    buildVolumeY: 210,
    buildVolumeZ: 220,
    materials: ["PLA"],
    pricePerGram: 0.08,
    hourlyRate: 3.5,
    isAvailable,
    availability: isAvailable,
    rating: null,
    totalReviews: 0,
    totalJobs: 0,
    filamentInventory: [{ material: "PLA", color: "Black", inStock: true }],
    ...over,
  };
}

/** A job's stored price, as core's one pricing function computes it (what the server sends). */
export function pricingFixture(input: PriceInput): JobPricing {
  const { estimatedWeight: _grams, weightTier, ...cents } = priceJob(input);
  return { ...cents, weightTier: weightTier.label };
}

/**
 * Ada's saved print box.stl (a draft): 12.5 g of black PLA, 95 minutes, 40 × 30 × 20 mm, no
 * printer chosen yet. Its price follows its own fields (and its printer's price per gram) unless
 * `pricing` is given.
 */
export function jobFixture(over: Partial<JobAnswer> = {}): JobAnswer {
  const base: Omit<JobAnswer, "pricing" | "totalCost"> = {
    id: "d-1",
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
    submittedAt: null,
    ...over,
  };
  const pricing =
    over.pricing ??
    pricingFixture({
      grams: base.estimatedWeight,
      material: base.material,
      pricePerGram: base.printer?.pricePerGram ?? null,
      numberOfColors: base.numberOfColors,
      printTimeMinutes: base.printTimeMinutes,
      deliveryMethod: base.deliveryMethod,
    });
  return { ...base, pricing, totalCost: over.totalCost ?? centsToDecimal(pricing.totalCents) };
}

/** The printer line of a job (GET /api/print-jobs/{id}), from a printer fixture. */
export function jobPrinterFixture(p: PrinterAnswer = printerFixture()): NonNullable<JobAnswer["printer"]> {
  return { id: p.id, name: p.name, model: p.model, location: p.location, pricePerGram: Number(p.pricePerGram), owner: p.owner };
}

/** A job as an owner's lists show it: the job plus the customer's name (Jamie Rivera). */
export function ownerJobFixture(over: Partial<OwnerJobAnswer> = {}): OwnerJobAnswer {
  const { customer: who = { firstName: "Jamie", lastName: "Rivera" }, ...job } = over;
  return { ...jobFixture(job), customer: who };
}

/** box.stl's upload while the server analyses it; `status: "failed"` with an `error` for a file the server could not read. */
export function uploadFixture(over: Partial<UploadAnswer> = {}): UploadAnswer {
  return {
    id: "u-1",
    fileName: "box.stl",
    format: "stl",
    size: 1_572_864,
    status: "pending",
    analysis: null,
    error: null,
    createdAt: "2026-03-01T10:00:00.000Z",
    analyzedAt: null,
    ...over,
  };
}
