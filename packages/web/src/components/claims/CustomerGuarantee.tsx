import { customerGuarantee } from "@printhood/core/shared/claims";
import { isHandedOver } from "@printhood/core/shared/job-groups";
import { lazy, Suspense, useId, useState } from "react";
import { useAcceptOffer, useConfirmReceived } from "../../api/claims";
import type { Order } from "../../api/types";
import { dateText, dateTimeText } from "../../lib/orders";
import { primaryButton, secondaryButton } from "../../lib/styles";
import { PhotoGallery } from "../photos/PhotoGallery";
import { ClaimDetails } from "./ClaimDetails";

// The claim form and the "ask Printhood" dialog carry the photo field: fetched when their button is
// first reached (a pointer or the keyboard on it), not with the order (docs/architecture.md "Page weight").
const loadDialogs = () => import("./CustomerClaimDialogs");
const OpenClaimDialog = lazy(() => loadDialogs().then((m) => ({ default: m.OpenClaimDialog })));
const DeclineOfferDialog = lazy(() => loadDialogs().then((m) => ({ default: m.DeclineOfferDialog })));
const preload = () => void loadDialogs().catch(() => {});
const onOpenIntent = { onPointerEnter: preload, onFocus: preload };

/**
 * The customer's side of an order once it is printed (issue 21 points 3 and 4), on the order page
 * and in the details dialog: the photos of the finished part; "Received, looks good", which pays
 * the printer owner, while the claim window is open; the money-back guarantee's "Open a claim" with
 * the window's end; and the claim as it goes: the owner's answer, Accept offer or "Ask Printhood to
 * decide", the decision with its reason. `order` is the order's own answer (lists carry no claim).
 */
export function CustomerGuarantee({ order, level = 2 }: { order: Order; level?: 2 | 3 }) {
  const headingId = useId();
  const [dialog, setDialog] = useState<"claim" | "decline" | null>(null);
  const g = customerGuarantee(order, new Date());
  const claim = order.claim;
  const handedOver = isHandedOver(order);
  if (!order.completionPhotoIds.length && !handedOver && !claim) return null;
  const Heading = level === 2 ? "h2" : "h3";
  // "Your claim" is a part of this section, and its details' parts are parts of it.
  const ClaimHeading = level === 2 ? "h3" : "h4";
  const windowEnd = order.claimWindowEndsAt;
  return (
    <section aria-labelledby={headingId} className={level === 2 ? "rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" : "mt-5"}>
      <Heading id={headingId} className={level === 2 ? "text-lg font-semibold text-slate-900" : "text-sm font-semibold text-slate-900"}>
        Your part and the money-back guarantee
      </Heading>
      {order.completionPhotoIds.length ? (
        <div className="mt-3">
          <p className="mb-2 text-sm text-slate-600">The printer owner's photos of your finished part:</p>
          <PhotoGallery photoIds={order.completionPhotoIds} label="Photos of your finished part" />
        </div>
      ) : null}
      {g.mayConfirmReceipt ? <ConfirmReceipt orderId={order.id} /> : null}
      {order.receivedAt ? (
        <p className="mt-4 text-sm text-emerald-700">You confirmed on {dateText(order.receivedAt)} that the part arrived as ordered.</p>
      ) : null}
      {g.mayOpenClaim && windowEnd ? (
        <div className="mt-4 rounded-xl bg-slate-50 p-4">
          <p className="text-sm text-slate-700">
            Something wrong with the part? Under our money-back guarantee you can open a claim until{" "}
            <strong className="text-slate-900">{dateTimeText(windowEnd)}</strong>: the printer owner answers, and if you do not agree,
            Printhood decides.
          </p>
          <button type="button" className={`${secondaryButton} mt-3`} {...onOpenIntent} onClick={() => setDialog("claim")}>
            Open a claim
          </button>
        </div>
      ) : null}
      {handedOver && !claim && !g.windowOpen && windowEnd ? (
        <p className="mt-4 text-sm text-slate-600">The claim window for this order closed on {dateText(windowEnd)}.</p>
      ) : null}
      {claim ? (
        <div className="mt-4">
          <ClaimHeading className="text-base font-semibold text-slate-900">Your claim</ClaimHeading>
          <div className="mt-2">
            <ClaimDetails claim={claim} partHeading={level === 2 ? "h4" : "h5"} />
          </div>
          {claim.status === "offered" ? (
            <OfferActions claimId={claim.id} onDecline={() => setDialog("decline")} />
          ) : claim.status === "under_review" ? (
            <p className="mt-4 text-sm text-slate-700">Printhood is looking at your claim and will decide. You will get an e-mail.</p>
          ) : claim.status === "awaiting_owner" ? (
            <p className="mt-4 text-sm text-slate-700">The printer owner has been told and will answer. You will get an e-mail.</p>
          ) : null}
        </div>
      ) : null}
      <Suspense fallback={null}>
        {dialog === "claim" ? <OpenClaimDialog order={order} onClose={() => setDialog(null)} /> : null}
        {dialog === "decline" && claim ? <DeclineOfferDialog claim={claim} onClose={() => setDialog(null)} /> : null}
      </Suspense>
    </section>
  );
}

function ConfirmReceipt({ orderId }: { orderId: string }) {
  const received = useConfirmReceived(orderId);
  return (
    <div className="mt-4 rounded-xl border border-emerald-200 bg-emerald-50 p-4">
      <p className="text-sm text-emerald-900">
        Has the part arrived as you ordered it? Confirm it and the printer owner is paid for this order.
      </p>
      <button type="button" className={`${primaryButton} mt-3`} disabled={received.isPending} onClick={() => received.mutate()}>
        {received.isPending ? "Confirming..." : "Received, looks good"}
      </button>
    </div>
  );
}

/** The owner offered a partial refund or a reprint: the customer accepts it, or asks Printhood to decide. */
function OfferActions({ claimId, onDecline }: { claimId: string; onDecline: () => void }) {
  const accept = useAcceptOffer(claimId);
  return (
    <div className="mt-4 rounded-xl bg-slate-50 p-4">
      <p className="text-sm text-slate-700">Accept the printer owner's offer, or ask Printhood to look at the claim and decide.</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={primaryButton} disabled={accept.isPending} onClick={() => accept.mutate()}>
          {accept.isPending ? "Accepting..." : "Accept offer"}
        </button>
        <button type="button" className={secondaryButton} {...onOpenIntent} onClick={onDecline}>
          Ask Printhood to decide
        </button>
      </div>
    </div>
  );
}
