import { dollarsToCents } from "@printhood/core/shared/dollars";
import { PRICE_REASON_MAX_LENGTH } from "@printhood/core/shared/sizes";
import { type FormEvent, useId, useState } from "react";
import { useProposePrice } from "../../../api/price-proposals";
import type { Order } from "../../../api/types";
import { DialogButtons, FormError } from "../../../components/DialogForm";
import { Modal } from "../../../components/printers/dashboard/Modal";
import { formatCents } from "../../../lib/format";
import { inputClass } from "../../../lib/styles";

type Bounds = NonNullable<Order["priceBounds"]>;

/** What is wrong with the typed price, in words (null when it may be sent). */
function priceProblem(text: string, bounds: Bounds, currentCents: number): string | null {
  const cents = dollarsToCents(text);
  if (cents === null) return "Please enter the new price in dollars and cents (for example 12.50).";
  if (cents < bounds.lowCents || cents > bounds.highCents) return `The new price must be between $${bounds.low} and $${bounds.high}.`;
  if (cents === currentCents) return "That is the order's price already.";
  return null;
}

/**
 * Adjust price (issue 25 point 4): the owner proposes a new total within the order's range, with a
 * reason the customer reads; the customer accepts or declines before the owner accepts the order.
 */
export function AdjustPriceDialog({
  order,
  bounds,
  onClose,
}: {
  order: Pick<Order, "id" | "orderNumber" | "fileName" | "pricing">;
  bounds: Bounds;
  onClose: () => void;
}) {
  const propose = useProposePrice(order.id);
  const [price, setPrice] = useState("");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = priceProblem(price, bounds, order.pricing.totalCents) ?? (reason.trim() ? null : "Please say why the price changes.");
    setError(problem);
    if (problem) return;
    propose.mutate({ totalCents: dollarsToCents(price) ?? 0, reason: reason.trim() }, { onSuccess: onClose });
  };
  return (
    <Modal open onClose={onClose} title="Adjust Price" description={`${order.orderNumber ?? order.fileName} · ${order.fileName}`}>
      <form onSubmit={submit} noValidate>
        <p className="text-sm text-slate-700">
          The order is at {formatCents(order.pricing.totalCents)}. If your slicer says the print needs more or less than the estimate,
          propose a price between {formatCents(bounds.lowCents)} and {formatCents(bounds.highCents)} instead of rejecting the order. The
          customer accepts or declines it; until then you cannot accept the order.
        </p>
        <label htmlFor={`${id}-price`} className="mt-4 block text-sm font-medium text-slate-700">
          New price (USD, delivery included)
        </label>
        <input
          id={`${id}-price`}
          inputMode="decimal"
          autoComplete="off"
          value={price}
          onChange={(e) => {
            setPrice(e.target.value);
            setError(null);
          }}
          className={inputClass}
          placeholder={(bounds.lowCents / 100).toFixed(2)}
          aria-describedby={`${id}-range${error ? ` ${id}-error` : ""}`}
          aria-invalid={error ? true : undefined}
        />
        <p id={`${id}-range`} className="mt-1 text-xs text-slate-500">
          Between ${bounds.low} and ${bounds.high}
        </p>
        <label htmlFor={`${id}-reason`} className="mt-4 block text-sm font-medium text-slate-700">
          Reason for the customer
        </label>
        <textarea
          id={`${id}-reason`}
          rows={3}
          maxLength={PRICE_REASON_MAX_LENGTH}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
          className={inputClass}
          placeholder="My slicer says this part needs 94 g of filament, not 100 g."
        />
        <FormError id={`${id}-error`} error={error} />
        <DialogButtons onCancel={onClose} busy={false} pending={propose.isPending} action="Propose New Price" />
      </form>
    </Modal>
  );
}
