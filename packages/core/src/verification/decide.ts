import type { Store } from "../db/store.ts";
import { writeTransaction } from "../db/transact.ts";
import { type EventPublisher, publishAfterWrite } from "../events/publisher.ts";
import { DETAIL_TYPES } from "../events/rules.ts";
import { isUuid } from "../jobs/records.ts";
import { listingAsRead, listingCounterItems, listingDeltas, withPlace } from "../printers/listing-index.ts";
import { fail } from "../shared/errors.ts";
import { recordStaffAction, type StaffActor } from "../staff/audit.ts";
import type { VerificationDecisionInput } from "./schemas.ts";
import type { VerificationRecord } from "./submit.ts";

/** `printer.verification_decided`: published once staff's decision is written (the owner is told by e-mail and the bell). */
export interface VerificationDecided {
  verificationId: string;
  printerId: string;
  ownerId: string;
  printerName: string;
  decision: "approve" | "retry";
  note: string | null;
  at: string;
}

export async function getVerification(store: Store, verificationId: string): Promise<VerificationRecord | null> {
  if (!isUuid(verificationId)) return null;
  return (await store.entities.verifications.get({ verificationId }).go({ consistent: true })).data;
}

/**
 * Staff's decision on a pending attempt (POST /api/staff/verifications/{id}): `approve` makes the
 * printer verified (listed, taking orders); `retry` asks for a new attempt and must say what to
 * change. One transaction: the attempt (conditional on still pending, so two staff deciding at once
 * cannot both win), the printer (conditional on this being its attempt under review) and the staff
 * audit line (who, when, which printer, why). The owner is told after the write (architecture rule 6).
 */
export async function decideVerification(
  deps: { store: Store; events: EventPublisher; clock?: () => Date },
  staff: StaffActor,
  verificationId: string,
  input: VerificationDecisionInput,
): Promise<VerificationRecord> {
  const { store } = deps;
  const verification = await getVerification(store, verificationId);
  if (!verification) throw fail("verification_not_found");
  if (verification.status !== "pending") throw fail("verification_decided");
  const note = input.note?.trim() || undefined;
  if (input.decision === "retry" && !note) throw fail("retry_note_required");
  const approve = input.decision === "approve";
  const at = (deps.clock?.() ?? new Date()).toISOString();
  const status = approve ? ("approved" as const) : ("retry" as const);
  const { data: printer } = await store.entities.printers.get({ printerId: verification.printerId }).go();
  if (!printer) throw fail("printer_not_found");
  const printerName = printer.name;

  // An approved printer becomes listed: it enters the finder's indexes and counters in the same
  // transaction, conditional on the listing state they were counted from (printers/listing-index.ts).
  const after = { ...printer, verification: approve ? ("verified" as const) : ("retry_requested" as const) };
  const outcome = await writeTransaction(store, (entities) => [
    entities.verifications
      .patch({ verificationId })
      .set({ status, decidedAt: at, decidedBy: staff.id, ...(note ? { note } : {}) })
      .where((a, op) => op.eq(a.status, "pending"))
      .commit(),
    withPlace(entities.printers.patch({ printerId: verification.printerId }), after)
      .set(approve ? { verification: "verified", verifiedAt: at } : { verification: "retry_requested" })
      .where(
        (a, op) =>
          `${op.eq(a.latestVerificationId, verificationId)} AND ${op.eq(a.verification, "awaiting_review")} AND ${listingAsRead(a, op, printer)}`,
      )
      .commit(),
    ...listingCounterItems(entities, listingDeltas([{ before: printer, after }])),
    recordStaffAction(entities, {
      staff,
      action: approve ? "verification.approve" : "verification.retry",
      target: { kind: "verification", id: verificationId, label: `${printerName}, attempt ${verification.attempt}` },
      reason: note ?? "Quality test approved.",
      details: {
        printerId: verification.printerId,
        allWithinTolerance: verification.allWithinTolerance,
        outsideTolerance: verification.results.filter((r) => !r.withinTolerance).map((r) => r.key),
      },
      at,
    }),
  ]);
  if (!outcome.ok) {
    if (outcome.failedItems.includes(1) && !outcome.failedItems.includes(0)) throw fail("printer_not_found");
    throw fail("verification_decided");
  }

  const decided: VerificationDecided = {
    verificationId,
    printerId: verification.printerId,
    ownerId: verification.ownerId,
    printerName,
    decision: input.decision,
    note: note ?? null,
    at,
  };
  await publishAfterWrite(deps.events, DETAIL_TYPES.verificationDecided, { ...decided });
  return { ...verification, status, decidedAt: at, decidedBy: staff.id, ...(note ? { note } : {}) };
}
