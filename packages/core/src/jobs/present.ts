import { z } from "zod";
import type { Store } from "../db/store.ts";
import type { PrinterRecord } from "../printers/present.ts";
import { JOB_STATUSES } from "../shared/lifecycle.ts";
import { SUPPORT_VALUES } from "../shared/options.ts";
import { centsToDecimal, DELIVERY_METHODS } from "../shared/pricing.ts";
import { UPLOAD_FORMATS } from "../shared/uploads.ts";
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
    printSettings: z.object({
      quality: z.number(),
      infill: z.number(),
      supports: z.enum(SUPPORT_VALUES),
      numberOfColors: z.number(),
      printTimeMinutes: z.number(),
      scale: z.number(),
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
    deliveryMethod: job.deliveryMethod,
    specialInstructions: job.specialInstructions ?? "",
    estimatedWeight: job.estimatedWeight,
    estimatedFromSize: job.estimatedFromSize,
    numberOfColors: job.numberOfColors,
    printTimeMinutes: job.printTimeMinutes,
    boundingBox:
      job.boundingBox?.x !== undefined && job.boundingBox.y !== undefined && job.boundingBox.z !== undefined
        ? { x: job.boundingBox.x, y: job.boundingBox.y, z: job.boundingBox.z }
        : null,
    pricing: {
      ...p,
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
