import { ERRORS } from "@printhood/core/shared/errors";
import { type JobAction, type JobStatus, movesFor } from "@printhood/core/shared/lifecycle";
import { OWNER_MESSAGE_MAX_LENGTH } from "@printhood/core/shared/sizes";
import { type FormEvent, lazy, Suspense, useId, useState } from "react";
import { useOrderStep, useRespondToOrder } from "../../api/owner-orders";
import type { OwnerJob } from "../../api/types";
import { inputClass, primaryButton, secondaryButton } from "../../lib/styles";
import { Modal } from "../printers/dashboard/Modal";

/** The owner's buttons, by the lifecycle move they make (spec 2 §2, issue 9): the spec's names. */
const LABELS: Partial<Record<JobAction, string>> = {
  accept: "Accept",
  reject: "Reject",
  startPrinting: "Start Printing",
  complete: "Mark Complete",
  readyForPickup: "Ready for Pickup",
  readyForShipping: "Ready for Shipping",
  pickUp: "Mark Picked Up",
  ship: "Mark Shipped",
};

/** A local delivery goes through the pickup statuses; the owner brings the part, so the buttons say so. */
const DELIVERY_LABELS: Partial<Record<JobAction, string>> = { readyForPickup: "Ready for Delivery", pickUp: "Mark Delivered" };

/** Carriers offered as suggestions in Mark Shipped (any name may be typed). */
const CARRIERS = ["USPS", "UPS", "FedEx", "DHL"];

type OwnerOrder = Pick<OwnerJob, "id" | "orderNumber" | "fileName" | "status" | "deliveryMethod" | "shipping" | "carrier"> & {
  priceProposal?: OwnerJob["priceProposal"];
};
type Dialog = { kind: "respond"; action: "accept" | "reject" } | { kind: "ship" } | { kind: "complete" } | null;

// Mark Complete's dialog carries the photo field: fetched when the button is first reached (a
// pointer or the keyboard on it), not with every list of orders (docs/architecture.md "Page weight").
const loadComplete = () => import("./CompleteDialog");
const CompleteDialog = lazy(() => loadComplete().then((m) => ({ default: m.CompleteDialog })));
const preloadComplete = () => void loadComplete().catch(() => {});

const orderName = (order: OwnerOrder) => order.orderNumber ?? order.fileName;

/**
 * What the printer's owner may do with an order now: the moves core's lifecycle table offers the
 * owner from its status and delivery method (an unpaid request can only be rejected; pickup and
 * local delivery go Ready for Pickup, shipping Ready for Shipping). Accept and Reject ask for an
 * optional message, Mark Complete for photos of the finished part (issue 21), Mark Shipped for the
 * carrier and tracking number; the rest are one click.
 */
export function OwnerOrderActions({ order, size = "sm" }: { order: OwnerOrder; size?: "sm" | "md" }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const step = useOrderStep(order.id);
  // A new price the customer has not settled: the order cannot be accepted until they do (issue 25 point 4).
  const priceOpen = order.priceProposal?.status === "proposed" || order.priceProposal?.status === "awaiting_payment";
  const moves = movesFor(order.status as JobStatus, "owner", order.deliveryMethod).filter((m) => !(priceOpen && m.action === "accept"));
  if (moves.length === 0 && order.status !== "submitted") return null;
  const pad = size === "sm" ? "px-3 py-1.5 text-sm" : "px-4 py-2";

  return (
    <div className="flex flex-wrap items-center gap-2">
      {order.status === "submitted" ? <span className="text-sm text-amber-700">Awaiting the customer's payment</span> : null}
      {priceOpen ? <span className="text-sm text-amber-700">New price proposed: awaiting the customer's answer</span> : null}
      {moves.map((move) => {
        const label = (order.deliveryMethod === "delivery" ? DELIVERY_LABELS[move.action] : undefined) ?? LABELS[move.action];
        if (!label) return null;
        const danger = move.action === "reject";
        const onClick = () => {
          if (move.action === "accept" || move.action === "reject") setDialog({ kind: "respond", action: move.action });
          else if (move.action === "ship") setDialog({ kind: "ship" });
          else if (move.action === "complete") setDialog({ kind: "complete" });
          else step.mutate({ status: move.to });
        };
        return (
          <button
            key={move.action}
            type="button"
            onClick={onClick}
            {...(move.action === "complete" ? { onPointerEnter: preloadComplete, onFocus: preloadComplete } : {})}
            disabled={step.isPending}
            className={
              danger
                ? `rounded-lg border border-red-200 font-medium text-red-700 hover:bg-red-50 disabled:opacity-60 ${pad}`
                : `rounded-lg bg-brand-600 font-semibold text-white hover:bg-brand-700 disabled:opacity-60 ${pad}`
            }
          >
            {step.isPending && step.variables?.status === move.to ? "Updating..." : label}
          </button>
        );
      })}
      {dialog?.kind === "respond" ? <RespondDialog order={order} action={dialog.action} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === "ship" ? <ShipDialog order={order} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === "complete" ? (
        <Suspense fallback={null}>
          <CompleteDialog order={order} onClose={() => setDialog(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** Accept/Reject OwnerJob (spec 2 §2): an optional message to the customer, which joins the order's thread. */
function RespondDialog({ order, action, onClose }: { order: OwnerOrder; action: "accept" | "reject"; onClose: () => void }) {
  const respond = useRespondToOrder(order.id);
  const [message, setMessage] = useState("");
  const id = useId();
  const accept = action === "accept";
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = message.trim();
    respond.mutate({ action, ...(text ? { message: text } : {}) }, { onSuccess: onClose });
  };
  return (
    <Modal open onClose={onClose} title={accept ? "Accept Order" : "Reject Order"} description={`${orderName(order)} · ${order.fileName}`}>
      <form onSubmit={submit}>
        <p className="text-sm text-slate-700">
          {accept
            ? "Accepting captures the customer's payment and adds the order to your queue."
            : "Rejecting releases the customer's payment; they are told at once."}
        </p>
        <label htmlFor={`${id}-message`} className="mt-4 block text-sm font-medium text-slate-700">
          Message to the customer (optional)
        </label>
        <textarea
          id={`${id}-message`}
          rows={3}
          maxLength={OWNER_MESSAGE_MAX_LENGTH}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          className={inputClass}
          placeholder={accept ? "Thanks! I'll start on it tomorrow morning." : "Sorry, I'm out of that filament this week."}
        />
        <div className="mt-6 flex justify-end gap-3">
          <button type="button" className={secondaryButton} onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            disabled={respond.isPending}
            className={
              accept ? primaryButton : "rounded-lg bg-red-600 px-4 py-2 font-semibold text-white hover:bg-red-700 disabled:opacity-60"
            }
          >
            {respond.isPending ? "Sending..." : accept ? "Accept Order" : "Reject Order"}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** Mark Shipped: the carrier (the customer's chosen option's, to start with) and the tracking number, both required. */
function ShipDialog({ order, onClose }: { order: OwnerOrder; onClose: () => void }) {
  const step = useOrderStep(order.id);
  const [carrier, setCarrier] = useState(order.carrier ?? order.shipping?.carrier ?? "");
  const [trackingNumber, setTrackingNumber] = useState("");
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!carrier.trim() || !trackingNumber.trim()) {
      setError(ERRORS.tracking_required.message);
      return;
    }
    setError(null);
    step.mutate({ status: "shipped", carrier: carrier.trim(), trackingNumber: trackingNumber.trim() }, { onSuccess: onClose });
  };
  return (
    <Modal open onClose={onClose} title="Mark Shipped" description={`${orderName(order)} · ${order.fileName}`}>
      <form onSubmit={submit} noValidate>
        {order.shipping ? (
          <p className="text-sm text-slate-700">
            The customer chose {order.shipping.carrier} {order.shipping.service} to {order.shipping.zipTo}.
          </p>
        ) : null}
        <label htmlFor={`${id}-carrier`} className="mt-4 block text-sm font-medium text-slate-700">
          Carrier
        </label>
        <input
          id={`${id}-carrier`}
          list={`${id}-carriers`}
          value={carrier}
          onChange={(e) => {
            setCarrier(e.target.value);
            setError(null);
          }}
          maxLength={60}
          required
          autoComplete="off"
          className={inputClass}
        />
        <datalist id={`${id}-carriers`}>
          {CARRIERS.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
        <label htmlFor={`${id}-tracking`} className="mt-4 block text-sm font-medium text-slate-700">
          Tracking number
        </label>
        <input
          id={`${id}-tracking`}
          value={trackingNumber}
          onChange={(e) => {
            setTrackingNumber(e.target.value);
            setError(null);
          }}
          maxLength={80}
          required
          autoComplete="off"
          className={inputClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error ? (
          <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <div className="mt-6 flex justify-end gap-3">
          <button type="button" className={secondaryButton} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" disabled={step.isPending} className={primaryButton}>
            {step.isPending ? "Saving..." : "Mark Shipped"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
