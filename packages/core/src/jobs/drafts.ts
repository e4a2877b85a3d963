import { randomUUID } from "node:crypto";
import { z } from "zod";
import { isConditionFailure } from "../db/conditional.ts";
import type { Store } from "../db/store.ts";
import { writeTransaction } from "../db/transact.ts";
import { giveBackHolding, takeHolding } from "../limits/holdings.ts";
import { SAVED_PRINTS } from "../limits/rules.ts";
import { draftActive, draftListKey } from "../orders/active-index.ts";
import { keyPage, type Page, type PageAsk } from "../paging/page.ts";
import type { PrinterRecord } from "../printers/present.ts";
import { fail } from "../shared/errors.ts";
import { choiceOf, choicesFromInput, chosenSettings, ownUploads, type PartChoice, partsOf, priceProject, projectFields } from "./parts.ts";
import { findPrinter, getJob, type JobRecord, now } from "./records.ts";
import type { SaveDraftInput, UpdateDraftInput } from "./schemas.ts";

/**
 * Saved prints (drafts): a customer's uploads with their settings, priced by the server. Private:
 * another user's draft answers the same 404 as a missing one, for every call (DECISIONS.md).
 * A draft is a project of one or more parts (issue 22; jobs/parts.ts).
 */

type DraftInput = SaveDraftInput | UpdateDraftInput;

/**
 * The parts the form asks for: its `parts`; else, on a saved print, its parts with the first one's
 * file (when `uploadId` replaces it) and settings from the form's own fields; else the form's one upload.
 */
function partChoices(input: DraftInput, current: JobRecord | null): PartChoice[] {
  if (input.parts) return choicesFromInput(input.parts, input);
  const first = {
    material: input.material,
    filamentColor: input.filamentColor,
    settings: chosenSettings(input.printSettings),
  };
  if (current) {
    const [head, ...rest] = partsOf(current).map(choiceOf);
    return [{ ...head!, ...first, uploadId: input.uploadId ?? head!.uploadId }, ...rest];
  }
  return [{ uploadId: input.uploadId!, quantity: 1, ...first }];
}

/** What a draft takes from its uploads and the customer's settings, priced by the server for `printer`. */
async function pricedDraft(store: Store, userId: string, input: DraftInput, current: JobRecord | null, printer: PrinterRecord | null) {
  const choices = partChoices(input, current);
  const uploads = await ownUploads(store, userId, choices);
  const specialInstructions = input.specialInstructions?.trim();
  return {
    ...projectFields(priceProject(choices, uploads, input.deliveryMethod, printer)),
    deliveryMethod: input.deliveryMethod,
    ...(specialInstructions ? { specialInstructions } : {}),
  };
}

/** The chosen printer id from the input: "" and null clear it. */
const chosenPrinter = (p: SaveDraftInput["printerId"]) => (p === undefined ? undefined : p === null || p === "" ? null : p);

/**
 * POST /api/save-draft (and /api/upload-design): a new saved print from the customer's upload(s), priced by the server.
 * `clock` dates it (local mode's demo story saves its prints in the past; the API passes none).
 */
export async function saveDraft(store: Store, userId: string, input: SaveDraftInput, clock?: () => Date): Promise<JobRecord> {
  const printerId = chosenPrinter(input.printerId) ?? null;
  const printer = printerId ? await findPrinter(store, printerId) : null;
  return createDraft(store, userId, printerId, await pricedDraft(store, userId, input, null, printer), clock);
}

/** A new saved print of these priced fields, for `printerId` when one is chosen (dated by `clock` when given). */
export async function createDraft(
  store: Store,
  userId: string,
  printerId: string | null,
  fields: Awaited<ReturnType<typeof pricedDraft>>,
  clock?: () => Date,
): Promise<JobRecord> {
  const at = clock ? clock().toISOString() : now();
  const record = {
    jobId: randomUUID(),
    customerId: userId,
    ...(printerId ? { printerId } : {}),
    ...fields,
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

/** PUT /api/drafts/{id}: change the settings, the files or the parts (add one, remove one) of one's own draft, re-priced. */
export async function updateDraft(store: Store, userId: string, jobId: string, input: UpdateDraftInput): Promise<JobRecord> {
  const job = await getOwnDraft(store, userId, jobId);
  const chosen = chosenPrinter(input.printerId);
  const printerId = chosen === undefined ? (job.printerId ?? null) : chosen;
  const printer = printerId ? await findPrinter(store, printerId) : null;
  const set = {
    ...(await pricedDraft(store, userId, input, job, printer)),
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

/** Where a page of saved prints ended: the last draft's place in the list (`activeAt`, its time and id). */
const draftPosition = z.strictObject({ a: z.string().max(120) });

/**
 * GET /api/users/{id}/drafts: one's saved prints, newest first, a page at a time (issue 23). Read
 * from the sparse index of drafts (byActive, `draft:{customerId}`, orders/active-index.ts), so a
 * customer's orders are never read to find them.
 */
export async function listDrafts(store: Store, userId: string, ask: PageAsk): Promise<Page<JobRecord>> {
  return keyPage(
    ask,
    `drafts:${userId}`,
    draftPosition,
    async (after, n) => {
      const q = store.entities.jobs.query.byActive({ activeKey: draftListKey(userId) });
      const ranged = after ? q.lt({ activeAt: after.a }) : q;
      return (await ranged.go({ order: "desc", limit: n })).data;
    },
    (j) => ({ a: j.activeAt ?? "" }),
  );
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
