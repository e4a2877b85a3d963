import { lazy, Suspense, useState } from "react";
import type { Order } from "../../api/types";
import { primaryButton } from "../../lib/styles";
import { ClaimDetails } from "./ClaimDetails";

// The answer form carries the photo field: fetched when its button is first reached.
const loadDialogs = () => import("./OwnerClaimDialogs");
const ClaimAnswerDialog = lazy(() => loadDialogs().then((m) => ({ default: m.ClaimAnswerDialog })));
const ReprintDialog = lazy(() => loadDialogs().then((m) => ({ default: m.ReprintDialog })));
const preload = () => void loadDialogs().catch(() => {});

/** What happens next, for the owner, by where the claim stands. */
const NEXT: Record<NonNullable<Order["claim"]>["status"], string> = {
  awaiting_owner:
    "The customer opened a claim under the money-back guarantee. Your earning for this order is frozen until it is settled. Answer it: refund, offer a partial refund or a reprint, or dispute it and Printhood decides.",
  offered: "Waiting for the customer to accept your offer or to ask Printhood to decide.",
  under_review: "Printhood is looking at both sides and will decide. You will get an e-mail with the decision and its reason.",
  reprinting: "Print the part again and hand it over to the customer, then say so here.",
  resolved: "This claim is settled.",
};

/**
 * The claim on an order as its printer's owner sees it (issue 21 point 4), on the owner's order
 * page: the customer's words and photos, where it stands, and the owner's next move: Answer the
 * claim while it waits for them, "Reprint handed over" once a reprint was agreed or decided.
 */
export function OwnerClaimPanel({ order }: { order: Order }) {
  const [dialog, setDialog] = useState<"answer" | "reprint" | null>(null);
  const claim = order.claim;
  if (!claim) return null;
  const intent = { onPointerEnter: preload, onFocus: preload };
  return (
    <section aria-labelledby="owner-claim" className="rounded-2xl border border-amber-200 bg-white p-6 shadow-sm">
      <h2 id="owner-claim" className="text-lg font-semibold text-slate-900">
        Claim under the money-back guarantee
      </h2>
      <p className="mt-1 text-sm text-slate-700">{NEXT[claim.status]}</p>
      <div className="mt-4">
        <ClaimDetails claim={claim} />
      </div>
      {claim.status === "awaiting_owner" ? (
        <button type="button" className={`${primaryButton} mt-5`} {...intent} onClick={() => setDialog("answer")}>
          Answer the claim
        </button>
      ) : null}
      {claim.status === "reprinting" ? (
        <button type="button" className={`${primaryButton} mt-5`} {...intent} onClick={() => setDialog("reprint")}>
          Reprint handed over
        </button>
      ) : null}
      <Suspense fallback={null}>
        {dialog === "answer" ? <ClaimAnswerDialog claim={claim} order={order} onClose={() => setDialog(null)} /> : null}
        {dialog === "reprint" ? <ReprintDialog claim={claim} order={order} onClose={() => setDialog(null)} /> : null}
      </Suspense>
    </section>
  );
}
