import { z } from "zod";
import type { FileLinks } from "../orders/download.ts";
import { PHOTO_PURPOSES, PHOTO_STATUSES } from "../shared/photos.ts";
import type { PhotoRecord } from "./photos.ts";

/** How long a photo's links work: long enough to show a page, short enough that a copied link dies soon. */
export const PHOTO_LINK_SECONDS = 300;

const imageSchema = z.object({
  url: z.string().meta({ description: `A short-lived link to the JPEG (${PHOTO_LINK_SECONDS} s)` }),
  width: z.number().int(),
  height: z.number().int(),
});

/** A photo as someone allowed to see it sees it: the answer's one definition. */
export const photoSchema = z
  .object({
    id: z.string(),
    purpose: z.enum(PHOTO_PURPOSES),
    status: z.enum(PHOTO_STATUSES).meta({ description: "pending until processed; only a ready photo can be attached" }),
    fileName: z.string(),
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
    image: imageSchema.nullable().meta({ description: "Once ready: the image, at most 2048 px, without metadata" }),
    thumbnail: imageSchema.nullable(),
    expiresAt: z.string().nullable().meta({ description: "When the links stop working" }),
    attached: z.boolean().meta({ description: "Whether it belongs to a quality test, an order or a claim yet" }),
    createdAt: z.string(),
  })
  .meta({ id: "Photo" });
export type PresentedPhoto = z.infer<typeof photoSchema>;

/** The presigned POST answer of POST /api/photos. */
export const presignedPhotoSchema = z
  .object({
    photoId: z.string(),
    url: z.string().meta({ description: "Send the image here as multipart/form-data with `fields` first" }),
    fields: z.record(z.string(), z.string()),
    maxBytes: z.number().int(),
    expiresInSeconds: z.number().int(),
  })
  .meta({ id: "PresignedPhoto" });

export async function presentPhoto(photo: PhotoRecord, links: Pick<FileLinks, "imageUrl">): Promise<PresentedPhoto> {
  const ready = photo.status === "ready" && photo.imageKey && photo.thumbnailKey;
  const [image, thumbnail] = ready
    ? await Promise.all([links.imageUrl(photo.imageKey!, PHOTO_LINK_SECONDS), links.imageUrl(photo.thumbnailKey!, PHOTO_LINK_SECONDS)])
    : [null, null];
  return {
    id: photo.photoId,
    purpose: photo.purpose,
    status: photo.status,
    fileName: photo.fileName,
    error: photo.error ?? null,
    image: image ? { url: image, width: photo.width ?? 0, height: photo.height ?? 0 } : null,
    thumbnail: thumbnail ? { url: thumbnail, width: photo.thumbnailWidth ?? 0, height: photo.thumbnailHeight ?? 0 } : null,
    expiresAt: ready ? new Date(Date.now() + PHOTO_LINK_SECONDS * 1000).toISOString() : null,
    attached: !!photo.linkId,
    createdAt: photo.createdAt,
  };
}
