import { MONEY_BACK_OWED, REFUND_ON_ITS_WAY } from "@printhood/core/shared/payment-status";
import type { Order } from "../../api/types";

/**
 * A closed order whose money the product owes back and Stripe has not yet confirmed (the payment
 * provider was unreachable when it closed): the refund is recorded and retried until it lands
 * (payments/tasks.ts), and the customer is told so instead of seeing nothing happen.
 */
export function MoneyBackNotice({ order }: { order: Pick<Order, "payment"> }) {
  if (!order.payment || !MONEY_BACK_OWED.has(order.payment.status)) return null;
  const held = order.payment.status === "release_pending";
  return (
    <div role="status" className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <p className="font-semibold">{REFUND_ON_ITS_WAY}</p>
      <p className="mt-1">
        {held
          ? "The hold on your card is being released. It is recorded and will be released as soon as our payment provider confirms it."
          : "Your refund is recorded and on its way to your card. It goes through as soon as our payment provider confirms it."}
      </p>
    </div>
  );
}
