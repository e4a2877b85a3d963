import { lazy, Suspense, useState } from "react";
import type { StaffOrder } from "../../api/types";
import { secondaryButton } from "../../lib/styles";

// The refund's form (its amount field) is fetched when the button is first reached, not with the look-up.
const loadDialog = () => import("./RefundDialog");
const RefundDialog = lazy(() => loadDialog().then((m) => ({ default: m.RefundDialog })));
const preload = () => void loadDialog().catch(() => {});

/** Refund by hand on an order of the look-up: offered while money is left to refund. */
export function RefundButton({ order }: { order: StaffOrder }) {
  const [open, setOpen] = useState(false);
  if (order.refundableCents <= 0) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        onPointerEnter={preload}
        onFocus={preload}
        className={`${secondaryButton} text-sm`}
        aria-label={`Refund ${order.orderNumber ?? order.fileName}`}
      >
        Refund
      </button>
      {open ? (
        <Suspense fallback={null}>
          <RefundDialog order={order} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
