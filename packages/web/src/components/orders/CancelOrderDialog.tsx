import { paymentTaken } from "@printhood/core/shared/job-groups";
import { useCancelOrder } from "../../api/orders";
import type { OrderBasics } from "../../api/types";
import { orderLabel } from "../../lib/orders";
import { secondaryButton } from "../../lib/styles";
import { Modal } from "../printers/dashboard/Modal";

/** The cancel confirmation (spec 2 §2, §8): it cannot be undone; Keep Order or Cancel Order. */
export function CancelOrderDialog({ order, onClose }: { order: OrderBasics; onClose: () => void }) {
  const mutation = useCancelOrder();
  const paid = paymentTaken(order.payment);
  return (
    <Modal open onClose={onClose} title="Cancel Order" description={`${orderLabel(order)} · ${order.fileName}`}>
      <p className="text-slate-700">Are you sure you want to cancel this order? This action cannot be undone.</p>
      {paid ? (
        <p className="mt-2 text-sm text-slate-600">
          {order.payment?.status === "captured"
            ? "The amount you paid will be refunded to your card."
            : "The hold on your card will be released; nothing is charged."}
        </p>
      ) : null}
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" className={secondaryButton} onClick={onClose}>
          Keep Order
        </button>
        <button
          type="button"
          onClick={() => mutation.mutate(order.id, { onSuccess: onClose })}
          disabled={mutation.isPending}
          className="rounded-lg bg-red-600 px-4 py-2 font-semibold text-white hover:bg-red-700 disabled:opacity-60"
        >
          {mutation.isPending ? "Cancelling..." : "Cancel Order"}
        </button>
      </div>
    </Modal>
  );
}
