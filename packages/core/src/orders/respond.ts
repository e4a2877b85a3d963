import { z } from "zod";
import { ledgerOnCapture } from "../ledger/ledger.ts";
import { CaptureFailed, ensureCaptured } from "../payments/settle.ts";
import { oweCapture } from "../payments/tasks.ts";
import { formatOrderNumber } from "../refs/numbers.ts";
import { fail } from "../shared/errors.ts";
import { isClosed } from "../shared/job-groups.ts";
import { planTransition } from "../shared/lifecycle.ts";
import { OWNER_MESSAGE_MAX_LENGTH } from "../shared/sizes.ts";
import { cleanLines } from "../shared/text.ts";
import type { OrderDeps } from "./deps.ts";
import { publishPaymentChanged, publishStatusChanged, statusChanged } from "./events.ts";
import { loadOrderForOwner, type OrderRecord } from "./load.ts";
import { postOrderMessage } from "./messages.ts";
import { moveOrder } from "./move.ts";
import { closingMoney, settleClosedOrder } from "./settle.ts";

/** The owner's optional words with a step (respond, or PUT /api/print-jobs/{id}). */
export const ownerMessageInput = z
  .string()
  .overwrite(cleanLines)
  .max(OWNER_MESSAGE_MAX_LENGTH, `The message can be at most ${OWNER_MESSAGE_MAX_LENGTH} characters.`)
  .optional();

/** POST /api/print-jobs/{id}/respond (spec 2 §7). */
export const respondInput = z
  .strictObject({
    action: z.enum(["accept", "reject"], { error: "Action must be accept or reject." }),
    message: ownerMessageInput,
  })
  .meta({ id: "RespondInput" });
export type RespondInput = z.output<typeof respondInput>;

/**
 * The owner accepts a paid order: the held payment is captured first (idempotency key per
 * intent, so fifty clicks capture once), then `confirmed → accepted` is written with the ledger
 * entry in one conditional transaction. If Stripe cannot be reached, the order is accepted all the
 * same, with the capture recorded as owed in that transaction (payments/tasks.ts): the hold stays
 * on the card and the money sweep captures it once Stripe answers. If Stripe answers that the hold
 * is gone, the owner is told and nothing changes. If the write loses (the customer cancelled, the
 * owner rejected, it expired), the closing step's release gives back whatever was captured, so
 * status and money agree whichever came first (DECISIONS.md "Payments").
 */
export async function acceptOrder(deps: OrderDeps, job: OrderRecord, ownerId: string, userId: string, message?: string) {
  planTransition(job.status, "accept", "owner", job.deliveryMethod);
  const payment = job.payment;
  if (!payment) throw fail("order_changed");
  let captured = true;
  try {
    await ensureCaptured(deps.payments, payment.intentId);
  } catch (e) {
    if (!(e instanceof CaptureFailed)) {
      captured = false; // Stripe unreachable: the capture is owed, not refused.
    } else {
      const { data: now } = await deps.store.entities.jobs.get({ jobId: job.jobId }).go({ consistent: true });
      if (now && now.status !== job.status) planTransition(now.status, "accept", "owner");
      throw fail("capture_failed", {
        reason: e.intent.status === "canceled" ? "the card's hold was released" : `the payment is ${e.intent.status}`,
      });
    }
  }
  const at = deps.clock().toISOString();
  const result = await moveOrder(deps.store, {
    job,
    action: "accept",
    actor: "owner",
    actorId: userId,
    at,
    set: {
      payment: captured ? { ...payment, status: "captured", capturedAt: at } : { ...payment, status: "capture_pending" },
      ...(message ? { ownerMessage: message } : {}),
    },
    also: (tx) => [...ledgerOnCapture(tx, job, ownerId, at), ...(captured ? [] : oweCapture(tx, job, at))],
  });
  if (!result.ok) {
    const current = result.current;
    if (current && isClosed(current)) await settleClosedOrder(deps, current);
    if (current && current.status !== job.status) planTransition(current.status, "accept", "owner");
    throw fail("order_changed");
  }
  await publishStatusChanged(
    deps.events,
    statusChanged(result.job, { from: job.status, to: "accepted", action: "accept", actor: "owner", actorId: userId, at }, ownerId, {
      ...(message ? { message } : {}),
    }),
  );
  if (captured)
    await publishPaymentChanged(deps.events, {
      jobId: job.jobId,
      orderNumber: formatOrderNumber(job.orderNumber),
      customerId: job.customerId,
      ownerId,
      kind: "captured",
      amountCents: payment.amountCents,
      message: null,
      sourceId: `capture-${payment.intentId}`,
      at,
    });
  if (message) await postOrderMessage(deps.store, deps.events, job.jobId, userId, message, { limited: false, clock: deps.clock });
  return result.job;
}

/** The owner declines: the order is rejected and the hold released (nothing was charged), as cancel does. */
export async function rejectOrder(deps: OrderDeps, job: OrderRecord, ownerId: string, userId: string, message?: string) {
  const at = deps.clock().toISOString();
  const money = closingMoney(job, at);
  const result = await moveOrder(deps.store, {
    job,
    action: "reject",
    actor: "owner",
    actorId: userId,
    at,
    set: { ...money.set, ...(message ? { ownerMessage: message } : {}) },
    also: money.also,
  });
  if (!result.ok) {
    if (result.current && result.current.status !== job.status) planTransition(result.current.status, "reject", "owner");
    throw fail("order_changed");
  }
  await publishStatusChanged(
    deps.events,
    statusChanged(result.job, { from: job.status, to: "rejected", action: "reject", actor: "owner", actorId: userId, at }, ownerId, {
      ...(message ? { message } : {}),
    }),
  );
  const payment = await settleClosedOrder(deps, result.job);
  if (message) await postOrderMessage(deps.store, deps.events, job.jobId, userId, message, { limited: false, clock: deps.clock });
  return payment ? { ...result.job, payment } : result.job;
}

/**
 * POST /api/print-jobs/{id}/respond: accept or reject. The owner's words join the order's thread
 * in acceptOrder/rejectOrder, so `PUT /api/print-jobs/{id}` with a message does the same.
 */
export async function respondToOrder(deps: OrderDeps, userId: string, ref: string, input: RespondInput) {
  const { job, ownerId } = await loadOrderForOwner(deps.store, userId, ref);
  const message = input.message?.trim() || undefined;
  const moved =
    input.action === "accept"
      ? await acceptOrder(deps, job, ownerId, userId, message)
      : await rejectOrder(deps, job, ownerId, userId, message);
  const text =
    input.action === "accept"
      ? `Order ${formatOrderNumber(job.orderNumber) ?? ""} accepted. The customer's payment has been collected.`.replace("  ", " ")
      : `Order ${formatOrderNumber(job.orderNumber) ?? ""} rejected. The customer's payment hold has been released.`.replace("  ", " ");
  return { job: moved, message: text };
}
