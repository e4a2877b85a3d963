import { CLAIM_DESCRIPTION_MAX, OWNER_CLAIM_ACTION_WORDS, OWNER_CLAIM_ACTIONS, type OwnerClaimAction } from "@printhood/core/shared/claims";
import { refundableCents } from "@printhood/core/shared/payment-status";
import { type FormEvent, useId, useState } from "react";
import { useAnswerClaim, useReprintHandedOver } from "../../api/claims";
import type { Claim, Order } from "../../api/types";
import { formatCents } from "../../lib/format";
import { inputClass } from "../../lib/styles";
import { AmountField, amountBody, refundAmountProblem } from "../AmountField";
import { DialogButtons, FormError } from "../DialogForm";
import { PhotoUploader } from "../photos/PhotoUploader";
import { Modal } from "../printers/dashboard/Modal";
import { ChoiceField, optionsOf } from "./ChoiceField";

/** What each answer does, said before the owner sends it. */
function actionEffect(action: OwnerClaimAction, refundable: number): string {
  switch (action) {
    case "refund_full":
      return `The customer gets back ${formatCents(refundable)} at once and the claim is settled; your earning for this order is taken back.`;
    case "offer_partial":
      return "The customer can accept it (that part of your earning is taken back) or ask Printhood to decide.";
    case "offer_reprint":
      return "The customer can accept it: you print the part again and hand it over, and your earning is held until they have it. Or they ask Printhood to decide.";
    case "dispute":
      return "Printhood looks at both sides, your photos of the finished part and the conversation, and decides. Both of you read the reason.";
  }
}

/**
 * The printer owner answers a claim (issue 21 point 4): refund in full, offer a partial refund (an
 * amount in dollars), offer a reprint, or dispute it, with a message the customer and staff read
 * and, if they help, photos.
 */
export function ClaimAnswerDialog({ claim, order, onClose }: { claim: Claim; order: Pick<Order, "payment">; onClose: () => void }) {
  const answer = useAnswerClaim(claim.id);
  const id = useId();
  const refundable = refundableCents(order.payment);
  const [action, setAction] = useState<OwnerClaimAction | null>(null);
  const [amount, setAmount] = useState("");
  const [message, setMessage] = useState("");
  const [photoIds, setPhotoIds] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const problem = (): string | null => {
    if (!action) return "Please choose your answer.";
    if (action === "offer_partial") {
      const wrong = refundAmountProblem(amount, refundable);
      if (wrong) return wrong;
    }
    if (!message.trim()) return "Please write a message to the customer.";
    return null;
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const p = problem();
    setError(p);
    if (p || !action) return;
    answer.mutate(
      { action, message: message.trim(), photoIds, ...(action === "offer_partial" ? { amount: amountBody(amount) } : {}) },
      { onSuccess: onClose },
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      title="Answer the claim"
      description={`${claim.orderNumber ?? "Order"} · ${claim.fileName}`}
      size="max-w-2xl"
    >
      <form onSubmit={submit} noValidate className="space-y-5" aria-describedby={error ? `${id}-error` : undefined}>
        <ChoiceField
          legend="Your answer"
          name={`${id}-action`}
          options={optionsOf(OWNER_CLAIM_ACTIONS, OWNER_CLAIM_ACTION_WORDS)}
          value={action}
          onChange={setAction}
          columns
        />
        {action ? <p className="text-sm text-slate-700">{actionEffect(action, refundable)}</p> : null}
        {action === "offer_partial" ? (
          <AmountField label="Partial refund (dollars)" value={amount} onChange={setAmount} mostCents={refundable} />
        ) : null}
        <div>
          <label htmlFor={`${id}-message`} className="block text-sm font-medium text-slate-700">
            Message to the customer
          </label>
          <textarea
            id={`${id}-message`}
            rows={4}
            maxLength={CLAIM_DESCRIPTION_MAX}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            aria-describedby={`${id}-message-hint`}
            className={inputClass}
          />
          <p id={`${id}-message-hint`} className="mt-1 text-sm text-slate-600">
            The customer reads it, and so does Printhood if it decides.
          </p>
        </div>
        <PhotoUploader
          purpose="claim"
          min={0}
          label="Your photos (optional)"
          hint="Photos that show your side: the part as you made it, a measurement, the parcel."
          onChange={setPhotoIds}
          onBusyChange={setBusy}
        />
        <FormError id={`${id}-error`} error={error} />
        <DialogButtons onCancel={onClose} busy={busy} pending={answer.isPending} action="Send answer" />
      </form>
    </Modal>
  );
}

/** Reprint handed over: the reprint the claim ended in was picked up, or shipped (with its carrier and tracking number). */
export function ReprintDialog({ claim, order, onClose }: { claim: Claim; order: Pick<Order, "deliveryMethod">; onClose: () => void }) {
  const reprint = useReprintHandedOver(claim.id);
  const id = useId();
  const shipping = order.deliveryMethod === "shipping";
  const [carrier, setCarrier] = useState("");
  const [trackingNumber, setTrackingNumber] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (shipping && (!carrier.trim() || !trackingNumber.trim())) {
      setError("Please enter the carrier and the tracking number of the reprint's parcel.");
      return;
    }
    setError(null);
    reprint.mutate(shipping ? { carrier: carrier.trim(), trackingNumber: trackingNumber.trim() } : {}, { onSuccess: onClose });
  };
  return (
    <Modal open onClose={onClose} title="Reprint handed over" description={`${claim.orderNumber ?? "Order"} · ${claim.fileName}`}>
      <form onSubmit={submit} noValidate aria-describedby={error ? `${id}-error` : undefined}>
        <p className="text-sm text-slate-700">
          {shipping
            ? "Tell us when the reprint is on its way. The customer then has a new claim window, and your earning is paid once they confirm receipt or the window closes."
            : "Tell us once the customer has picked up the reprint. They then have a new claim window, and your earning is paid once they confirm receipt or the window closes."}
        </p>
        {shipping ? (
          <>
            <label htmlFor={`${id}-carrier`} className="mt-4 block text-sm font-medium text-slate-700">
              Carrier
            </label>
            <input
              id={`${id}-carrier`}
              value={carrier}
              onChange={(e) => setCarrier(e.target.value)}
              maxLength={60}
              autoComplete="off"
              className={inputClass}
            />
            <label htmlFor={`${id}-tracking`} className="mt-4 block text-sm font-medium text-slate-700">
              Tracking number
            </label>
            <input
              id={`${id}-tracking`}
              value={trackingNumber}
              onChange={(e) => setTrackingNumber(e.target.value)}
              maxLength={80}
              autoComplete="off"
              className={inputClass}
            />
          </>
        ) : null}
        <FormError id={`${id}-error`} error={error} />
        <DialogButtons onCancel={onClose} busy={false} pending={reprint.isPending} action="Reprint handed over" />
      </form>
    </Modal>
  );
}
