import { z } from "zod";
import type { Store } from "../db/store.ts";
import { balanceOf } from "../ledger/payouts.ts";
import type { PrinterRecord } from "../printers/present.ts";
import { balanceEarnedCents } from "../shared/earnings.ts";
import { customerFigures, ownerFigures, sumTallies, type Tally } from "../shared/tallies.ts";
import { ownPrinterRecord } from "./lists.ts";

/*
 * The figures without anyone's history (issue 23 point 2): the customer dashboard's cards and tab
 * counts read the customer's order tally, the owner dashboard's and the Print Queue's counts and
 * the tracking screen's cards each printer's (one item each, kept in the transaction of every order
 * move: orders/tallies.ts), so they stay right while the lists beside them are read a page at a
 * time. Total Earnings is the balance's "Earned in all"
 * (shared/earnings.ts balanceEarnedCents): one definition of earnings, read from one item.
 */

const count = z.number().int().min(0);
const cents = z.number().int().min(0);

export const ownerFiguresSchema = z
  .object({
    pending: count.meta({ description: "Orders waiting for the owner's answer (submitted or confirmed)" }),
    active: count.meta({ description: "Orders accepted or printing" }),
    ready: count.meta({ description: "Orders ready for pickup or shipping" }),
    completed: count.meta({ description: "Orders printed, handed over or not" }),
    totalJobs: count.meta({ description: "Every order ever sent (never drafts)" }),
    completedEarnedCents: cents,
    tracking: z.object({
      pickupCount: count,
      shippingCount: count,
      completedCount: count,
      customerPaidCents: cents,
      ownerEarnedCents: cents,
    }),
  })
  .meta({ id: "OrderFigures" });

export const ownerDashboardFiguresSchema = ownerFiguresSchema
  .extend({
    earnedCents: cents.meta({ description: "What the owner has earned in all (the payouts tab's 'Earned in all')" }),
  })
  .meta({ id: "OwnerFigures" });

export const customerFiguresSchema = z
  .object({
    totalOrders: count.meta({ description: "Every order sent (never drafts)" }),
    active: count.meta({ description: "Orders the Active Orders tab lists" }),
    completed: count.meta({ description: "Orders the Completed tab lists (ready, picked up or shipped)" }),
    totalSpentCents: cents.meta({ description: "What was paid for orders still paid for (not cancelled, declined or unpaid)" }),
  })
  .meta({ id: "CustomerFigures" });

/** The tallies of these scopes that exist (a scope with no order yet has none: it counts nothing). */
async function talliesOf(store: Store, scopes: readonly string[]): Promise<Tally[]> {
  if (scopes.length === 0) return [];
  const { data } = await store.entities.orderTallies.get(scopes.map((scope) => ({ scope }))).go();
  return data.map(({ scope: _scope, ...t }) => t as Tally);
}
const printerScopes = (printers: readonly PrinterRecord[]) => printers.map((p) => `printer:${p.printerId}`);

/** One printer's figures (its Print Queue, the tracking screen). */
export async function printerOrderFigures(store: Store, userId: string, printerRef: string) {
  const printer = await ownPrinterRecord(store, userId, printerRef);
  return ownerFigures(sumTallies(await talliesOf(store, printerScopes([printer]))));
}

/** The owner's dashboard: every printer's tallies added up, and the balance's earnings. */
export async function ownerDashboardFigures(store: Store, ownerId: string) {
  const { data: printers } = await store.entities.printers.query.byOwner({ ownerId }).go({ pages: "all" });
  const [tallies, balance] = await Promise.all([talliesOf(store, printerScopes(printers)), balanceOf(store, ownerId)]);
  return {
    ...ownerFigures(sumTallies(tallies)),
    earnedCents: balanceEarnedCents(balance),
  };
}

/** The customer's dashboard: its cards and its tabs' counts, from the customer's tally (one item). */
export async function customerOrderFigures(store: Store, customerId: string) {
  return customerFigures(sumTallies(await talliesOf(store, [`customer:${customerId}`])));
}
