import { randomBytes, timingSafeEqual } from "node:crypto";
import type { Store } from "../db/store.ts";
import { isUuid } from "../jobs/records.ts";
import { fail } from "../shared/errors.ts";
import type { PhotoRecord } from "./photos.ts";

/**
 * A photo in an e-mail (issue 21 point 3: the customer sees the finished part's photos in the
 * e-mail too). An e-mail cannot sign in, and an S3 link dies in minutes, so the e-mail carries
 * `/api/photos/{id}/picture?t={emailToken}`: a random token made with the photo and stored with it,
 * which only the e-mails about its order show. The call answers a fresh short-lived link to the
 * thumbnail (a redirect), so the picture opens whenever the e-mail is read. A token is compared in
 * constant time; a wrong, missing or old one is the photo's ordinary 404.
 */

/** 144 random bits, URL-safe. */
export function newEmailToken(): string {
  return randomBytes(18).toString("base64url");
}

/** Where an e-mail finds a photo's thumbnail, as a path on the site; null for a photo without a token. */
export function photoEmailPath(photo: Pick<PhotoRecord, "photoId" | "emailToken">): string | null {
  return photo.emailToken ? `/api/photos/${photo.photoId}/picture?t=${photo.emailToken}` : null;
}

/** Whether `given` is the photo's token (constant time; false when the photo has none). */
export function emailTokenMatches(photo: Pick<PhotoRecord, "emailToken">, given: string): boolean {
  if (!photo.emailToken) return false;
  const a = Buffer.from(photo.emailToken);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The photo an e-mail's link names: ready, attached to something (an unattached photo was never in
 * an e-mail), and with that token. Anything else: `photo_not_found`.
 */
export async function photoForEmailLink(store: Store, photoId: string, token: string): Promise<PhotoRecord & { thumbnailKey: string }> {
  const photo = isUuid(photoId) ? (await store.entities.photos.get({ photoId }).go()).data : null;
  if (photo?.status !== "ready" || !photo.thumbnailKey || !photo.linkId || !emailTokenMatches(photo, token)) {
    throw fail("photo_not_found");
  }
  return { ...photo, thumbnailKey: photo.thumbnailKey };
}

/** The e-mail pictures of the photos `ids` (in that order), each with its words for who cannot see it. */
export async function emailPictures(store: Store, ids: readonly string[], alt: string): Promise<{ path: string; alt: string }[]> {
  if (!ids.length) return [];
  const { data } = await store.entities.photos.get(ids.map((photoId) => ({ photoId }))).go();
  const byId = new Map(data.map((p) => [p.photoId, p]));
  return ids.flatMap((id, i) => {
    const photo = byId.get(id);
    const path = photo?.status === "ready" ? photoEmailPath(photo) : null;
    return path ? [{ path, alt: `${alt}, photo ${i + 1} of ${ids.length}` }] : [];
  });
}
