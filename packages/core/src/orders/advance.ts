import { z } from "zod";
import { ledgerOnHandOver } from "../ledger/ledger.ts";
import { claimPhotos } from "../photos/claim.ts";
import { claimWindowEnd } from "../shared/earnings.ts";
import { fail } from "../shared/errors.ts";
import { actionForStatus, JOB_STATUSES, type JobAction, planTransition } from "../shared/lifecycle.ts";
import { MAX_PHOTOS_PER_LINK } from "../shared/photos.ts";
import { cleanLine } from "../shared/text.ts";
import { COMPLETED_COUNTER } from "../stats.ts";
import { cancelOrder } from "./cancel.ts";
import { claimWindowDaysOf, type OrderDeps } from "./deps.ts";
import { publishStatusChanged, statusChanged } from "./events.ts";
import { type LoadedOrder, loadOrderFor } from "./load.ts";
import { moveOrder } from "./move.ts";
import { acceptOrder, ownerMessageInput, rejectOrder } from "./respond.ts";

/**
 * PUT /api/print-jobs/{id} (spec 2 §7): `{status}` (cancelled from the customer; the next status
 * from the owner), plus carrier and tracking number when marking a shipping order shipped.
 * The status is turned into its one step by the lifecycle table, so no step can be skipped.
 */
export const updateOrderInput = z
  .strictObject({
    status: z.enum(JOB_STATUSES, { error: "Please give one of the order statuses." }),
    carrier: z.string().overwrite(cleanLine).trim().min(1).max(60).optional(),
    trackingNumber: z.string().overwrite(cleanLine).trim().min(1).max(80).optional(),
    message: ownerMessageInput,
    /** Mark Complete: photos of the finished part (uploaded with purpose "completion"), at least one. */
    photoIds: z.array(z.string().min(1).max(64)).max(MAX_PHOTOS_PER_LINK).optional(),
  })
  .meta({ id: "UpdateOrderInput" });
export type UpdateOrderInput = z.output<typeof updateOrderInput>;

/** Steps after which the part is in the customer's hands: the owner's earnings are held for the claim window. */
const HAND_OVER = new Set<JobAction>(["pickUp", "ship"]);

/** A step of the owner's (or the customer's pickup confirmation) that moves no payment. */
async function step(deps: OrderDeps, loaded: LoadedOrder, userId: string, action: JobAction, input: UpdateOrderInput) {
  const { job, ownerId } = loaded;
  const actor = loaded.isOwner ? "owner" : "customer";
  planTransition(job.status, action, actor, job.deliveryMethod);
  if (action === "ship" && (!input.carrier || !input.trackingNumber)) throw fail("tracking_required");
  // Mark Complete needs a photo of the finished part: what the customer sees, and the owner's evidence in a claim.
  const photos =
    action === "complete"
      ? await claimPhotos(deps.store, {
          photoIds: input.photoIds ?? [],
          ownerUserId: userId,
          purpose: "completion",
          link: { kind: "order", id: job.jobId, subject: "completion" },
          min: 0,
        })
      : null;
  if (photos && photos.photoIds.length === 0) throw fail("completion_photos_required");
  const at = deps.clock().toISOString();
  // A capture still owed (Stripe was down at acceptance) has its ledger entry all the same.
  const handOver = HAND_OVER.has(action) && !!ownerId && (job.payment?.status === "captured" || job.payment?.status === "capture_pending");
  const result = await moveOrder(deps.store, {
    job,
    action,
    actor,
    actorId: userId,
    at,
    set: {
      ...(action === "ship" ? { carrier: input.carrier, trackingNumber: input.trackingNumber } : {}),
      ...(photos ? { completionPhotoIds: photos.photoIds } : {}),
      ...(HAND_OVER.has(action) ? { claimWindowEndsAt: claimWindowEnd(at, claimWindowDaysOf(deps.expiry)) } : {}),
    },
    also: (tx) => [
      ...(photos?.items(tx) ?? []),
      ...(handOver && ownerId ? ledgerOnHandOver(tx, job, ownerId, at, claimWindowDaysOf(deps.expiry)) : []),
      ...(HAND_OVER.has(action) ? [tx.counters.update({ name: COMPLETED_COUNTER }).add({ value: 1 }).commit()] : []),
    ],
  });
  if (!result.ok) {
    if (result.current && result.current.status !== job.status) planTransition(result.current.status, action, actor);
    throw fail("order_changed");
  }
  await publishStatusChanged(
    deps.events,
    statusChanged(result.job, { from: job.status, to: result.transition.to, action, actor, actorId: userId, at }, ownerId ?? ""),
  );
  return result.job;
}

export async function updateOrderStatus(deps: OrderDeps, userId: string, ref: string, input: UpdateOrderInput) {
  const loaded = await loadOrderFor(deps.store, userId, ref);
  const { job } = loaded;
  const actor = loaded.isOwner && !(loaded.isCustomer && input.status === "cancelled") ? "owner" : "customer";
  const action = actionForStatus(job.status, input.status, actor);
  if (action === "cancel" && loaded.isCustomer) return cancelOrder(deps, userId, ref);
  if (action === "accept" || action === "reject") {
    if (!loaded.isOwner || !loaded.ownerId) throw fail("owner_only");
    const message = input.message?.trim() || undefined;
    return action === "accept"
      ? acceptOrder(deps, job, loaded.ownerId, userId, message)
      : rejectOrder(deps, job, loaded.ownerId, userId, message);
  }
  return step(deps, loaded, userId, action, input);
}
