import type { Store } from "../db/store.ts";
import { findPrinter } from "../jobs/records.ts";
import type { PhotoRecord } from "../photos/photos.ts";
import type { PrinterRecord } from "../printers/present.ts";
import { fail } from "../shared/errors.ts";
import type { VerificationRecord } from "./submit.ts";

/** The attempt a printer's state is about (the pending one, or the last decided), if any. */
export async function latestVerification(store: Store, printer: PrinterRecord): Promise<VerificationRecord | null> {
  if (!printer.latestVerificationId) return null;
  const { data } = await store.entities.verifications.get({ verificationId: printer.latestVerificationId }).go({ consistent: true });
  return data;
}

/**
 * GET /api/printers/{id}/verification: the owner's printer with its quality test. Only its owner
 * (and staff) see attempts: anyone else gets the printer's 404, as if there were nothing to see.
 */
export async function printerVerificationFor(
  store: Store,
  viewer: { id: string; isStaff: boolean },
  printerRef: string,
): Promise<{ printer: PrinterRecord; latest: VerificationRecord | null }> {
  const printer = await findPrinter(store, printerRef);
  if (printer.ownerId !== viewer.id && !viewer.isStaff) throw fail("printer_not_found");
  return { printer, latest: await latestVerification(store, printer) };
}

export interface QueuedVerification {
  verification: VerificationRecord;
  printer: PrinterRecord | null;
  owner: { userId: string; email: string; username: string; firstName?: string | undefined; lastName?: string | undefined } | null;
  photos: PhotoRecord[];
}

/**
 * Staff's queue: the attempts waiting for a decision, oldest first (gsi2 by status), each with its
 * printer, owner and photos, read in one batch each.
 */
export async function pendingVerifications(store: Store): Promise<QueuedVerification[]> {
  const { data } = await store.entities.verifications.query.byStatus({ status: "pending" }).go({ pages: "all", order: "asc" });
  if (data.length === 0) return [];
  const printerIds = [...new Set(data.map((v) => v.printerId))];
  const ownerIds = [...new Set(data.map((v) => v.ownerId))];
  const photoIds = [...new Set(data.flatMap((v) => v.photoIds))];
  const [printers, owners, photos] = await Promise.all([
    store.entities.printers.get(printerIds.map((printerId) => ({ printerId }))).go(),
    store.entities.users
      .get(ownerIds.map((userId) => ({ userId })))
      .go({ attributes: ["userId", "email", "username", "firstName", "lastName"] }),
    store.entities.photos.get(photoIds.map((photoId) => ({ photoId }))).go(),
  ]);
  const printerById = new Map(printers.data.map((p) => [p.printerId, p]));
  const ownerById = new Map(owners.data.map((u) => [u.userId, u]));
  const photoById = new Map(photos.data.map((p) => [p.photoId, p]));
  return data.map((verification) => ({
    verification,
    printer: printerById.get(verification.printerId) ?? null,
    owner: ownerById.get(verification.ownerId) ?? null,
    photos: verification.photoIds.flatMap((id) => photoById.get(id) ?? []),
  }));
}
