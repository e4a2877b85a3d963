import { z } from "zod";
import { isConditionFailure } from "../db/conditional.ts";
import type { OrderDeps } from "../orders/deps.ts";
import { loadOrderFor, type OrderRecord } from "../orders/load.ts";
import { formatOrderNumber } from "../refs/numbers.ts";
import { fail } from "../shared/errors.ts";
import { isPaid } from "../shared/job-groups.ts";
import { STATUS_WORDS } from "../shared/lifecycle.ts";
import { centsToDecimal } from "../shared/pricing.ts";
import { publishHoldReleased } from "./hold-released.ts";
import type { IntentView } from "./port.ts";
import { releasePayment } from "./settle.ts";

/** POST /api/create-payment-intent (spec 2 §7). `amount` is the spec's; it is read and never charged. */
export const createPaymentIntentInput = z
  .strictObject({
    orderId: z.union([z.string().trim().min(1).max(64), z.number().int().positive()]).transform(String),
    amount: z.union([z.number(), z.string().max(32)]).optional(),
  })
  .meta({ id: "CreatePaymentIntentInput" });
export type CreatePaymentIntentInput = z.output<typeof createPaymentIntentInput>;

/**
 * What the customer is charged, computed by the server only (spec 2 §9 "Checkout total"): the
 * order's price (customer pays) plus the local delivery fee or the chosen shipping option. A
 * shipping order has no total until an option is chosen.
 */
export function chargeCents(job: OrderRecord): number {
  if (job.deliveryMethod === "shipping" && !job.shipping) throw fail("shipping_not_chosen");
  return job.pricing.totalCents;
}

export const paymentIntentSchema = z
  .object({
    clientSecret: z.string().nullable().meta({ description: "For Stripe.js (or the local test-card form) to confirm the card" }),
    paymentIntentId: z.string(),
    status: z.string(),
    amountCents: z.number().int(),
    amount: z.string(),
    currency: z.string(),
    orderId: z.string(),
    orderNumber: z.string().nullable(),
  })
  .meta({ id: "PaymentIntent", description: "The order's one PaymentIntent (manual capture), for the amount the server computed" });

const UNCONFIRMED = new Set(["requires_payment_method", "requires_confirmation"]);

/**
 * The order's PaymentIntent (manual capture: the card is only authorised until the owner
 * accepts). Created once per order total: the idempotency key is the order's, and the intent's id
 * is stored conditionally, so concurrent checkouts share it. Asked again (a reload) it answers the
 * same intent. A new total (a new shipping option) gets a new intent and the old one is cancelled,
 * never changed in place: a page still holding the old client secret (checkout open in another
 * tab) could otherwise hold the card for an amount that page never showed.
 */
export async function paymentIntentFor(
  deps: Pick<OrderDeps, "store" | "payments" | "clock" | "events">,
  userId: string,
  input: CreatePaymentIntentInput,
): Promise<z.infer<typeof paymentIntentSchema>> {
  const { store, payments } = deps;
  const { job, isCustomer } = await loadOrderFor(store, userId, input.orderId);
  if (!isCustomer) throw fail("customer_only");
  if (job.status !== "submitted") {
    if (job.payment && isPaid(job)) throw fail("already_paid");
    throw fail("not_payable", { status: STATUS_WORDS[job.status] });
  }
  const amountCents = chargeCents(job);

  let intent = job.payment?.intentId
    ? await payments.retrieveIntent(job.payment.intentId)
    : await startIntent(deps, job, amountCents, null);
  // A card confirmed for an amount the total has left (a second tab, after a new shipping option)
  // is given back now, as sync.ts does when Stripe's word arrives, so the new total can be paid at once.
  if (intent.status === "requires_capture" && intent.capturableCents !== amountCents) {
    await releasePayment(payments, intent.id);
    await recordReleasedHold(deps, job, intent.id, intent.capturableCents);
    intent = await payments.retrieveIntent(intent.id);
  }
  // An unconfirmed intent for another total: cancelled, and replaced below.
  if (intent.status !== "canceled" && UNCONFIRMED.has(intent.status) && intent.amountCents !== amountCents) {
    await releasePayment(payments, intent.id);
    intent = await payments.retrieveIntent(intent.id);
  }
  // Released without paying the order (sync.ts or the lines above gave it back): a new intent replaces it.
  if (intent.status === "canceled") intent = await startIntent(deps, job, amountCents, intent.id);
  return intentAnswer(intent, job);
}

/**
 * Creates the order's intent, or the one that replaces `replacing`, and stores it on the order
 * conditionally: concurrent checkouts make the same intent (the idempotency key names the order and
 * what it replaces) and the one stored first is the order's; another is cancelled.
 */
async function startIntent(
  { store, payments }: Pick<OrderDeps, "store" | "payments">,
  job: OrderRecord,
  amountCents: number,
  replacing: string | null,
): Promise<IntentView> {
  let intent = await payments.createIntent({
    amountCents,
    // Two checkouts replacing the same intent for different totals (the option changed between them) make two intents.
    idempotencyKey: replacing ? `order-${job.jobId}-intent-after-${replacing}-${amountCents}` : `order-${job.jobId}-intent`,
    description: `Printhood order ${formatOrderNumber(job.orderNumber) ?? job.jobId}: ${job.fileName}`,
    metadata: { orderId: job.jobId, orderNumber: formatOrderNumber(job.orderNumber) ?? "", customerId: job.customerId },
  });
  try {
    await store.entities.jobs
      .patch({ jobId: job.jobId })
      .set({ payment: { intentId: intent.id, status: "pending", amountCents } })
      .where((a, o) => `${o.eq(a.status, "submitted")} AND ${replacing ? o.eq(a.payment.intentId, replacing) : o.notExists(a.payment)}`)
      .go();
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
    // Another checkout stored an intent first (the same one, by the idempotency key) or the
    // order moved on: answer from what is stored now.
    const { data: now } = await store.entities.jobs.get({ jobId: job.jobId }).go({ consistent: true });
    if (!now?.payment || now.status !== "submitted") throw fail("not_payable", { status: STATUS_WORDS[now?.status ?? "cancelled"] });
    if (now.payment.intentId !== intent.id) {
      await payments.cancelIntent(intent.id).catch(() => undefined);
      intent = await payments.retrieveIntent(now.payment.intentId);
    }
  }
  return intent;
}

/** A PaymentIntent of an order as the API answers it (checkout's, or a new hold for a higher agreed price). */
export function intentAnswer(intent: IntentView, job: Pick<OrderRecord, "jobId" | "orderNumber">): z.infer<typeof paymentIntentSchema> {
  return {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    status: intent.status,
    amountCents: intent.amountCents,
    amount: centsToDecimal(intent.amountCents),
    currency: intent.currency,
    orderId: job.jobId,
    orderNumber: formatOrderNumber(job.orderNumber),
  };
}

/**
 * A hold given back because the order's total changed after the card was confirmed (checkout open
 * in a second tab, a new shipping option): the order, still awaiting payment, says so (`released`,
 * for the amount held), so its pages tell the customer and ask for the new total, and the customer
 * is told in the bell and by e-mail (hold-released.ts). Only while the order still holds that
 * intent: a checkout that already replaced it is left alone. Recorded once: sync.ts and a checkout
 * may both give the same hold back, and only the first write tells the customer.
 */
export async function recordReleasedHold(
  deps: Pick<OrderDeps, "store" | "clock" | "events">,
  job: OrderRecord,
  intentId: string,
  heldCents: number,
) {
  if (!job.payment) return;
  const at = deps.clock().toISOString();
  try {
    await deps.store.entities.jobs
      .patch({ jobId: job.jobId })
      .set({ payment: { ...job.payment, status: "released", amountCents: heldCents, releasedAt: at } })
      .where((a, o) => `${o.eq(a.status, "submitted")} AND ${o.eq(a.payment.intentId, intentId)} AND ${o.ne(a.payment.status, "released")}`)
      .go();
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
    return;
  }
  if (heldCents > 0) await publishHoldReleased(deps.events, job, { heldCents, totalCents: chargeCents(job), at });
}
