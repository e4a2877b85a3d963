import { queryOptions, useMutation } from "@tanstack/react-query";
import { useToast } from "../components/Toasts";
import { byId, call, client } from "./client";
import { useOrderChanged } from "./orders";
import { useFailureToast } from "./useFailureToast";

// An adjusted price within the estimate's range (issue 25 point 4): the owner proposes
// (POST /api/print-jobs/{id}/price-proposal), the customer accepts or declines (…/accept, …/decline).
// Each answers the order as its caller sees it.

export const proposePrice = (id: string, json: { totalCents: number; reason: string }) =>
  call(client.api["print-jobs"][":id"]["price-proposal"].$post({ ...byId(id), json }));
export const acceptPriceProposal = (id: string) => call(client.api["print-jobs"][":id"]["price-proposal"].accept.$post(byId(id)));
export const declinePriceProposal = (id: string) => call(client.api["print-jobs"][":id"]["price-proposal"].decline.$post(byId(id)));

/** Adjust price: "New Price Proposed", or the server's sentence (out of range, not now). */
export function useProposePrice(orderId: string) {
  const changed = useOrderChanged();
  const { toast } = useToast();
  const fail = useFailureToast();
  return useMutation({
    mutationFn: (body: { totalCents: number; reason: string }) => proposePrice(orderId, body),
    onSuccess: (order) => {
      changed(order);
      toast({ title: "New Price Proposed", description: "The customer has been asked to accept or decline it." });
    },
    onError: (e) => fail(e, "Price Not Proposed"),
  });
}

/** Accept new price / Decline: the order as it is now, or the server's sentence. */
export function useAnswerPriceProposal(orderId: string) {
  const changed = useOrderChanged();
  const { toast } = useToast();
  const fail = useFailureToast();
  return useMutation({
    mutationFn: (accept: boolean) => (accept ? acceptPriceProposal(orderId) : declinePriceProposal(orderId)),
    onSuccess: (order, accept) => {
      changed(order);
      toast({
        title: accept ? "New Price Accepted" : "New Price Declined",
        description: accept ? "Your order is at the new price." : "Your order stays at its price.",
      });
    },
    onError: (e) => fail(e, "Answer Not Sent"),
  });
}

export const fetchNewHold = (id: string) => call(client.api["print-jobs"][":id"]["price-proposal"].payment.$post(byId(id)));

/** The new hold for a higher accepted price (its client secret, for the card form); asked once per order page. */
export const newHoldQuery = (orderId: string) =>
  queryOptions({ queryKey: ["orders", "new-hold", orderId] as const, queryFn: () => fetchNewHold(orderId), gcTime: 0 });
