import { randomUUID } from "node:crypto";
import { isConditionFailure } from "../db/conditional.ts";
import type { Store } from "../db/store.ts";
import { writeTransaction } from "../db/transact.ts";
import { giveBackHolding, takeHolding } from "../limits/holdings.ts";
import { SAVED_PRINTS } from "../limits/rules.ts";
import { draftActive } from "../orders/active-index.ts";
import type { PrinterRecord } from "../printers/present.ts";
import { fail } from "../shared/errors.ts";
import { displayFileName } from "../shared/uploads.ts";
import { quoteUpload, storedPricing } from "./quote.ts";
import { findPrinter, getJob, type JobRecord, type JobSettings, now, ownUpload, type UploadRecord } from "./records.ts";
import type { SaveDraftInput, UpdateDraftInput } from "./schemas.ts";

/**
 * Saved prints (drafts): a customer's upload with their settings, priced by the server. Private:
 * another user's draft answers the same 404 as a missing one, for every call (DECISIONS.md).
 */

type DraftInput = SaveDraftInput | UpdateDraftInput;

/** What a draft takes from its upload and the customer's settings, priced by the server for `printer`. */
function pricedDraft(upload: UploadRecord, input: DraftInput, printer: PrinterRecord | null) {
  const settings = {
    quality: input.printSettings.quality,
    infill: input.printSettings.infill,
    supports: input.printSettings.supports,
    scale: input.printSettings.scale ?? 1,
  };
  const quote = quoteUpload(upload, { material: input.material, deliveryMethod: input.deliveryMethod, printSettings: settings }, printer);
  const printSettings: JobSettings = { ...settings, numberOfColors: quote.numberOfColors, printTimeMinutes: quote.printTimeMinutes };
  const specialInstructions = input.specialInstructions?.trim();
  return {
    uploadId: upload.uploadId,
    // Names stored before the normalisation (shared/text.ts) are normalised as a draft takes them.
    fileName: displayFileName(upload.fileName),
    fileSize: upload.size ?? upload.declaredSize,
    fileFormat: upload.format,
    material: input.material,
    filamentColor: input.filamentColor,
    printSettings,
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

/**
 * POST /api/save-draft (and /api/upload-design): a new saved print from the customer's upload, priced by the server.
 * `clock` dates it (local mode's demo story saves its prints in the past; the API passes none).
 */
export async function saveDraft(store: Store, userId: string, input: SaveDraftInput, clock?: () => Date): Promise<JobRecord> {
  const upload = await ownUpload(store, userId, input.uploadId);
  const printerId = chosenPrinter(input.printerId) ?? null;
  const printer = printerId ? await findPrinter(store, printerId) : null;
  const at = clock ? clock().toISOString() : now();
  const record = {
    jobId: randomUUID(),
    customerId: userId,
    ...(printerId ? { printerId } : {}),
    ...pricedDraft(upload, input, printer),
    status: "draft" as const,
    countedDraft: true,
    createdAt: at,
    updatedAt: at,
  };
  // In the customer's Saved Prints list (byActive) while it is a draft (orders/active-index.ts).
  Object.assign(record, draftActive(userId, at, record.jobId));
  // The draft and its slot among the customer's SAVED_PRINTS in one transaction: parallel saves
  // at the limit cannot overshoot, and a failed save takes no slot.
  const outcome = await writeTransaction(store, (entities) => [
    entities.jobs.create(record).commit(),
    takeHolding(entities, SAVED_PRINTS, userId),
  ]);
  if (!outcome.ok) throw outcome.failedItems.includes(1) ? fail(SAVED_PRINTS.name) : new Error("draft not created");
  return record as JobRecord;
}

/** A draft as its owner sees it; anyone else (or a submitted job) gets the same 404 as a missing one. */
export async function getOwnDraft(store: Store, userId: string, jobId: string): Promise<JobRecord> {
  const job = await getJob(store, jobId);
  if (!job || job.customerId !== userId || job.status !== "draft") throw fail("draft_not_found");
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
    // Conditional: submitted or deleted meanwhile (or not theirs) answers as a missing draft.
    await op.where((a, o) => `${o.eq(a.status, "draft")} AND ${o.eq(a.customerId, userId)}`).go();
  } catch (e) {
    if (isConditionFailure(e)) throw fail("draft_not_found");
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
  const job = await getOwnDraft(store, userId, jobId);
  // Conditional on still being this customer's draft; its slot is given back in the same transaction.
  const outcome = await writeTransaction(store, (entities) => [
    entities.jobs
      .delete({ jobId })
      .where((a, o) => `${o.eq(a.status, "draft")} AND ${o.eq(a.customerId, userId)}`)
      .commit(),
    ...(job.countedDraft ? [giveBackHolding(entities, SAVED_PRINTS, userId)] : []),
  ]);
  if (!outcome.ok) throw fail("draft_not_found");
}
