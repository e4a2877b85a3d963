import {
  decideVerification,
  type EventPublisher,
  type PrinterRecord,
  type StaffActor,
  type Store,
  submitVerification,
  TEST_DIMENSIONS,
  type VerificationRecord,
} from "@printhood/core";
import { testPiecePhoto } from "./demo/photos.ts";
import { uploadDemoPhoto } from "./demo/uploads.ts";

/**
 * The quality test as the demo data (and the browser journeys) take it: through the product's own
 * path. The owner's two photos are sent as the browser sends them and processed by the real S3-event
 * handler (demo/uploads.ts; the seed waits for it); the measurements go through `submitVerification`
 * and staff's approval through `decideVerification` (with its audit line). Only the e-mail is left out: demo history is not news.
 */

/** What the demo owners measured: a few hundredths off nominal, as real prints are. */
const DEMO_OFFSETS_MM = [0.04, -0.06, 0.08, -0.02, 0.05, -0.07, -0.1, 0.12];

/** Seeded decisions tell nobody (a fresh `npm start` must not mail the demo owners about their demo printers). */
const HISTORY: EventPublisher = { publish: async () => undefined };

/** The owner sends the test piece's measurements and two photos (the printer then awaits review). */
export async function sendQualityTest(store: Store, printer: PrinterRecord): Promise<VerificationRecord> {
  const photoIds: string[] = [];
  for (const view of ["top", "side"] as const) {
    const bytes = await testPiecePhoto(view);
    photoIds.push(await uploadDemoPhoto(store, printer.ownerId, bytes, { fileName: `test-piece-${view}.jpg`, purpose: "verification" }));
  }
  const measurements = Object.fromEntries(
    TEST_DIMENSIONS.map((d, i) => [d.key, Math.round((d.nominalMm + (DEMO_OFFSETS_MM[i] ?? 0)) * 100) / 100]),
  ) as Parameters<typeof submitVerification>[3]["measurements"];
  return (await submitVerification(store, printer.ownerId, printer.printerId, { photoIds, measurements })).verification;
}

/** Staff approve the attempt under review. */
export async function approveQualityTest(store: Store, staff: StaffActor, verificationId: string): Promise<void> {
  await decideVerification({ store, events: HISTORY }, staff, verificationId, {
    decision: "approve",
    note: "Every dimension within tolerance; clean first layer and sharp step edges.",
  });
}

/**
 * A printer through the whole quality test (whatever is left of it): sent if not yet, then approved.
 * The demo seed uses it for every listed demo printer; journeys use it for a printer they add.
 * False when it had passed already (nothing done).
 */
export async function passQualityTest(store: Store, staff: StaffActor, printerId: string): Promise<boolean> {
  const printer = (await store.entities.printers.get({ printerId }).go({ consistent: true })).data;
  if (!printer) throw new Error(`no printer ${printerId}`);
  if (printer.verification === "verified") return false;
  const pending =
    printer.verification === "awaiting_review" && printer.latestVerificationId
      ? printer.latestVerificationId
      : (await sendQualityTest(store, printer)).verificationId;
  await approveQualityTest(store, staff, pending);
  return true;
}
