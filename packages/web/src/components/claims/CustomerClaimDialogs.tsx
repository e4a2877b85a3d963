import {
  CLAIM_DESCRIPTION_MAX,
  CLAIM_DESCRIPTION_MIN,
  CLAIM_REASON_WORDS,
  CLAIM_REMEDIES,
  CLAIM_REMEDY_WORDS,
  type ClaimReason,
  type ClaimRemedy,
  claimPhotosNeeded,
  claimReasonsFor,
} from "@printhood/core/shared/claims";
import { ERRORS } from "@printhood/core/shared/errors";
import { type FormEvent, useId, useState } from "react";
import { useDeclineOffer, useOpenClaim } from "../../api/claims";
import type { Claim, Order } from "../../api/types";
import { dateTimeText, orderLabel } from "../../lib/orders";
import { inputClass } from "../../lib/styles";
import { DialogButtons, FormError } from "../DialogForm";
import { PhotoUploader } from "../photos/PhotoUploader";
import { Modal } from "../printers/dashboard/Modal";
import { ChoiceField, optionsOf } from "./ChoiceField";
import { answerText } from "./ClaimDetails";

/**
 * Open a claim (issue 21 point 4): why (the guarantee's five reasons), what happened, photos (needed
 * unless the part never arrived), and what the customer would like, a refund or a reprint. The
 * order's one claim; the owner's earning for it is frozen at once.
 */
export function OpenClaimDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const open = useOpenClaim(order.id);
  const id = useId();
  const [reason, setReason] = useState<ClaimReason | null>(null);
  const [remedy, setRemedy] = useState<ClaimRemedy | null>(null);
  const [description, setDescription] = useState("");
  const [photoIds, setPhotoIds] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const needed = reason ? claimPhotosNeeded(reason) : 1;

  const problem = (): string | null => {
    if (!reason) return "Please choose what is wrong with the part.";
    if (description.trim().length < CLAIM_DESCRIPTION_MIN)
      return `Please describe the problem in at least ${CLAIM_DESCRIPTION_MIN} characters.`;
    if (photoIds.length < needed) return ERRORS.too_few_photos.message({ min: needed });
    if (!remedy) return "Please choose what you would like: a refund or a reprint.";
    return null;
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const p = problem();
    setError(p);
    if (p || !reason || !remedy) return;
    open.mutate({ reason, description: description.trim(), photoIds, remedy }, { onSuccess: onClose });
  };

  return (
    <Modal
      open
      onClose={onClose}
      title="Open a claim"
      description={`${orderLabel(order)} · ${order.fileName}${order.claimWindowEndsAt ? ` · open until ${dateTimeText(order.claimWindowEndsAt)}` : ""}`}
      size="max-w-2xl"
    >
      <form onSubmit={submit} noValidate className="space-y-5" aria-describedby={error ? `${id}-error` : undefined}>
        <p className="text-sm text-slate-700">
          The printer owner is told at once and answers: a refund, a reprint, or their side of it. If you do not agree, Printhood looks at
          both sides and decides. Each order can have one claim.
        </p>
        <ChoiceField
          legend="What is wrong?"
          name={`${id}-reason`}
          options={optionsOf(claimReasonsFor(order.deliveryMethod), CLAIM_REASON_WORDS)}
          value={reason}
          onChange={setReason}
          columns
        />
        <div>
          <label htmlFor={`${id}-description`} className="block text-sm font-medium text-slate-700">
            Describe the problem
          </label>
          <textarea
            id={`${id}-description`}
            rows={4}
            maxLength={CLAIM_DESCRIPTION_MAX}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            aria-describedby={`${id}-description-hint`}
            className={inputClass}
          />
          <p id={`${id}-description-hint`} className="mt-1 text-sm text-slate-600">
            At least {CLAIM_DESCRIPTION_MIN} characters: what you expected and what you got. Measurements help.
          </p>
        </div>
        <PhotoUploader
          purpose="claim"
          min={needed}
          label="Photos of the problem"
          hint={
            needed === 0
              ? "Not needed when the part never arrived."
              : "Show the problem clearly; a ruler or calipers beside the part help. At least one is needed."
          }
          onChange={setPhotoIds}
          onBusyChange={setBusy}
        />
        <ChoiceField
          legend="What would you like?"
          name={`${id}-remedy`}
          options={optionsOf(CLAIM_REMEDIES, CLAIM_REMEDY_WORDS)}
          value={remedy}
          onChange={setRemedy}
        />
        <FormError id={`${id}-error`} error={error} />
        <DialogButtons onCancel={onClose} busy={busy} pending={open.isPending} action="Open claim" />
      </form>
    </Modal>
  );
}

/** Ask Printhood to decide: the customer declines the owner's offer, with an optional word why. */
export function DeclineOfferDialog({ claim, onClose }: { claim: Claim; onClose: () => void }) {
  const decline = useDeclineOffer(claim.id);
  const id = useId();
  const [message, setMessage] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = message.trim();
    decline.mutate(text ? { message: text } : {}, { onSuccess: onClose });
  };
  return (
    <Modal
      open
      onClose={onClose}
      title="Ask Printhood to decide"
      description={claim.response ? `The offer: ${answerText(claim.response)}` : undefined}
    >
      <form onSubmit={submit}>
        <p className="text-sm text-slate-700">
          Our team reads your claim, the printer owner's answer, both sides' photos and your messages, then decides: a full or part refund,
          a reprint, or no change. Both of you read the reason.
        </p>
        <label htmlFor={`${id}-message`} className="mt-4 block text-sm font-medium text-slate-700">
          Why the offer does not work for you (optional)
        </label>
        <textarea
          id={`${id}-message`}
          rows={3}
          maxLength={CLAIM_DESCRIPTION_MAX}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          className={inputClass}
        />
        <DialogButtons onCancel={onClose} busy={false} pending={decline.isPending} action="Ask Printhood to decide" />
      </form>
    </Modal>
  );
}
