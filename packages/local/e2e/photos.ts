import type { APIRequestContext, Locator, Page } from "playwright-core";
import sharp from "sharp";
import { expect } from "vitest";
import type { LocalStack } from "../src/index.ts";
import { activate, tabTo } from "./keyboard.ts";
import { poll } from "./orders.ts";

/**
 * Photos for the journeys (issue 21): phone-like JPEGs (with the phone's GPS position in their
 * EXIF, which the processing strips), and a photo sent through the API as the site's photo field
 * sends it, for the journeys that take an order through its steps by the API (Mark Complete asks
 * for a photo of the finished part).
 */

/** A phone-like photo: a printed part on a bench, `label` written under it, Fort Collins in its EXIF. */
export async function phonePhoto(label: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200"><rect width="100%" height="100%" fill="#57534e"/><rect x="300" y="350" width="1000" height="600" fill="#f97316"/><rect x="450" y="450" width="700" height="400" fill="#fb923c"/><rect x="600" y="550" width="400" height="200" fill="#fdba74"/><text x="800" y="1120" font-size="60" text-anchor="middle" fill="#fafaf9">${label}</text></svg>`;
  return sharp(Buffer.from(svg))
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: "PhoneCo" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "40/1 35/1 1234/100", GPSLongitudeRef: "W", GPSLongitude: "105/1 4/1 4321/100" },
    })
    .toBuffer();
}

/**
 * A photo registered (POST /api/photos) by the person `request` signs in as, sent to S3 with its
 * presigned fields and processed by the photo handler: its id, ready to attach.
 */
export async function uploadedPhoto(
  stack: LocalStack,
  request: APIRequestContext,
  purpose: "completion" | "claim",
  label = "finished part",
): Promise<string> {
  const bytes = await phonePhoto(label);
  const fileName = `${purpose}.jpg`;
  const res = await request.post(`${stack.url}/api/photos`, {
    headers: { origin: stack.url },
    data: { fileName, size: bytes.length, contentType: "image/jpeg", purpose },
  });
  expect(res.status(), await res.text()).toBe(201);
  const presigned = (await res.json()) as { photoId: string; url: string; fields: Record<string, string> };
  const form = new FormData();
  for (const [k, v] of Object.entries(presigned.fields)) form.append(k, v);
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), fileName);
  expect((await fetch(presigned.url, { method: "POST", body: form })).status).toBeLessThan(300);
  await stack.idle(); // the S3 event's processing
  await poll(async () => {
    const photo = await request.get(`${stack.url}/api/photos/${presigned.photoId}`);
    return ((await photo.json()) as { status: string }).status;
  }).toBe("ready");
  return presigned.photoId;
}

/**
 * One of the owner's steps on an order through the API (PUT /api/print-jobs/{id}), as the site
 * sends it: Mark Complete carries a photo of the finished part. Throws with the answer on a refusal.
 */
export async function ownerStepByApi(stack: LocalStack, request: APIRequestContext, orderId: string, body: Record<string, unknown>) {
  const withPhoto = body.status === "completed" ? { ...body, photoIds: [await uploadedPhoto(stack, request, "completion")] } : body;
  const res = await request.put(`${stack.url}/api/print-jobs/${orderId}`, { headers: { origin: stack.url }, data: withPhoto });
  if (!res.ok()) throw new Error(`PUT /api/print-jobs/${orderId} ${JSON.stringify(body)} answered ${res.status()}: ${await res.text()}`);
  return res.json();
}

/**
 * Mark Complete in the browser (issue 21 point 3): `opener` opens the dialog, a photo of the
 * finished part is added and processed, and the dialog's Mark Complete sends it. With `keyboard`,
 * every step is a key press: Tab to each control, Space on the photo field opens the file chooser.
 */
export async function markComplete(page: Page, opener: Locator, { keyboard = false, label = "finished part" } = {}): Promise<void> {
  if (keyboard) await activate(page, opener);
  else await opener.click();
  const dialog = page.getByRole("dialog", { name: "Mark Complete" });
  await poll(() => dialog.count()).toBe(1);
  const file = { name: "finished.jpg", mimeType: "image/jpeg", buffer: await phonePhoto(label) };
  const field = dialog.getByLabel("Photos of the finished part");
  if (keyboard) {
    await tabTo(page, field);
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.keyboard.press("Space")]);
    await chooser.setFiles(file);
  } else await field.setInputFiles(file);
  await poll(() => dialog.getByTestId("photo-tile").getByText("Ready", { exact: true }).count()).toBe(1);
  const send = dialog.getByRole("button", { name: "Mark Complete" });
  if (keyboard) await activate(page, send);
  else await send.click();
  await poll(() => dialog.count()).toBe(0);
}
