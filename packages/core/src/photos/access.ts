import type { Store } from "../db/store.ts";
import { loadOrderFor } from "../orders/load.ts";
import { fail, isVisibleError } from "../shared/errors.ts";
import { getPhoto, type PhotoRecord } from "./photos.ts";

/** Who asks to see a photo: a signed-in person, and whether they are staff (a flag no API call can set). */
export interface PhotoViewer {
  id: string;
  isStaff: boolean;
}

/**
 * Whether `viewer` may see `photo`, by the rule every object follows (issue 21 point 2): its
 * uploader; once linked, the people of what it belongs to (a printer's owner; an order's customer
 * and its printer's owner, by the orders' own access rule, `loadOrderFor`); and staff.
 */
export async function maySeePhoto(store: Store, viewer: PhotoViewer, photo: PhotoRecord): Promise<boolean> {
  if (viewer.isStaff || photo.userId === viewer.id) return true;
  if (!photo.linkKind || !photo.linkId) return false;
  if (photo.linkKind === "printer") {
    const { data } = await store.entities.printers.get({ printerId: photo.linkId }).go({ attributes: ["ownerId"] });
    return data?.ownerId === viewer.id;
  }
  try {
    await loadOrderFor(store, viewer.id, photo.linkId);
    return true;
  } catch (e) {
    if (isVisibleError(e) && e.code === "order_not_found") return false;
    throw e;
  }
}

/** A photo as `viewer` may see it; anyone else gets the same 404 as for a photo that does not exist. */
export async function loadPhotoFor(store: Store, viewer: PhotoViewer, photoId: string): Promise<PhotoRecord> {
  const photo = await getPhoto(store, photoId);
  if (!photo || !(await maySeePhoto(store, viewer, photo))) throw fail("photo_not_found");
  return photo;
}
