import { Entity } from "electrodb";
import { PHOTO_PURPOSES, PHOTO_STATUSES } from "../../shared/photos.ts";
import { keys, SERVICE } from "./common.ts";

export const PHOTO_LINK_KINDS = ["printer", "order"] as const;

/**
 * A photo uploaded straight to S3 (issue 21 point 2). The browser's object goes to
 * `photos/{userId}/{photoId}` (a key the server makes); the processing function checks its bytes,
 * decodes it, drops its metadata, resizes it and stores the result under `photos-ready/…`, then
 * deletes the original (it carries the camera's EXIF, often a GPS position). Only a `ready` photo
 * can be linked, once, to the printer or order it belongs to; who may see it follows that link
 * (photos/access.ts).
 */
export const PhotoEntity = new Entity({
  model: { entity: "photo", version: "1", service: SERVICE },
  attributes: {
    photoId: { type: "string", required: true, readOnly: true },
    /** Who uploaded it: the only one who may link it, and who sees it before it is linked. */
    userId: { type: "string", required: true, readOnly: true },
    purpose: { type: PHOTO_PURPOSES, required: true, readOnly: true },
    /** The browser's file name, cleaned, for display only (never in a key). */
    fileName: { type: "string", required: true, readOnly: true },
    /** Where the presigned form writes the original. */
    objectKey: { type: "string", required: true, readOnly: true },
    declaredType: { type: "string", required: true, readOnly: true },
    declaredSize: { type: "number", required: true, readOnly: true },
    status: { type: PHOTO_STATUSES, required: true, default: "pending" },
    /** The type its bytes showed (`sniffImageType`), set with the result. */
    sourceType: { type: "string" },
    /** The processed image and thumbnail (JPEG, no metadata), under `photos-ready/`. */
    imageKey: { type: "string" },
    width: { type: "number" },
    height: { type: "number" },
    size: { type: "number" },
    thumbnailKey: { type: "string" },
    /**
     * A random token only the e-mails about the photo's order carry: the one way to see its
     * thumbnail without signing in (photos/email-link.ts). Photos made before it have none.
     */
    emailToken: { type: "string", readOnly: true },
    thumbnailWidth: { type: "number" },
    thumbnailHeight: { type: "number" },
    error: {
      type: "map",
      properties: { code: { type: "string", required: true }, message: { type: "string", required: true } },
    },
    /** What it belongs to once linked (photos/claim.ts): a printer (its quality test) or an order (completion, claim). */
    linkKind: { type: PHOTO_LINK_KINDS },
    linkId: { type: "string" },
    /** The thing within it: the verification's or claim's id, or "completion". */
    linkSubject: { type: "string" },
    linkedAt: { type: "string" },
    createdAt: { type: "string", required: true, readOnly: true },
    processedAt: { type: "string" },
  },
  indexes: {
    primary: {
      ...keys.primary,
      pk: { ...keys.primary.pk, composite: ["photoId"] },
      sk: { ...keys.primary.sk, composite: [] },
    },
    byUser: {
      ...keys.gsi1,
      pk: { ...keys.gsi1.pk, composite: ["userId"] },
      sk: { ...keys.gsi1.sk, composite: ["createdAt", "photoId"] },
    },
  },
});
