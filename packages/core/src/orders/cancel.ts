import { ledgerOnRefund } from "../ledger/ledger.ts";
import { fail } from "../shared/errors.ts";
import { planTransition } from "../shared/lifecycle.ts";
import type { OrderDeps } from "./deps.ts";
import { publishStatusChanged, statusChanged } from "./events.ts";
import { loadOrderFor } from "./load.ts";
import { moveOrder } from "./move.ts";
import { closingMoney, settleClosedOrder } from "./settle.ts";

/**
 * The customer cancels (spec 2 §4: irreversible), allowed until printing starts (DECISIONS.md
 * "Orders"): the hold is released, or the payment refunded in full once the owner had accepted.
 * The cancel, the owner's voided earning and the money owed back are one transaction
 * (orders/settle.ts), so a refund can never be lost; Stripe is then asked at once, and again by
 * the money sweep if it could not be reached. If the order moved meanwhile (the owner accepted),
 * the cancel is planned again from the new status, so a cancel that is still allowed wins and one
 * that is not (printing started) gets the lifecycle's sentence.
 */
export async function cancelOrder(deps: OrderDeps, userId: string, ref: string) {
  const loaded = await loadOrderFor(deps.store, userId, ref);
  if (!loaded.isCustomer) throw fail("customer_only");
  let job = loaded.job;
  const ownerId = loaded.ownerId;
  for (let attempt = 0; attempt < 3; attempt++) {
    planTransition(job.status, "cancel", "customer", job.deliveryMethod);
    const from = job.status;
    const at = deps.clock().toISOString();
    const captured = from === "accepted" && !!ownerId;
    const current = job;
    const money = closingMoney(current, at);
    const result = await moveOrder(deps.store, {
      job: current,
      action: "cancel",
      actor: "customer",
      actorId: userId,
      at,
      set: { cancelReason: "customer", ...money.set },
      also: (tx) => [...money.also(tx), ...(captured && ownerId ? ledgerOnRefund(tx, current, ownerId, at) : [])],
    });
    if (result.ok) {
      await publishStatusChanged(
        deps.events,
        statusChanged(result.job, { from, to: "cancelled", action: "cancel", actor: "customer", actorId: userId, at }, ownerId ?? "", {
          reason: "customer",
        }),
      );
      const payment = await settleClosedOrder(deps, result.job);
      return payment ? { ...result.job, payment } : result.job;
    }
    if (!result.current) throw fail("order_not_found");
    job = result.current;
  }
  throw fail("order_changed");
}
