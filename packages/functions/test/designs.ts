import { DEMO_OWNERS, type LocalStack } from "@printhood/local";
import { expect } from "vitest";
import { newUser, TestClient } from "./client.ts";
import { boxStl } from "./stl.ts";

export async function signedIn(stack: LocalStack) {
  const c = new TestClient(stack.url);
  const res = await c.post("/api/register", newUser());
  expect(res.status).toBe(201);
  return { c, me: res.json as { id: string; username: string } };
}

/** Send the file as the browser does: the presigned fields, then the file, as multipart. */
export async function postToS3(presigned: { url: string; fields: Record<string, string> }, bytes: Uint8Array, name: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(presigned.fields)) form.append(k, v);
  form.append("file", new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
  const res = await fetch(presigned.url, { method: "POST", body: form });
  expect(res.status).toBeLessThan(300);
}

/** Upload a design through the real presigned POST and wait for the S3-event analysis. */
export async function uploadDesign(
  stack: LocalStack,
  c: TestClient,
  bytes: Uint8Array = boxStl(40, 30, 20),
  name = "box.stl",
): Promise<string> {
  const res = await c.post("/api/uploads", { fileName: name, size: bytes.length });
  expect(res.status).toBe(201);
  await postToS3(res.json, bytes, name);
  await stack.idle();
  return res.json.uploadId as string;
}

export const settings = { quality: 0.2, infill: 20, supports: "auto" } as const;

export function draftBody(uploadId: string, over: Record<string, unknown> = {}) {
  return {
    uploadId,
    material: "PLA",
    filamentColor: "Black",
    deliveryMethod: "pickup",
    specialInstructions: "",
    printSettings: { ...settings, numberOfColors: 1, printTimeMinutes: 60 },
    estimatedWeight: 12,
    totalCost: "6.60",
    status: "draft",
    ...over,
  };
}

/** A seeded printer by name (seedDemoData), among its demo owner's printers. */
export async function printerNamed(stack: LocalStack, name: string) {
  const owner = DEMO_OWNERS.find((o) => o.printers.some((p) => p.name === name) || o.awaitingReview?.name === name);
  if (!owner) throw new Error(`no demo owner has a printer ${name}`);
  const { data: reservation } = await stack.store.entities.uniques.get({ kind: "email", value: owner.email.toLowerCase() }).go();
  if (!reservation) throw new Error(`no seeded owner ${owner.email}`);
  const { data } = await stack.store.entities.printers.query.byOwner({ ownerId: reservation.userId }).go({ pages: "all" });
  const p = data.find((x) => x.name === name);
  if (!p) throw new Error(`no seeded printer ${name}`);
  return p;
}
