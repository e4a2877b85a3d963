import { centsToDecimal } from "@printhood/core/shared/pricing";
import { useState } from "react";
import { useRefundOrder } from "../../api/staff";
import type { StaffOrder } from "../../api/types";
import { AmountField, amountBody, refundAmountProblem } from "../../components/AmountField";
import { ReasonDialog } from "./ReasonDialog";

/**
 * Refund by hand (issue 21 point 5; POST /api/staff/orders/{id}/refund): part or all of what is left
 * of an order's captured payment (all of it to start with), with a reason. Stripe refunds it
 * (retried until it confirms), the owner's earning is reduced as much and the audit log keeps it.
 */
export function RefundDialog({ order, onClose }: { order: StaffOrder; onClose: () => void }) {
  const [amount, setAmount] = useState(centsToDecimal(order.refundableCents));
  const refund = useRefundOrder();
  return (
    <ReasonDialog
      open
      onClose={onClose}
      title={`Refund ${order.orderNumber ?? order.fileName}`}
      description="Refunded to the customer's card through Stripe; the owner's earning for the order is reduced as much (at most what they earn from it). The audit log keeps it with your reason."
      extra={() => <AmountField label="Amount to refund (dollars)" value={amount} onChange={setAmount} mostCents={order.refundableCents} />}
      problem={() => refundAmountProblem(amount, order.refundableCents)}
      reasonLabel="Reason"
      submitText="Refund"
      busy={refund.isPending}
      onSubmit={(reason) => refund.mutate({ id: order.id, body: { amount: amountBody(amount), reason } }, { onSuccess: onClose })}
    />
  );
}
