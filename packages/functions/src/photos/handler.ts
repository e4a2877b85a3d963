import {
  createDocumentClient,
  createStore,
  ERRORS,
  finishPhoto,
  getPhoto,
  isVisibleError,
  MAX_PHOTO_BYTES,
  PHOTOS_PREFIX,
  parsePhotoKey,
  readyKeys,
  type Store,
} from "@printhood/core";
import type { S3Event } from "aws-lambda";
import { perEnvironment } from "../lib/env.ts";
import { deleteObject, objectSize, putImageObject, readObject } from "../lib/s3.ts";
import { processImage } from "./process.ts";

/**
 * Runs on S3's ObjectCreated event for `photos/` (s3rver's event in local mode): reads the original
 * once, checks it by its bytes, makes the processed image and thumbnail (photos/process.ts), stores
 * them under `photos-ready/…` and marks the photo ready (or stores why it failed), then deletes the
 * original, which may carry the camera's GPS position and is never shown. A later write through the
 * same presigned form is deleted too, unread: a photo is processed once.
 */
const getDeps = perEnvironment(() => ({ store: createStore(createDocumentClient(), process.env.TABLE_NAME ?? "") }));

/**
 * The S3-event handler over a store: local mode passes its stack's own (one store fewer to make);
 * Lambda makes one from its environment.
 */
export function createHandler(store?: Store): (event: S3Event) => Promise<void> {
  return async (event) => {
    for (const record of event.Records ?? []) {
      if (!record.eventName?.startsWith("ObjectCreated")) continue;
      const key = decodeURIComponent(record.s3.object.key.replace(/\+/g, " "));
      // S3 notifies only `photos/` in AWS (stacks/Storage.ts); s3rver reports every write, so the filter is here too.
      if (!key.startsWith(PHOTOS_PREFIX)) continue;
      await processPhotoObject(store ? { store } : getDeps(), record.s3.bucket.name, key);
    }
  };
}

/** Lambda entry point. */
export const handler = createHandler();

const failure = (code: keyof typeof ERRORS) => ({ error: { code, message: ERRORS[code].message as string } });

export async function processPhotoObject({ store }: { store: Store }, bucket: string, key: string): Promise<void> {
  const ids = parsePhotoKey(key);
  const photo = ids ? await getPhoto(store, ids.photoId) : null;
  if (!photo || photo.userId !== ids?.userId || photo.objectKey !== key) {
    log("warn", "no photo registered for this key; deleted", { key });
    return deleteObject(bucket, key);
  }
  if (photo.status !== "pending") {
    log("warn", "photo already processed; a later write to its key is deleted unread", { key });
    return deleteObject(bucket, key);
  }

  let outcome: Parameters<typeof finishPhoto>[2];
  try {
    const size = await objectSize(bucket, key);
    if (size > MAX_PHOTO_BYTES) outcome = failure("photo_too_large");
    else if (size === 0) outcome = failure("photo_empty");
    else {
      // From here on only these bytes count: the object may be written again while we work.
      const bytes = await readObject(bucket, key);
      if (bytes.length > MAX_PHOTO_BYTES) outcome = failure("photo_too_large");
      else {
        const processed = await processImage(bytes);
        const { imageKey, thumbnailKey } = readyKeys(photo);
        await putImageObject(bucket, imageKey, processed.image.bytes);
        await putImageObject(bucket, thumbnailKey, processed.thumbnail.bytes);
        outcome = {
          ready: {
            sourceType: processed.sourceType,
            size: processed.image.bytes.length,
            width: processed.image.width,
            height: processed.image.height,
            thumbnailWidth: processed.thumbnail.width,
            thumbnailHeight: processed.thumbnail.height,
          },
        };
      }
    }
  } catch (e) {
    if (!isVisibleError(e)) log("error", "photo processing crashed", { key, error: (e as Error).message });
    outcome = isVisibleError(e) ? { error: { code: e.code, message: e.message } } : failure("photo_unreadable");
  }

  const finished = await finishPhoto(store, photo, outcome);
  if (!finished) log("info", "photo finished by another delivery", { key });
  await deleteObject(bucket, key);
}

function log(level: "info" | "warn" | "error", message: string, data: Record<string, unknown>) {
  console[level === "info" ? "log" : level](JSON.stringify({ level, message, ...data }));
}
