import { TEST_DIMENSIONS } from "@printhood/core";
import type { LocalStack } from "@printhood/local";
import { expect } from "vitest";
import type { TestClient } from "./client.ts";
import { testJpeg, uploadPhoto } from "./photos.ts";
import { staffSignedIn } from "./staff.ts";

/**
 * New printers take orders only once they pass the quality test (issue 21). Tests that list a
 * printer and then use it verify it here, through the real path: its owner sends two photos and the
 * test piece's measurements, and a staff member (signed in with a TOTP code, one per stack) approves.
 */

/** Every dimension of the test piece as measured, nominal plus `offsetMm` (0: a perfect print). */
export const measurements = (offsetMm = 0) =>
  Object.fromEntries(TEST_DIMENSIONS.map((d) => [d.key, Math.round((d.nominalMm + offsetMm) * 100) / 100]));

const staffOf = new WeakMap<LocalStack, Promise<TestClient>>();
/** One staff member per stack, signed in once (a TOTP code is good once per account). */
export function staffClient(stack: LocalStack): Promise<TestClient> {
  let staff = staffOf.get(stack);
  if (!staff) {
    staff = staffSignedIn(stack).then((s) => s.c);
    staffOf.set(stack, staff);
  }
  return staff;
}

let photoBytes: Promise<Uint8Array> | undefined;
/** Two fresh photos of the printed test piece, ready, uploaded by `owner`. */
export async function testPiecePhotos(stack: LocalStack, owner: TestClient): Promise<string[]> {
  photoBytes ??= testJpeg(800, 600, { label: "quality test" });
  const bytes = await photoBytes;
  return [
    await uploadPhoto(stack, owner, bytes, { fileName: "top.jpg" }),
    await uploadPhoto(stack, owner, bytes, { fileName: "side.jpg" }),
  ];
}

/** The owner sends the quality test; answers the attempt's id. */
export async function sendQualityTest(stack: LocalStack, owner: TestClient, printerId: string, offsetMm = 0): Promise<string> {
  const photoIds = await testPiecePhotos(stack, owner);
  const sent = await owner.post(`/api/printers/${printerId}/verification`, { photoIds, measurements: measurements(offsetMm) });
  expect(sent.status, JSON.stringify(sent.json)).toBe(201);
  return sent.json.latest.id as string;
}

/** A printer its owner listed, through the quality test to verified (listed, taking orders). */
export async function verifyPrinter(stack: LocalStack, owner: TestClient, printerId: string): Promise<void> {
  const attempt = await sendQualityTest(stack, owner, printerId);
  const staff = await staffClient(stack);
  const approved = await staff.post(`/api/staff/verifications/${attempt}`, { decision: "approve", note: "Within tolerance." });
  expect(approved.status, JSON.stringify(approved.json)).toBe(200);
  await stack.idle();
}
