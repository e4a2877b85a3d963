import type { PriceResult } from "@printhood/core/shared/pricing";
import { Link } from "@tanstack/react-router";
import type { DeliveryMethod } from "../../api/types";
import { PriceLine } from "../../components/PriceLine";
import { type PartLine, PartLines } from "../../components/project/PartLines";
import { formatCents } from "../../lib/format";
import { cardClass } from "../../lib/styles";

/**
 * Order Summary (spec 1 §2): print service (the subtotal: base cost and any multicolour premiums),
 * the delivery line when there is one, the platform fee, the total, the print time; then Submit
 * Order (disabled until a colour is chosen) and the terms note.
 */
export function OrderSummaryCard(props: {
  id: string;
  price: PriceResult;
  /** A project's price lines, one per part (null for a single design of one copy). */
  lines?: readonly PartLine[] | null;
  /** The server's "The price changed…" sentence, when the last submit was refused for it. */
  notice?: string | null;
  delivery: DeliveryMethod;
  hours: number;
  canSubmit: boolean;
  pending: boolean;
  onSubmit(): void;
}) {
  const { id, price, delivery, hours } = props;
  return (
    <aside aria-labelledby={id} className={`${cardClass} h-fit lg:sticky lg:top-24`}>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        Order Summary
      </h2>
      {props.notice ? (
        <div role="alert" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-semibold">Price Changed</p>
          <p className="mt-1">{props.notice}</p>
        </div>
      ) : null}
      {props.lines ? (
        <div className="mt-4">
          <PartLines lines={props.lines} />
        </div>
      ) : null}
      <dl className="mt-4 space-y-2 text-sm">
        <PriceLine label="Print Service" value={formatCents(price.subtotalCents)} />
        {delivery !== "pickup" ? (
          <PriceLine label={delivery === "delivery" ? "Local Delivery" : "Shipping (from)"} value={formatCents(price.deliveryFeeCents)} />
        ) : null}
        <PriceLine label="Platform Fee" value={formatCents(price.platformFeeCents)} />
        <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold text-slate-900">
          <dt>Total</dt>
          <dd data-testid="order-total">{formatCents(price.totalCents)}</dd>
        </div>
        <PriceLine label="Estimated Print Time" value={`${hours} ${hours === 1 ? "hour" : "hours"}`} />
      </dl>
      <button
        type="button"
        disabled={!props.canSubmit || props.pending}
        onClick={props.onSubmit}
        className="mt-6 w-full rounded-xl bg-brand-600 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {props.pending ? "Processing..." : "Submit Order"}
      </button>
      <p className="mt-3 text-center text-xs text-slate-500">
        By submitting this order, you agree to our{" "}
        <Link to="/terms" className="underline">
          Terms of Service
        </Link>
        .
      </p>
    </aside>
  );
}
