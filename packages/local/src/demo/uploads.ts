import {
  createPhoto,
  createUpload,
  getPhoto,
  getUpload,
  MAX_PHOTO_BYTES,
  MAX_UPLOAD_BYTES,
  type PhotoPurpose,
  type Store,
} from "@printhood/core";
import { presignPhoto, presignUpload, s3FileLinks } from "@printhood/functions/lib/s3";
import { BUCKET_NAME } from "../stack.ts";

/**
 * Files sent for the demo data as the browser sends them: registered through core (`createUpload`,
 * `createPhoto`, what POST /api/uploads and /api/photos call), posted to the bucket with the same
 * presigned form, and processed by the real S3-event handlers (the analysis, the photo processing),
 * which these wait for. Used by the quality tests of the demo printers and the demo story.
 */

/** How long a demo file may take to be processed (the machine may be busy with the rest of the start). */
const PROCESSING_MS = 120_000;

/** The presigned form's fields, then the file, as multipart (what the site's upload does). */
async function postForm(presigned: { url: string; fields: Record<string, string> }, bytes: Uint8Array, name: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(presigned.fields)) form.append(k, v);
  form.append("file", new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
  const res = await fetch(presigned.url, { method: "POST", body: form });
  if (res.status >= 300) throw new Error(`the bucket refused ${name}: HTTP ${res.status} ${await res.text()}`);
}

/** Polls until `check` answers a value (the handler finished) or throws when it failed. */
async function waitFor<T>(what: string, check: () => Promise<T | null>): Promise<T> {
  for (let waited = 0; waited < PROCESSING_MS; waited += 50) {
    const done = await check();
    if (done !== null) return done;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} was not processed within ${PROCESSING_MS / 1000} s`);
}

/**
 * One person's demo photos go one at a time, each until its processing has removed the original:
 * s3rver removes a folder a delete leaves empty (`photos/{userId}/`), and a photo written into it at
 * that moment fails (ENOENT, an error its write stream does not handle).
 */
const lanes = new Map<string, Promise<unknown>>();
const bucket = s3FileLinks(BUCKET_NAME);

/** A photo of `userId`'s, ready to attach (its processing done): its id. */
export function uploadDemoPhoto(
  store: Store,
  userId: string,
  bytes: Uint8Array,
  options: { fileName: string; purpose: PhotoPurpose },
): Promise<string> {
  const turn = (lanes.get(userId) ?? Promise.resolve()).catch(() => undefined).then(() => sendPhoto(store, userId, bytes, options));
  lanes.set(userId, turn);
  return turn;
}

async function sendPhoto(store: Store, userId: string, bytes: Uint8Array, options: { fileName: string; purpose: PhotoPurpose }) {
  const photo = await createPhoto(store, userId, {
    fileName: options.fileName,
    size: bytes.length,
    contentType: "image/jpeg",
    purpose: options.purpose,
  });
  await postForm(await presignPhoto(BUCKET_NAME, photo.objectKey, MAX_PHOTO_BYTES, "image/jpeg"), bytes, options.fileName);
  await waitFor(`the demo photo ${options.fileName}`, async () => {
    const now = await getPhoto(store, photo.photoId);
    if (now?.status === "failed") throw new Error(`demo photo ${options.fileName} failed: ${now.error?.message}`);
    return now?.status === "ready" ? true : null;
  });
  // The processing deletes the original last (it may carry the camera's GPS position).
  await waitFor(`the original of ${options.fileName}`, async () => ((await bucket.describe(photo.objectKey)) ? null : true));
  return photo.photoId;
}

/** A design of `userId`'s, analysed and ready to save as a print: its upload id. */
export async function uploadDemoDesign(store: Store, userId: string, fileName: string, bytes: Uint8Array): Promise<string> {
  const upload = await createUpload(store, userId, { fileName, size: bytes.length });
  await postForm(await presignUpload(BUCKET_NAME, upload.objectKey, MAX_UPLOAD_BYTES), bytes, fileName);
  return waitFor(`the demo design ${fileName}`, async () => {
    const now = await getUpload(store, upload.uploadId);
    if (now?.status === "failed") throw new Error(`demo design ${fileName} failed: ${now.error?.message}`);
    return now?.status === "analyzed" ? upload.uploadId : null;
  });
}
