import type { Store } from "../db/store.ts";
import type { TxEntities, TxItem } from "../db/transact.ts";
import { fail } from "../shared/errors.ts";
import { MAX_PHOTOS_PER_LINK, type PhotoPurpose } from "../shared/photos.ts";
import type { PhotoRecord } from "./photos.ts";

/**
 * What a set of photos is attached to: a printer (its quality test: `subject` is the verification's
 * id) or an order (its completion: `subject` "completion"; a claim: the claim's id). Who may see the
 * photos follows it (photos/access.ts).
 */
export interface PhotoLink {
  kind: "printer" | "order";
  /** The printer's or the order's id. */
  id: string;
  subject: string;
}

export interface ClaimPhotosInput {
  photoIds: readonly string[];
  /** The person attaching them: it must be who uploaded each one. */
  ownerUserId: string;
  purpose: PhotoPurpose;
  link: PhotoLink;
  /** How many are needed (default 1) and allowed (default MAX_PHOTOS_PER_LINK). */
  min?: number;
  max?: number;
}

export interface ClaimedPhotos {
  photoIds: string[];
  /** The items that attach the photos, each conditional on the photo still being free; add them to your transaction. */
  items(entities: TxEntities): TxItem[];
  /**
   * After a cancelled transaction: throws `photo_already_used` when one of these items' conditions
   * failed (a photo attached elsewhere meanwhile). `offset` is the position of the first of them.
   */
  check(failedItems: readonly number[], offset: number): void;
}

/**
 * Checks that each photo belongs to `ownerUserId`, is ready, was uploaded for `purpose` and is not
 * attached to anything yet, and answers the transaction items that attach them to `link`
 * (issue 21 point 2). The checks answer with a sentence per case; the items repeat them as
 * conditions, so two requests racing to attach the same photo cannot both win.
 *
 * ```ts
 * const photos = await claimPhotos(store, { photoIds, ownerUserId: me, purpose: "claim", link: { kind: "order", id: jobId, subject: claimId } });
 * const outcome = await writeTransaction(store, (e) => [e.claims.create(claim).commit(), ...photos.items(e)]);
 * if (!outcome.ok) photos.check(outcome.failedItems, 1);
 * ```
 */
export async function claimPhotos(store: Store, input: ClaimPhotosInput): Promise<ClaimedPhotos> {
  const { ownerUserId, purpose, link } = input;
  const min = input.min ?? 1;
  const max = input.max ?? MAX_PHOTOS_PER_LINK;
  const photoIds = [...input.photoIds];
  if (new Set(photoIds).size !== photoIds.length) throw fail("photo_listed_twice");
  if (photoIds.length < min) throw fail("too_few_photos", { min });
  if (photoIds.length > max) throw fail("too_many_photos");

  const found = new Map<string, PhotoRecord>();
  if (photoIds.length) {
    const { data } = await store.entities.photos.get(photoIds.map((photoId) => ({ photoId }))).go({ consistent: true });
    for (const p of data) found.set(p.photoId, p);
  }
  for (const id of photoIds) {
    const photo = found.get(id);
    // Someone else's photo is the same "not found" as a missing one.
    if (!photo || photo.userId !== ownerUserId) throw fail("photo_not_found");
    if (photo.status === "pending") throw fail("photo_not_ready");
    if (photo.status === "failed") throw fail("photo_failed");
    if (photo.purpose !== purpose) throw fail("photo_wrong_purpose");
    if (photo.linkId) throw fail("photo_already_used");
  }

  const linkedAt = new Date().toISOString();
  return {
    photoIds,
    items: (entities) =>
      photoIds.map((photoId) =>
        entities.photos
          .patch({ photoId })
          .set({ linkKind: link.kind, linkId: link.id, linkSubject: link.subject, linkedAt })
          .where(
            (a, op) =>
              `${op.eq(a.userId, ownerUserId)} AND ${op.eq(a.status, "ready")} AND ${op.eq(a.purpose, purpose)} AND ${op.notExists(a.linkId)}`,
          )
          .commit(),
      ),
    check(failedItems, offset) {
      if (failedItems.some((i) => i >= offset && i < offset + photoIds.length)) throw fail("photo_already_used");
    },
  };
}
