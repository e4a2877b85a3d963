import { randomUUID } from "node:crypto";
import type { EntityItem } from "electrodb";
import { z } from "zod";
import { type DesignGeometry, describeEstimate } from "../analysis/index.ts";
import type { JobEntity } from "../db/entities/job.ts";
import type { Store } from "../db/store.ts";
import type { PrinterRecord } from "../printers/present.ts";
import { hasColorInStock, offersMaterial } from "../shared/compatibility.ts";
import { VisibleError } from "../shared/errors.ts";
import { fitsBuildVolume } from "../shared/fit.ts";
import { planTransition } from "../shared/lifecycle.ts";
import { DEFAULT_SETTINGS } from "../shared/options.ts";
import { centsToDecimal, DEFAULT_PRINT_MINUTES, fallbackWeightGrams, type PriceResult, priceJob } from "../shared/pricing.ts";
import { monthCounter } from "../stats.ts";
import { getUpload } from "../uploads/uploads.ts";
import type { SaveDraftInput, SubmitOrderInput, UpdateDraftInput } from "./schemas.ts";

export type JobRecord = EntityItem<typeof JobEntity>;
type UploadRecord = NonNullable<Awaited<ReturnType<typeof getUpload>>>;
type Settings = JobRecord["printSettings"];

const notFound = () => new VisibleError("not_found", "draft_not_found", "We could not find that saved print.");
const isUuid = (s: string) => z.uuid().safeParse(s).success;
const now = () => new Date().toISOString();

/** What the server's own analysis says about a design at some settings (never the browser's). */
export interface Quote {
  estimatedWeight: number;
  estimatedFromSize: boolean;
  printTimeMinutes: number;
  numberOfColors: number;
  boundingBox: { x: number; y: number; z: number } | undefined;
  pricing: PriceResult;
}

function geometryOf(upload: UploadRecord): DesignGeometry | null {
  const a = upload.analysis as { geometry?: DesignGeometry } | undefined;
  return upload.status === "analyzed" && a?.geometry ? a.geometry : null;
}

/**
 * Price a design from the server's stored analysis (re-estimated for the settings) or, when
 * the analysis failed, from the spec's size-based fallback. A pending analysis is a 409.
 */
export function quoteUpload(
  upload: UploadRecord,
  job: { material: string; printSettings: Settings; deliveryMethod: JobRecord["deliveryMethod"] },
  printer?: Pick<PrinterRecord, "pricePerGram"> | null,
): Quote {
  if (upload.status === "pending") {
    throw new VisibleError("conflict", "analysis_pending", "Your design is still being analysed. Please wait a moment and try again.");
  }
  const geometry = geometryOf(upload);
  let grams: number;
  let minutes: number;
  let colors: number;
  let box: Quote["boundingBox"];
  if (geometry) {
    const e = describeEstimate(geometry, {
      material: job.material,
      infill: job.printSettings.infill,
      layerHeight: job.printSettings.quality,
      supports: job.printSettings.supports,
      scale: job.printSettings.scale,
    });
    grams = e.estimatedWeight;
    minutes = Math.max(1, Math.round(e.estimatedTimeMinutes));
    colors = Math.max(1, e.numberOfColors);
    box = e.boundingBox;
  } else {
    grams = fallbackWeightGrams(upload.size ?? upload.declaredSize, upload.format);
    minutes = DEFAULT_PRINT_MINUTES;
    colors = 1;
    box = undefined;
  }
  const pricing = priceJob({
    grams,
    material: job.material,
    pricePerGram: printer?.pricePerGram ?? null,
    numberOfColors: colors,
    printTimeMinutes: minutes,
    deliveryMethod: job.deliveryMethod,
  });
  return {
    estimatedWeight: grams,
    estimatedFromSize: !geometry,
    printTimeMinutes: minutes,
    numberOfColors: colors,
    boundingBox: box,
    pricing,
  };
}

function storedPricing(p: PriceResult): JobRecord["pricing"] {
  const { estimatedWeight: _w, weightTier, ...cents } = p;
  return { ...cents, weightTier: weightTier.label };
}

async function ownUpload(store: Store, userId: string, uploadId: string): Promise<UploadRecord> {
  const upload = await getUpload(store, uploadId);
  if (!upload || upload.userId !== userId)
    throw new VisibleError("not_found", "upload_not_found", "We could not find that upload. Please upload your design again.");
  return upload;
}

async function findPrinter(store: Store, printerId: string): Promise<PrinterRecord> {
  const printer = isUuid(printerId) ? (await store.entities.printers.get({ printerId }).go()).data : null;
  if (!printer) throw new VisibleError("not_found", "printer_not_found", "We could not find that printer. Please choose another one.");
  return printer;
}

function settingsFrom(input: SaveDraftInput | UpdateDraftInput, quote?: { numberOfColors: number; printTimeMinutes: number }): Settings {
  return {
    quality: input.printSettings.quality,
    infill: input.printSettings.infill,
    supports: input.printSettings.supports,
    scale: input.printSettings.scale ?? 1,
    numberOfColors: quote?.numberOfColors ?? DEFAULT_SETTINGS.numberOfColors,
    printTimeMinutes: quote?.printTimeMinutes ?? DEFAULT_SETTINGS.printTimeMinutes,
  };
}

/** What a draft takes from its upload and the customer's settings, priced by the server for `printer`. */
function pricedDraft(upload: UploadRecord, input: SaveDraftInput | UpdateDraftInput, printer: PrinterRecord | null) {
  const quote = quoteUpload(
    upload,
    { material: input.material, deliveryMethod: input.deliveryMethod, printSettings: settingsFrom(input) },
    printer,
  );
  const specialInstructions = input.specialInstructions?.trim();
  return {
    uploadId: upload.uploadId,
    fileName: upload.fileName,
    fileSize: upload.size ?? upload.declaredSize,
    fileFormat: upload.format,
    material: input.material,
    filamentColor: input.filamentColor,
    printSettings: settingsFrom(input, quote),
    deliveryMethod: input.deliveryMethod,
    ...(specialInstructions ? { specialInstructions } : {}),
    estimatedWeight: quote.estimatedWeight,
    estimatedFromSize: quote.estimatedFromSize,
    printTimeMinutes: quote.printTimeMinutes,
    numberOfColors: quote.numberOfColors,
    ...(quote.boundingBox ? { boundingBox: quote.boundingBox } : {}),
    pricing: storedPricing(quote.pricing),
  };
}

/** The chosen printer id from the input: "" and null clear it. */
const chosenPrinter = (p: SaveDraftInput["printerId"]) => (p === undefined ? undefined : p === null || p === "" ? null : p);

/** POST /api/save-draft: a new saved print from the customer's upload, priced by the server. */
export async function saveDraft(store: Store, userId: string, input: SaveDraftInput): Promise<JobRecord> {
  const upload = await ownUpload(store, userId, input.uploadId);
  const printerId = chosenPrinter(input.printerId) ?? null;
  const printer = printerId ? await findPrinter(store, printerId) : null;
  const at = now();
  const record = {
    jobId: randomUUID(),
    customerId: userId,
    ...(printerId ? { printerId } : {}),
    ...pricedDraft(upload, input, printer),
    status: "draft" as const,
    createdAt: at,
    updatedAt: at,
  };
  await store.entities.jobs.create(record).go();
  return record as JobRecord;
}

async function getJob(store: Store, jobId: string): Promise<JobRecord | null> {
  return isUuid(jobId) ? (await store.entities.jobs.get({ jobId }).go({ consistent: true })).data : null;
}

/** A draft as its owner sees it; anyone else (or a submitted job) gets the same 404 as a missing one. */
export async function getOwnDraft(store: Store, userId: string, jobId: string): Promise<JobRecord> {
  const job = await getJob(store, jobId);
  if (!job || job.customerId !== userId || job.status !== "draft") throw notFound();
  return job;
}

/** PUT /api/drafts/{id}: change the settings (or the file) of one's own draft, re-priced. */
export async function updateDraft(store: Store, userId: string, jobId: string, input: UpdateDraftInput): Promise<JobRecord> {
  const job = await getOwnDraft(store, userId, jobId);
  const upload = await ownUpload(store, userId, input.uploadId ?? job.uploadId);
  const chosen = chosenPrinter(input.printerId);
  const printerId = chosen === undefined ? (job.printerId ?? null) : chosen;
  const printer = printerId ? await findPrinter(store, printerId) : null;
  const set = {
    ...pricedDraft(upload, input, printer),
    updatedAt: now(),
    ...(printerId ? { printerId } : {}),
  };
  const remove: ("printerId" | "boundingBox" | "specialInstructions")[] = [];
  if (!printerId && job.printerId) remove.push("printerId");
  if (!set.boundingBox && job.boundingBox) remove.push("boundingBox");
  if (!set.specialInstructions && job.specialInstructions) remove.push("specialInstructions");
  try {
    let op = store.entities.jobs.patch({ jobId }).set(set);
    if (remove.length) op = op.remove(remove);
    await op.where((a, o) => `${o.eq(a.status, "draft")} AND ${o.eq(a.customerId, userId)}`).go();
  } catch (e) {
    if (isConditionFailure(e)) throw notFound();
    throw e;
  }
  return { ...job, ...set, ...Object.fromEntries(remove.map((k) => [k, undefined])) } as JobRecord;
}

/** GET /api/users/{id}/drafts: one's saved prints, newest first. */
export async function listDrafts(store: Store, userId: string): Promise<JobRecord[]> {
  const { data } = await store.entities.jobs.query
    .byCustomer({ customerId: userId })
    .where((a, o) => o.eq(a.status, "draft"))
    .go({ pages: "all", order: "desc" });
  return data;
}

/** DELETE /api/drafts/{id}: only the owner's draft, and only while it is a draft. */
export async function deleteDraft(store: Store, userId: string, jobId: string): Promise<void> {
  if (!isUuid(jobId)) throw notFound();
  try {
    await store.entities.jobs
      .delete({ jobId })
      .where((a, o) => `${o.eq(a.status, "draft")} AND ${o.eq(a.customerId, userId)}`)
      .go();
  } catch (e) {
    if (isConditionFailure(e)) throw notFound();
    throw e;
  }
}

function isConditionFailure(e: unknown): boolean {
  const text = `${(e as Error)?.message ?? ""} ${String((e as { cause?: { name?: string } })?.cause?.name ?? "")}`.toLowerCase();
  return text.includes("conditional") || text.includes("transactioncanceled") || text.includes("transaction cancelled");
}

const dims = (b: { x: number; y: number; z: number }) => `${fmt(b.x)} × ${fmt(b.y)} × ${fmt(b.z)} mm`;
const fmt = (n: number) => String(Math.round(n * 10) / 10);

/** Why this printer cannot take this job, in words a customer can act on; null when it can. */
export function printerProblem(
  p: PrinterRecord,
  job: { material: string; filamentColor: string; boundingBox?: { x: number; y: number; z: number } | undefined },
): { code: string; message: string } | null {
  if (!p.isAvailable)
    return { code: "printer_offline", message: `${p.name} is offline and not taking orders right now. Please choose another printer.` };
  if (job.boundingBox && !fitsBuildVolume(job.boundingBox, p)) {
    return {
      code: "too_big_for_printer",
      message: `Your design (${dims(job.boundingBox)}) does not fit ${p.name}'s build volume of ${p.buildVolumeX} × ${p.buildVolumeY} × ${p.buildVolumeZ} mm. Please choose a larger printer or scale the design down.`,
    };
  }
  if (!offersMaterial(p, job.material))
    return { code: "material_not_offered", message: `${p.name} does not print ${job.material}. Please choose a printer that offers it.` };
  if (!hasColorInStock(p, job.filamentColor, job.material)) {
    return {
      code: "color_out_of_stock",
      message: `${p.name} has no ${job.filamentColor} ${job.material} in stock. Please choose another colour or printer.`,
    };
  }
  return null;
}

/**
 * POST /api/submit-order: the customer's draft becomes an order (`draft → submitted`) for a
 * printer that can print it, priced by the server from its own analysis and the printer's
 * price. The status change and the month's order counter are one transaction, conditional on
 * the job still being this customer's draft.
 */
export async function submitOrder(
  store: Store,
  userId: string,
  input: SubmitOrderInput,
): Promise<{ job: JobRecord; printer: PrinterRecord }> {
  const found = await getJob(store, input.draftId);
  if (!found || found.customerId !== userId) throw notFound();
  if (found.status !== "draft") throw new VisibleError("conflict", "already_submitted", "This print has already been submitted.");
  const job = found;
  const transition = planTransition(job.status, "submit", "customer");
  const upload = await ownUpload(store, userId, job.uploadId);
  if (upload.status === "failed") {
    throw new VisibleError(
      "invalid",
      "design_not_analysed",
      `We could not analyse this design, so it cannot be ordered: ${upload.error?.message ?? "the file could not be read."} Please upload a repaired file.`,
    );
  }
  const printer = await findPrinter(store, input.printerId);
  const quote = quoteUpload(
    upload,
    { material: job.material, printSettings: job.printSettings, deliveryMethod: input.deliveryMethod },
    printer,
  );
  const problem = printerProblem(printer, { material: job.material, filamentColor: input.filamentColor, boundingBox: quote.boundingBox });
  if (problem) throw new VisibleError("conflict", problem.code, problem.message);

  const at = now();
  const set = {
    status: transition.to,
    [transition.stamp]: at,
    printerId: printer.printerId,
    orderPrinterId: printer.printerId,
    filamentColor: input.filamentColor,
    deliveryMethod: input.deliveryMethod,
    estimatedWeight: quote.estimatedWeight,
    estimatedFromSize: quote.estimatedFromSize,
    printTimeMinutes: quote.printTimeMinutes,
    numberOfColors: quote.numberOfColors,
    printSettings: { ...job.printSettings, numberOfColors: quote.numberOfColors, printTimeMinutes: quote.printTimeMinutes },
    pricing: storedPricing(quote.pricing),
    updatedAt: at,
    ...(quote.boundingBox ? { boundingBox: quote.boundingBox } : {}),
    ...(input.specialInstructions?.trim() ? { specialInstructions: input.specialInstructions.trim() } : {}),
  } as const;
  try {
    await store.service.transaction
      .write(({ jobs, counters }) => [
        jobs
          .patch({ jobId: job.jobId })
          .set(set as never)
          .where((a, o) => `${o.eq(a.status, transition.from)} AND ${o.eq(a.customerId, userId)}`)
          .commit(),
        counters
          .update({ name: monthCounter(new Date(at)) })
          .add({ value: 1 })
          .commit(),
      ])
      .go();
  } catch (e) {
    if (isConditionFailure(e)) throw new VisibleError("conflict", "already_submitted", "This print has already been submitted.");
    throw e;
  }
  const updated = (await store.entities.jobs.get({ jobId: job.jobId }).go({ consistent: true })).data;
  return { job: updated ?? ({ ...job, ...set } as JobRecord), printer };
}

/** A job (order) for its customer or the chosen printer's owner; anyone else gets a 404. */
export async function getPrintJob(store: Store, userId: string, jobId: string): Promise<{ job: JobRecord; printer: PrinterRecord | null }> {
  const job = await getJob(store, jobId);
  if (!job) throw new VisibleError("not_found", "order_not_found", "We could not find that order.");
  const printer = job.printerId ? (await store.entities.printers.get({ printerId: job.printerId }).go()).data : null;
  const isCustomer = job.customerId === userId;
  const isOwner = !!printer && printer.ownerId === userId && job.status !== "draft";
  if (!isCustomer && !isOwner) throw new VisibleError("not_found", "order_not_found", "We could not find that order.");
  return { job, printer };
}

export interface PrinterSummary {
  id: string;
  name: string;
  model: string;
  location: string;
  pricePerGram: number;
  owner: { username: string; firstName: string | null; lastName: string | null } | null;
}

/** A job as the API shows it (spec 1 §3 Draft, spec 2 §3 Print job). Money: cents + decimal strings. */
export function presentJob(job: JobRecord, printer?: PrinterSummary | null) {
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
    boundingBox: job.boundingBox?.x !== undefined ? job.boundingBox : null,
    pricing: {
      ...p,
      materialCost: centsToDecimal(p.materialCostCents),
      basePrintCost: centsToDecimal(p.basePrintCostCents),
      platformFee: centsToDecimal(p.platformFeeCents),
      printerProfit: centsToDecimal(p.printerProfitCents),
      customerPays: centsToDecimal(p.customerPaysCents),
      deliveryFee: centsToDecimal(p.deliveryFeeCents),
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

export type PresentedJob = ReturnType<typeof presentJob>;

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
