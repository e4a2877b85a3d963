import { randomUUID } from "node:crypto";
import type { EntityItem } from "electrodb";
import type { VerificationEntity } from "../db/entities/verification.ts";
import type { Store } from "../db/store.ts";
import { writeTransaction } from "../db/transact.ts";
import { findPrinter } from "../jobs/records.ts";
import { claimPhotos } from "../photos/claim.ts";
import type { PrinterRecord } from "../printers/present.ts";
import { fail } from "../shared/errors.ts";
import { judgeMeasurements, QUALITY_TEST, type VerificationState } from "../shared/quality-test.ts";
import type { VerificationInput } from "./schemas.ts";

export type VerificationRecord = EntityItem<typeof VerificationEntity>;

/** A printer's state with its test; stored before the test existed means it has not passed it. */
export const verificationStateOf = (p: Pick<PrinterRecord, "verification">): VerificationState => p.verification ?? "awaiting_test";

/** The states from which an owner may send an attempt. */
const MAY_SUBMIT: VerificationState[] = ["awaiting_test", "retry_requested"];

function refuseState(state: VerificationState): never {
  throw state === "verified" ? fail("printer_already_verified") : fail("verification_under_review");
}

/**
 * POST /api/printers/{id}/verification: the owner sends the printed test piece's measurements and
 * photos. Each measurement is judged against its nominal size (shared/quality-test.ts) and stored as
 * judged; the attempt waits for staff. One transaction creates the attempt, moves the printer to
 * `awaiting_review` (conditional on its owner and on a state that allows an attempt, so a second
 * attempt racing the first cannot both land) and attaches the photos (each conditional on being free).
 */
export async function submitVerification(
  store: Store,
  ownerId: string,
  printerRef: string,
  input: VerificationInput,
  clock: () => Date = () => new Date(),
): Promise<{ verification: VerificationRecord; printer: PrinterRecord }> {
  const printer = await findPrinter(store, printerRef);
  if (printer.ownerId !== ownerId) throw fail("not_your_printer");
  const state = verificationStateOf(printer);
  if (!MAY_SUBMIT.includes(state)) refuseState(state);

  const { results, allWithinTolerance } = judgeMeasurements(input.measurements);
  const previous = await store.entities.verifications.query
    .byPrinter({ printerId: printer.printerId })
    .go({ pages: "all", attributes: ["verificationId"] });
  const verificationId = randomUUID();
  const photos = await claimPhotos(store, {
    photoIds: input.photoIds,
    ownerUserId: ownerId,
    purpose: "verification",
    link: { kind: "printer", id: printer.printerId, subject: verificationId },
    min: QUALITY_TEST.minimumPhotos,
  });
  const record: VerificationRecord = {
    verificationId,
    printerId: printer.printerId,
    ownerId,
    attempt: previous.data.length + 1,
    status: "pending",
    photoIds: photos.photoIds,
    results,
    allWithinTolerance,
    submittedAt: clock().toISOString(),
  };
  const outcome = await writeTransaction(store, (entities) => [
    entities.verifications.create(record).commit(),
    entities.printers
      .patch({ printerId: printer.printerId })
      .set({ verification: "awaiting_review", latestVerificationId: verificationId })
      .where(
        (a, op) =>
          `${op.eq(a.ownerId, ownerId)} AND (${op.notExists(a.verification)} OR ${MAY_SUBMIT.map((s) => op.eq(a.verification, s)).join(" OR ")})`,
      )
      .commit(),
    ...photos.items(entities),
  ]);
  if (!outcome.ok) {
    photos.check(outcome.failedItems, 2);
    // The printer moved meanwhile (another attempt landed, or it was deleted): say where it is now.
    const now = (await store.entities.printers.get({ printerId: printer.printerId }).go({ consistent: true })).data;
    if (!now) throw fail("printer_not_found");
    const nowState = verificationStateOf(now);
    refuseState(MAY_SUBMIT.includes(nowState) ? "awaiting_review" : nowState);
  }
  return { verification: record, printer: { ...printer, verification: "awaiting_review", latestVerificationId: verificationId } };
}
