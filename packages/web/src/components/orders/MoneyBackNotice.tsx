import { MONEY_BACK_OWED, REFUND_ON_ITS_WAY } from "@printhood/core/shared/payment-status";
import type { Order, OrderBasics } from "../../api/types";
import { formatCents } from "../../lib/format";

/**
 * Money the product owes the customer and Stripe has not yet confirmed: a closed order's hold or
 * refund (the payment provider was unreachable when it closed), or a claim's refund (issue 21). The
 * refund is recorded and retried until it lands (payments/tasks.ts), and the customer is told so
 * instead of seeing nothing happen.
 */
export function MoneyBackNotice({ order }: { order: Pick<OrderBasics, "payment"> & { claim?: Order["claim"] } }) {
  const owed = !!order.payment && MONEY_BACK_OWED.has(order.payment.status);
  const claimRefund = order.claim?.refundStatus === "pending" ? (order.claim.decision?.refundCents ?? 0) : 0;
  if (!owed && claimRefund <= 0) return null;
  const held = order.payment?.status === "release_pending";
  return (
    <div role="status" className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <p className="font-semibold">{REFUND_ON_ITS_WAY}</p>
      <p className="mt-1">
        {held
          ? "The hold on your card is being released. It is recorded and will be released as soon as our payment provider confirms it."
          : claimRefund > 0
            ? `Your refund of ${formatCents(claimRefund)} on your claim is recorded and on its way to your card. It goes through as soon as our payment provider confirms it.`
            : "Your refund is recorded and on its way to your card. It goes through as soon as our payment provider confirms it."}
      </p>
    </div>
  );
}
