import { MessageThread } from "./MessageThread";
import { messageSentToast } from "./sentToast";

/**
 * The message thread on /order/{id} (spec 2 §2 Order details, §7: GET and POST
 * /api/print-jobs/{id}/messages), for the order's customer and its printer's owner.
 */
export function OrderThread({ orderId, viewerId }: { orderId: string; viewerId: string }) {
  return (
    <section aria-labelledby="order-thread-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="order-thread-heading" className="text-lg font-semibold text-slate-900">
        Messages
      </h2>
      <div className="mt-3">
        <MessageThread jobId={orderId} viewerId={viewerId} threadPath="print-jobs" sendPath="print-jobs" success={messageSentToast()} />
      </div>
    </section>
  );
}
