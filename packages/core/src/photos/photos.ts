import { randomUUID } from "node:crypto";
import type { EntityItem } from "electrodb";
import { z } from "zod";
import { writtenIf } from "../db/conditional.ts";
import type { PhotoEntity } from "../db/entities/photo.ts";
import type { Store } from "../db/store.ts";
import { isUuid } from "../jobs/records.ts";
import { reserve } from "../limits/rate-limit.ts";
import { PHOTOS_PER_DAY } from "../limits/rules.ts";
import { fail } from "../shared/errors.ts";
import { PHOTO_PURPOSES, type PhotoContentType, photoProblemCode } from "../shared/photos.ts";
import { displayFileName } from "../shared/uploads.ts";
import { newEmailToken } from "./email-link.ts";

export type PhotoRecord = EntityItem<typeof PhotoEntity>;

/** Where the presigned form writes originals (the S3 notification and local mode's events watch this prefix). */
export const PHOTOS_PREFIX = "photos/";
/** Where the processing keeps what it made; the form's policy pins its key under `photos/`, so no form writes here. */
export const PHOTOS_READY_PREFIX = "photos-ready/";

export const newPhotoInput = z
  .strictObject({
    fileName: z.string({ error: "File name is required." }).min(1, "File name is required.").max(255, "File name is too long."),
    size: z.number({ error: "File size is required." }).int("File size must be a whole number of bytes."),
    contentType: z.string({ error: "Content type is required." }).max(100, "Content type is too long."),
    purpose: z.enum(PHOTO_PURPOSES, { error: `Purpose must be one of: ${PHOTO_PURPOSES.join(", ")}.` }),
  })
  .meta({ id: "NewPhoto" });

/**
 * Register a photo before the browser sends it (POST /api/photos). The declared type and size are
 * checked here to refuse early; the stored bytes are checked again, by their magic number, when they
 * are processed. The key is ours (`photos/{userId}/{photoId}`): the file name never reaches S3.
 * At most PHOTOS_PER_DAY per account (429 with Retry-After), counted before anything is signed.
 */
export async function createPhoto(store: Store, userId: string, input: z.infer<typeof newPhotoInput>): Promise<PhotoRecord> {
  const problem = photoProblemCode(input.contentType, input.size);
  if (problem) throw fail(problem);
  await reserve(store, PHOTOS_PER_DAY, userId);
  const photoId = randomUUID();
  const record = {
    photoId,
    userId,
    purpose: input.purpose,
    fileName: displayFileName(input.fileName),
    objectKey: `${PHOTOS_PREFIX}${userId}/${photoId}`,
    declaredType: input.contentType.trim().toLowerCase() as PhotoContentType,
    declaredSize: input.size,
    status: "pending" as const,
    emailToken: newEmailToken(),
    createdAt: new Date().toISOString(),
  };
  await store.entities.photos.create(record).go();
  return record;
}

/** Parse `photos/{userId}/{photoId}` back into its parts (null for any other key). */
export function parsePhotoKey(key: string): { userId: string; photoId: string } | null {
  const m = /^photos\/([0-9a-f-]{36})\/([0-9a-f-]{36})$/.exec(key);
  return m ? { userId: m[1]!, photoId: m[2]! } : null;
}

/** Where a photo's processed image and thumbnail are kept. */
export function readyKeys(photo: Pick<PhotoRecord, "userId" | "photoId">) {
  const base = `${PHOTOS_READY_PREFIX}${photo.userId}/${photo.photoId}`;
  return { imageKey: `${base}/image.jpg`, thumbnailKey: `${base}/thumbnail.jpg` };
}

export async function getPhoto(store: Store, photoId: string): Promise<PhotoRecord | null> {
  if (!isUuid(photoId)) return null;
  return (await store.entities.photos.get({ photoId }).go({ consistent: true })).data;
}

export interface ProcessedPhoto {
  sourceType: string;
  size: number;
  width: number;
  height: number;
  thumbnailWidth: number;
  thumbnailHeight: number;
}

/**
 * Store the processing's result or its error, once: conditional on `pending`, so a repeated S3
 * event (they arrive at least once), or a second post through the same form, cannot replace a
 * finished photo. False when another delivery finished it first.
 */
export async function finishPhoto(
  store: Store,
  photo: Pick<PhotoRecord, "photoId" | "userId">,
  outcome: { ready: ProcessedPhoto } | { error: { code: string; message: string } },
): Promise<boolean> {
  const at = new Date().toISOString();
  const set =
    "ready" in outcome
      ? { status: "ready" as const, processedAt: at, ...readyKeys(photo), ...outcome.ready }
      : { status: "failed" as const, processedAt: at, error: outcome.error };
  return writtenIf(() =>
    store.entities.photos
      .patch({ photoId: photo.photoId })
      .set(set)
      .where((a, op) => op.eq(a.status, "pending"))
      .go(),
  );
}
