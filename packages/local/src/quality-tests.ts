import {
  createPhoto,
  decideVerification,
  type EventPublisher,
  getPhoto,
  type PrinterRecord,
  type StaffActor,
  type Store,
  submitVerification,
  TEST_DIMENSIONS,
  type VerificationRecord,
} from "@printhood/core";
import { putImageObject } from "@printhood/functions/lib/s3";
import sharp from "sharp";
import { BUCKET_NAME } from "./stack.ts";

/**
 * The quality test as the demo data (and the browser journeys) take it: through the product's own
 * path. The owner's two photos are registered with `createPhoto`, written to the bucket's `photos/`
 * key like the browser's presigned POST, and processed by the real S3-event handler (the seed waits
 * for it); the measurements go through `submitVerification` and staff's approval through
 * `decideVerification` (with its audit line). Only the e-mail is left out: demo history is not news.
 */

/** What the demo owners measured: a few hundredths off nominal, as real prints are. */
const DEMO_OFFSETS_MM = [0.04, -0.06, 0.08, -0.02, 0.05, -0.07, -0.1, 0.12];

/** Seeded decisions tell nobody (a fresh `npm start` must not mail the demo owners about their demo printers). */
const HISTORY: EventPublisher = { publish: async () => undefined };

const photoCache = new Map<string, Promise<Uint8Array>>();

/** A drawn photo of the printed test piece on a bench, seen from `view` (JPEG; the same bytes for every demo printer). */
function demoPhoto(view: "top" | "side"): Promise<Uint8Array> {
  let made = photoCache.get(view);
  if (!made) {
    const piece =
      view === "top"
        ? `<rect x="150" y="150" width="500" height="300" fill="#f97316"/><rect x="225" y="200" width="350" height="200" fill="#fb923c"/><rect x="300" y="250" width="200" height="100" fill="#fdba74"/>`
        : `<rect x="150" y="400" width="500" height="40" fill="#f97316"/><rect x="225" y="340" width="350" height="60" fill="#fb923c"/><rect x="300" y="240" width="200" height="100" fill="#fdba74"/>`;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#78716c"/><rect y="440" width="800" height="160" fill="#a8a29e"/>${piece}<text x="400" y="560" font-size="28" text-anchor="middle" fill="#1c1917">Printhood quality test piece (${view})</text></svg>`;
    made = sharp(Buffer.from(svg))
      .jpeg({ quality: 80 })
      .toBuffer()
      .then((b) => new Uint8Array(b));
    photoCache.set(view, made);
  }
  return made;
}

/** A photo uploaded for the owner as the browser does, once the S3 event's processing made it ready. */
async function uploadDemoPhoto(store: Store, userId: string, view: "top" | "side"): Promise<string> {
  const bytes = await demoPhoto(view);
  const photo = await createPhoto(store, userId, {
    fileName: `test-piece-${view}.jpg`,
    size: bytes.length,
    contentType: "image/jpeg",
    purpose: "verification",
  });
  await putImageObject(BUCKET_NAME, photo.objectKey, bytes);
  for (let waited = 0; waited < 60_000; waited += 50) {
    const now = await getPhoto(store, photo.photoId);
    if (now?.status === "ready") return photo.photoId;
    if (now?.status === "failed") throw new Error(`demo photo failed: ${now.error?.message}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the demo photo was not processed within a minute");
}

/** The owner sends the test piece's measurements and two photos (the printer then awaits review). */
export async function sendQualityTest(store: Store, printer: PrinterRecord): Promise<VerificationRecord> {
  const photoIds = [await uploadDemoPhoto(store, printer.ownerId, "top"), await uploadDemoPhoto(store, printer.ownerId, "side")];
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
