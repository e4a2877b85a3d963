import { z } from "zod";
import type { Store } from "../db/store.ts";
import type { PrinterRecord } from "../printers/present.ts";
import { sizeText } from "../shared/fit.ts";
import { JOB_STATUSES } from "../shared/lifecycle.ts";
import { SUPPORT_VALUES } from "../shared/options.ts";
import { centsToDecimal, DELIVERY_METHODS } from "../shared/pricing.ts";
import { thumbnailPath, UPLOAD_FORMATS } from "../shared/uploads.ts";
import { partsOf, type StoredPart } from "./parts.ts";
import { type JobRecord, printerOf } from "./records.ts";

/**
 * A job as the API answers it (spec 1 §3 Draft, spec 2 §3 Print job). The schema is the answer's
 * one definition: `presentJob` is typed by it, the API declares it as the answer of every job
 * route, and its OpenAPI document and the site's typed client come from it.
 * Money: integer cents and decimal strings of the same figures (the one quote's, core/shared/quote.ts).
 */
const nullableName = z.string().nullable();

export const jobPrinterSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    model: z.string(),
    location: z.string().meta({ description: '"City, ST"' }),
    pricePerGram: z.number().meta({ description: "USD per gram: the filament price this job is priced at" }),
    owner: z.object({ username: z.string(), firstName: nullableName, lastName: nullableName }).nullable(),
  })
  .meta({ id: "JobPrinter", description: "The printer chosen for a job, with its owner's public name." });
export type PrinterSummary = z.infer<typeof jobPrinterSchema>;

const cents = z.number().int();
const decimal = z.string().meta({ description: 'Dollars as a decimal string, e.g. "12.34"' });

export const jobPricingSchema = z
  .object({
    filamentCostPer1000gCents: cents,
    materialCostCents: cents,
    basePrintCostCents: cents,
    multicolorPremiumCents: cents,
    timePremiumCents: cents,
    quantityDiscountCents: cents.meta({ description: "What the printer's quantity discounts took off the parts' lines" }),
    subtotalCents: cents,
    platformFeeCents: cents,
    printerProfitCents: cents,
    customerPaysCents: cents,
    deliveryFeeCents: cents,
    totalCents: cents,
    weightTier: z.string(),
    materialCost: decimal,
    basePrintCost: decimal,
    subtotal: decimal,
    platformFee: decimal,
    printerProfit: decimal,
    customerPays: decimal,
    deliveryFee: decimal,
    total: decimal,
  })
  .meta({ id: "JobPricing", description: "The quote's breakdown (docs/architecture.md Pricing), in cents and as decimals." });

const box = z.object({ x: z.number(), y: z.number(), z: z.number() });
const stamp = z.string().nullable();
const printSettingsSchema = z.object({
  quality: z.number(),
  infill: z.number(),
  supports: z.enum(SUPPORT_VALUES),
  numberOfColors: z.number(),
  printTimeMinutes: z.number(),
  scale: z.number(),
});

export const jobPartSchema = z
  .object({
    number: z.number().int().meta({ description: "1 for the first part (the download's `part`)" }),
    uploadId: z.string(),
    fileName: z.string(),
    fileSize: z.number(),
    fileFormat: z.enum(UPLOAD_FORMATS),
    quantity: z.number().int().meta({ description: "Copies of this part" }),
    material: z.string(),
    filamentColor: z.string(),
    printSettings: printSettingsSchema,
    estimatedWeight: z.number().meta({ description: "Grams of one copy, from the server's analysis" }),
    estimatedFromSize: z.boolean(),
    printTimeMinutes: z.number().meta({ description: "Minutes of one copy" }),
    numberOfColors: z.number(),
    boundingBox: box.nullable().meta({ description: "mm of one copy at its scale" }),
    printedSize: z.string().nullable().meta({ description: '"40 × 30 × 20 mm"' }),
    unitPriceCents: cents.meta({ description: "One copy's print cost" }),
    unitPrice: decimal,
    discountPercent: z.number(),
    discountCents: cents,
    lineTotalCents: cents.meta({ description: "The part's line: one copy × quantity, less the quantity discount" }),
    lineTotal: decimal,
    thumbnailUrl: z.string().nullable().meta({ description: "A small PNG of the part, rendered from its mesh" }),
  })
  .meta({ id: "JobPart", description: "One part of a project, with its copies and its price line." });
export type PresentedPart = z.infer<typeof jobPartSchema>;

const boxOf = (b: { x?: number | undefined; y?: number | undefined; z?: number | undefined } | undefined) =>
  b?.x !== undefined && b.y !== undefined && b.z !== undefined ? { x: b.x, y: b.y, z: b.z } : null;

export function presentPart(p: StoredPart, index: number): PresentedPart {
  const b = boxOf(p.boundingBox);
  return {
    number: index + 1,
    uploadId: p.uploadId,
    fileName: p.fileName,
    fileSize: p.fileSize,
    fileFormat: p.fileFormat,
    quantity: p.quantity,
    material: p.material,
    filamentColor: p.filamentColor,
    printSettings: p.printSettings,
    estimatedWeight: p.estimatedWeight,
    estimatedFromSize: p.estimatedFromSize,
    printTimeMinutes: p.printTimeMinutes,
    numberOfColors: p.numberOfColors,
    boundingBox: b,
    printedSize: b ? sizeText(b) : null,
    unitPriceCents: p.unitCents,
    unitPrice: centsToDecimal(p.unitCents),
    discountPercent: p.discountPercent,
    discountCents: p.discountCents,
    lineTotalCents: p.lineTotalCents,
    lineTotal: centsToDecimal(p.lineTotalCents),
    thumbnailUrl: p.thumbnailId ? thumbnailPath(p.thumbnailId) : null,
  };
}

export const jobSchema = z
  .object({
    id: z.string(),
    jobId: z.string(),
    customerId: z.string(),
    printerId: z.string().nullable(),
    uploadId: z.string(),
    fileName: z.string(),
    fileSize: z.number(),
    fileFormat: z.enum(UPLOAD_FORMATS),
    material: z.string(),
    filamentColor: z.string(),
    printSettings: printSettingsSchema,
    parts: z.array(jobPartSchema).meta({
      description:
        "The project's parts, each with its quantity, settings, figures and price line; the job's own file name, settings and figures are the first part's name (\"bracket.stl + 2 more\"), settings and the totals of every copy",
    }),
    deliveryMethod: z.enum(DELIVERY_METHODS),
    specialInstructions: z.string(),
    estimatedWeight: z.number().meta({ description: "Grams, from the server's analysis" }),
    estimatedFromSize: z.boolean().meta({ description: "True when the analysis failed and the weight is the size-based estimate" }),
    numberOfColors: z.number(),
    printTimeMinutes: z.number(),
    boundingBox: box.nullable(),
    pricing: jobPricingSchema,
    totalCost: decimal,
    status: z.enum(JOB_STATUSES),
    printer: jobPrinterSchema.nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    submittedAt: stamp,
    confirmedAt: stamp,
    acceptedAt: stamp,
    printingStartedAt: stamp,
    completedAt: stamp,
    pickedUpAt: stamp,
    shippedAt: stamp,
    cancelledAt: stamp,
  })
  .meta({ id: "Job", description: "A saved print (status draft) or an order." });
export type PresentedJob = z.infer<typeof jobSchema>;

/** The answer of save-draft, upload-design and reorder: the new saved print and its id. */
export const savedDraftSchema = z.object({ jobId: z.string(), draft: jobSchema }).meta({ id: "SavedDraft" });

export function presentJob(job: JobRecord, printer?: PrinterSummary | null): PresentedJob {
  const p = job.pricing;
  return {
    id: job.jobId,
    jobId: job.jobId,
    customerId: job.customerId,
    printerId: job.printerId ?? null,
    uploadId: job.uploadId,
    fileName: job.fileName,
    fileSize: job.fileSize,
    fileFormat: job.fileFormat,
    material: job.material,
    filamentColor: job.filamentColor,
    printSettings: job.printSettings,
    parts: partsOf(job).map(presentPart),
    deliveryMethod: job.deliveryMethod,
    specialInstructions: job.specialInstructions ?? "",
    estimatedWeight: job.estimatedWeight,
    estimatedFromSize: job.estimatedFromSize,
    numberOfColors: job.numberOfColors,
    printTimeMinutes: job.printTimeMinutes,
    boundingBox: boxOf(job.boundingBox),
    pricing: {
      ...p,
      quantityDiscountCents: p.quantityDiscountCents ?? 0,
      materialCost: centsToDecimal(p.materialCostCents),
      basePrintCost: centsToDecimal(p.basePrintCostCents),
      subtotal: centsToDecimal(p.subtotalCents),
      platformFee: centsToDecimal(p.platformFeeCents),
      printerProfit: centsToDecimal(p.printerProfitCents),
      customerPays: centsToDecimal(p.customerPaysCents),
      deliveryFee: centsToDecimal(p.deliveryFeeCents),
      total: centsToDecimal(p.totalCents),
    },
    totalCost: centsToDecimal(p.totalCents),
    status: job.status,
    printer: printer ?? null,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    submittedAt: job.submittedAt ?? null,
    confirmedAt: job.confirmedAt ?? null,
    acceptedAt: job.acceptedAt ?? null,
    printingStartedAt: job.printingStartedAt ?? null,
    completedAt: job.completedAt ?? null,
    pickedUpAt: job.pickedUpAt ?? null,
    shippedAt: job.shippedAt ?? null,
    cancelledAt: job.cancelledAt ?? null,
  };
}

/** A job with its chosen printer's line, as every single-job answer shows it. */
export async function presentWithPrinter(store: Store, job: JobRecord, printer?: PrinterRecord | null): Promise<PresentedJob> {
  return presentJob(job, await printerSummary(store, printer !== undefined ? printer : await printerOf(store, job)));
}

/** The printer line of a job, with its owner's public name. */
export async function printerSummary(store: Store, printer: PrinterRecord | null): Promise<PrinterSummary | null> {
  return printer ? summaryOf(printer, await ownerName(store, printer.ownerId)) : null;
}

/** A printer owner's public name (null when the account is gone). */
export async function ownerName(store: Store, ownerId: string): Promise<PrinterSummary["owner"]> {
  const owner = (await store.entities.users.get({ userId: ownerId }).go()).data;
  return owner ? { username: owner.username, firstName: owner.firstName ?? null, lastName: owner.lastName ?? null } : null;
}

/** The printer line of a job, given its owner's name. */
export function summaryOf(printer: PrinterRecord, owner: PrinterSummary["owner"]): PrinterSummary {
  return {
    id: printer.printerId,
    name: printer.name,
    model: printer.model,
    location: `${printer.city}, ${printer.state}`,
    pricePerGram: printer.pricePerGram,
    owner,
  };
}
