import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Store } from "../db/store.ts";
import { writeTransaction } from "../db/transact.ts";
import { type EventPublisher, publishAfterWrite } from "../events/publisher.ts";
import { DETAIL_TYPES } from "../events/rules.ts";
import type { Clock } from "../orders/clock.ts";
import type { PageAsk } from "../paging/page.ts";
import type { PaymentGateway } from "../payments/port.ts";
import { moneyTaskId, oweTransfer } from "../payments/tasks.ts";
import { runMoneyTask } from "../payments/worker.ts";
import { fail } from "../shared/errors.ts";
import { centsToDecimal } from "../shared/pricing.ts";
import { ledgerLineSchema, listLedgerLines, listPayoutHistory, type PresentedPayout, payoutRecordSchema } from "./history.ts";

/**
 * Payouts (spec 2 §2 "Payouts tab", DECISIONS.md "Payouts"): pending, available and paid amounts,
 * the history, Request Payout, and Stripe Connect.
 *
 * Request Payout takes the whole available balance in one transaction that is conditional on the
 * balance still being exactly what was read, and records the request with it. Two clicks at once
 * read the same balance; the first transaction empties it, the second's condition fails: one
 * request, never more than was available. With a connected Stripe account the transfer is owed in
 * that transaction and paid by the money worker (idempotency key = the payout's id); without one it
 * waits as "requested" and is owed when the owner connects.
 */
export interface PayoutDeps {
  store: Store;
  payments: PaymentGateway;
  events: EventPublisher;
  clock: Clock;
}

/** The owner's balance, each bucket 0 when the owner has none yet. */
export async function balanceOf(store: Store, ownerId: string) {
  const { data } = await store.entities.balances.get({ ownerId }).go({ consistent: true });
  return {
    pendingCents: data?.pendingCents ?? 0,
    heldCents: data?.heldCents ?? 0,
    frozenCents: data?.frozenCents ?? 0,
    availableCents: data?.availableCents ?? 0,
    requestedCents: data?.requestedCents ?? 0,
    paidCents: data?.paidCents ?? 0,
  };
}

const cents = z.number().int();
const decimal = z.string();

export const payoutSummarySchema = z
  .object({
    pendingCents: cents.meta({ description: "Accepted orders not yet handed over" }),
    heldCents: cents.meta({ description: "Handed over, held until the claim window closes or the customer confirms receipt" }),
    frozenCents: cents.meta({ description: "Under an open claim" }),
    availableCents: cents.meta({ description: "Free to pay out (below zero while a refund is being paid back from later earnings)" }),
    requestedCents: cents,
    paidCents: cents,
    pending: decimal,
    held: decimal,
    frozen: decimal,
    available: decimal,
    requested: decimal,
    paid: decimal,
    currency: z.literal("usd"),
    stripeConnected: z.boolean(),
    payouts: z.array(payoutRecordSchema).meta({ description: "The newest payouts: the first page" }),
    payoutsNextCursor: z
      .string()
      .optional()
      .meta({ description: "More payouts: pass as `cursor` to GET /api/users/{id}/payouts/history; absent when all are here" }),
    ledger: z.array(ledgerLineSchema).meta({ description: "The newest ledger entries: the first page" }),
    ledgerNextCursor: z
      .string()
      .optional()
      .meta({ description: "More entries: pass as `cursor` to GET /api/users/{id}/ledger; absent when all are here" }),
  })
  .meta({
    id: "PayoutSummary",
    description:
      "An owner's earnings: pending, held (until the claim window closes), frozen (a claim is open), available, requested and paid, and the first page of the payouts and of the per-order ledger, newest first.",
  });

export const connectSchema = z
  .object({ accountId: z.string(), onboardingUrl: z.string() })
  .meta({ id: "PayoutAccount", description: "The owner's Stripe Connect account and where to finish setting it up." });

/**
 * GET /api/users/{id}/payouts: the owner's totals (counters, one item) and the first page of the
 * payouts and of the ledger, newest first, each with its marker for the next page (issue 23): the
 * answer never grows with the owner's history. `first` sizes both pages.
 */
export async function payoutSummary(
  store: Store,
  ownerId: string,
  first: { payouts: PageAsk; ledger: PageAsk },
): Promise<z.infer<typeof payoutSummarySchema>> {
  const [balance, payouts, ledger, user] = await Promise.all([
    balanceOf(store, ownerId),
    listPayoutHistory(store, ownerId, first.payouts),
    listLedgerLines(store, ownerId, first.ledger),
    store.entities.users.get({ userId: ownerId }).go(),
  ]);
  return {
    ...balance,
    pending: centsToDecimal(balance.pendingCents),
    held: centsToDecimal(balance.heldCents),
    frozen: centsToDecimal(balance.frozenCents),
    available: centsToDecimal(balance.availableCents),
    requested: centsToDecimal(balance.requestedCents),
    paid: centsToDecimal(balance.paidCents),
    currency: "usd",
    stripeConnected: !!user.data?.stripeAccountId,
    payouts: payouts.items,
    ...(payouts.nextCursor ? { payoutsNextCursor: payouts.nextCursor } : {}),
    ledger: ledger.items,
    ...(ledger.nextCursor ? { ledgerNextCursor: ledger.nextCursor } : {}),
  };
}

/**
 * POST /api/payouts: one request for the whole available balance. With a connected account the
 * transfer is owed in the same transaction (payments/tasks.ts) and tried at once; if Stripe cannot
 * be reached the payout stays "requested" and the money sweep pays it when Stripe answers.
 */
export async function requestPayout(deps: PayoutDeps, ownerId: string): Promise<PresentedPayout> {
  const { store } = deps;
  const [balance, user] = await Promise.all([balanceOf(store, ownerId), store.entities.users.get({ userId: ownerId }).go()]);
  if (!user.data || user.data.userType === "customer") throw fail("not_an_owner");
  const amountCents = balance.availableCents;
  if (amountCents <= 0) throw fail("nothing_to_pay_out");
  const payoutId = randomUUID();
  const at = deps.clock().toISOString();
  const destination = user.data.stripeAccountId;
  const payout = { ownerId, payoutId, amountCents, createdAt: at };
  const outcome = await writeTransaction(store, (tx) => [
    tx.balances
      .update({ ownerId })
      .add({ availableCents: -amountCents, requestedCents: amountCents })
      .where((a, o) => o.eq(a.availableCents, amountCents))
      .commit(),
    tx.payouts
      .create({ ownerId, payoutId, amountCents, status: "requested", createdAt: at, ...(destination ? { destination } : {}) })
      .commit(),
    ...(destination ? oweTransfer(tx, payout, at) : []),
  ]);
  if (!outcome.ok) throw fail("payout_in_progress");
  await publishAfterWrite(deps.events, DETAIL_TYPES.payoutChanged, { ownerId, payoutId, amountCents, status: "requested", at });
  if (destination) await tryNow(deps, moneyTaskId.transfer(payoutId));
  return presentPayout(await payoutNow(store, payout));
}

/** Try an owed transfer at once; a failure is left to the sweep (the debt is recorded). */
async function tryNow(deps: PayoutDeps, taskId: string) {
  try {
    await runMoneyTask(deps, taskId);
  } catch (e) {
    console.error(JSON.stringify({ level: "error", message: "transfer not tried now", taskId, error: (e as Error).message }));
  }
}

async function payoutNow(store: Store, p: { ownerId: string; payoutId: string; createdAt: string }) {
  const { data } = await store.entities.payouts.get(p).go({ consistent: true });
  if (!data) throw new Error(`payout ${p.payoutId} vanished`);
  return data;
}

const presentPayout = (p: {
  payoutId: string;
  amountCents: number;
  status: PresentedPayout["status"];
  createdAt: string;
  transferId?: string;
}): PresentedPayout => ({
  id: p.payoutId,
  amountCents: p.amountCents,
  amount: centsToDecimal(p.amountCents),
  status: p.status,
  transferId: p.transferId ?? null,
  createdAt: p.createdAt,
});

/**
 * POST /api/payouts/connect: the owner's Stripe Connect account (created once: the idempotency
 * key and a conditional write keep it one per owner), a link to finish setting it up, and any
 * payouts that were waiting for it are transferred.
 */
export async function connectPayouts(deps: PayoutDeps, ownerId: string, urls: { refreshUrl: string; returnUrl: string }) {
  const { store } = deps;
  const { data: user } = await store.entities.users.get({ userId: ownerId }).go({ consistent: true });
  if (!user || user.userType === "customer") throw fail("not_an_owner");
  let accountId = user.stripeAccountId;
  if (!accountId) {
    const created = await deps.payments.createAccount({ email: user.email, userId: ownerId, idempotencyKey: `connect-${ownerId}` });
    try {
      await store.entities.users
        .patch({ userId: ownerId })
        .set({ stripeAccountId: created.accountId })
        .where((a, o) => o.notExists(a.stripeAccountId))
        .go();
      accountId = created.accountId;
    } catch {
      // Connected meanwhile by another request: use what was stored.
      accountId = (await store.entities.users.get({ userId: ownerId }).go({ consistent: true })).data?.stripeAccountId ?? created.accountId;
    }
  }
  const link = await deps.payments.accountLink(accountId, urls);
  const { data: waiting } = await store.entities.payouts.query
    .primary({ ownerId })
    .where((a, o) => o.eq(a.status, "requested"))
    .go({ pages: "all" });
  // Payouts that waited for an account are owed now (a create: a payout is owed once).
  for (const p of waiting) {
    const owedNow = await writeTransaction(store, (tx) => oweTransfer(tx, p, deps.clock().toISOString()));
    if (owedNow.ok) await tryNow(deps, moneyTaskId.transfer(p.payoutId));
  }
  return { accountId, onboardingUrl: link.url };
}
