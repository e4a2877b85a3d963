import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useToast } from "../components/Toasts";
import { byId, call, client } from "./client";
import { queryKeys } from "./keys";
import type { ClaimResponseBody, DeclineOfferBody, OpenClaimBody, ReprintBody } from "./types";
import { useFailureToast } from "./useFailureToast";

// The money-back guarantee (issue 21 points 3 and 4): POST /api/print-jobs/{id}/received and
// /claims (the customer), POST /api/claims/{id}/response and /reprint (the printer's owner),
// /accept and /decline (the customer). A claim is read with its order (`claim` on GET
// /api/print-jobs/{id}).

// ---- fetch functions (the only code that knows paths and payload shapes)

export const confirmReceived = (orderId: string) => call(client.api["print-jobs"][":id"].received.$post(byId(orderId)));
export const openClaim = (orderId: string, json: OpenClaimBody) =>
  call(client.api["print-jobs"][":id"].claims.$post({ ...byId(orderId), json }));
export const answerClaim = (claimId: string, json: ClaimResponseBody) =>
  call(client.api.claims[":id"].response.$post({ ...byId(claimId), json }));
export const acceptOffer = (claimId: string) => call(client.api.claims[":id"].accept.$post(byId(claimId)));
export const declineOffer = (claimId: string, json: DeclineOfferBody) =>
  call(client.api.claims[":id"].decline.$post({ ...byId(claimId), json }));
export const reprintHandedOver = (claimId: string, json: ReprintBody) =>
  call(client.api.claims[":id"].reprint.$post({ ...byId(claimId), json }));

// ---- mutations: each owns its invalidations and its toasts

/**
 * What a step of the guarantee changes: the order (its page, by id or number), both sides' lists,
 * the owner's earnings (held, frozen, available) and the staff console's queues.
 */
export function useGuaranteeChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [queryKeys.printJobs.all, queryKeys.orders.lists, queryKeys.printers.all, queryKeys.payouts.all, queryKeys.staff.all].map(
        (queryKey) => queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** One guarantee step: the call, a toast saying what happens next, everything it changed read again. */
function useGuaranteeStep<V>(run: (v: V) => Promise<unknown>, done: { title: string; description: string }, failed: string) {
  const { toast } = useToast();
  const fail = useFailureToast();
  const changed = useGuaranteeChanged();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      toast(done);
      return changed();
    },
    onError: (e) => fail(e, failed),
  });
}

/** Received, looks good: the owner's held earning is freed. */
export const useConfirmReceived = (orderId: string) =>
  useGuaranteeStep(
    () => confirmReceived(orderId),
    { title: "Thanks for confirming", description: "The printer owner is paid for this order." },
    "Could not confirm receipt",
  );

export const useOpenClaim = (orderId: string) =>
  useGuaranteeStep(
    (body: OpenClaimBody) => openClaim(orderId, body),
    { title: "Claim opened", description: "The printer owner has been told and will answer. We e-mail you at each step." },
    "Claim Not Opened",
  );

export const useAnswerClaim = (claimId: string) =>
  useGuaranteeStep(
    (body: ClaimResponseBody) => answerClaim(claimId, body),
    { title: "Answer sent", description: "The customer has been told." },
    "Answer Not Sent",
  );

export const useAcceptOffer = (claimId: string) =>
  useGuaranteeStep(
    () => acceptOffer(claimId),
    { title: "Offer accepted", description: "The claim is settled as offered." },
    "Could not accept the offer",
  );

export const useDeclineOffer = (claimId: string) =>
  useGuaranteeStep(
    (body: DeclineOfferBody) => declineOffer(claimId, body),
    { title: "Sent to Printhood", description: "Our team will look at the claim and decide. Both of you will read why." },
    "Could not ask Printhood to decide",
  );

export const useReprintHandedOver = (claimId: string) =>
  useGuaranteeStep(
    (body: ReprintBody) => reprintHandedOver(claimId, body),
    { title: "Reprint handed over", description: "The claim is resolved and your earning for the order is held as usual." },
    "Could not record the reprint",
  );
