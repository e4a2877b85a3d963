import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { useToast } from "../components/Toasts";
import { formatCents } from "../lib/format";
import { byId, call, client } from "./client";
import { queryKeys } from "./keys";
import { asPage, byCursor, PAGE_SIZE, type Paged, pageParams } from "./pages";
import type { LedgerLine, PayoutRecord } from "./types";
import { useFailureToast } from "./useFailureToast";

// An owner's earnings and payouts (DECISIONS.md "Payouts"): GET and POST /api/users/{id}/payouts,
// POST /api/users/{id}/payouts/connect, GET /api/users/{id}/payouts/history and /ledger (their pages).

// ---- fetch functions

/** The balances and the first page of the payouts and of the ledger, each with its marker for more. */
export const fetchPayouts = (userId: string) =>
  call(client.api.users[":id"].payouts.$get({ ...byId(userId), query: { limit: String(PAGE_SIZE) } }));
export const fetchPayoutHistoryPage = (userId: string, cursor?: string) =>
  call(client.api.users[":id"].payouts.history.$get({ ...byId(userId), query: pageParams(cursor) })).then(asPage);
export const fetchLedgerPage = (userId: string, cursor?: string) =>
  call(client.api.users[":id"].ledger.$get({ ...byId(userId), query: pageParams(cursor) })).then(asPage);
export const requestPayout = (userId: string) => call(client.api.users[":id"].payouts.$post(byId(userId)));
export const connectPayouts = (userId: string) => call(client.api.users[":id"].payouts.connect.$post(byId(userId)));

// ---- queries

export function payoutsQuery(userId: string) {
  return queryOptions({ queryKey: queryKeys.payouts.mine(userId), queryFn: () => fetchPayouts(userId) });
}

/**
 * The payouts, then the ledger, a page at a time ("Show more …", issue 23). Their first page is the
 * summary's (one request opens the tab); the next ones come from their own routes, which also read
 * them all again when the summary's prefix is invalidated.
 */
export function payoutHistoryQuery(userId: string, first: Paged<PayoutRecord>) {
  return infiniteQueryOptions({
    queryKey: queryKeys.payouts.history(userId),
    queryFn: ({ pageParam }) => fetchPayoutHistoryPage(userId, pageParam),
    ...byCursor,
    initialData: { pages: [first], pageParams: [undefined] },
  });
}

export function ledgerQuery(userId: string, first: Paged<LedgerLine>) {
  return infiniteQueryOptions({
    queryKey: queryKeys.payouts.ledger(userId),
    queryFn: ({ pageParam }) => fetchLedgerPage(userId, pageParam),
    ...byCursor,
    initialData: { pages: [first], pageParams: [undefined] },
  });
}

// ---- mutations

/** Request Payout: the whole available balance, once; paid at once with a connected Stripe account, else waiting for one. */
export function useRequestPayout(userId: string) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const fail = useFailureToast();
  return useMutation({
    mutationFn: () => requestPayout(userId),
    onSuccess: (payout) => {
      toast(
        payout.status === "paid"
          ? { title: "Payout Sent", description: `${formatCents(payout.amountCents)} is on its way to your Stripe account.` }
          : payout.status === "requested"
            ? { title: "Payout Requested", description: `${formatCents(payout.amountCents)} will be paid once you connect Stripe.` }
            : { title: "Payout Failed", description: "The transfer was refused; the amount is available again.", variant: "destructive" },
      );
      return queryClient.invalidateQueries({ queryKey: queryKeys.payouts.mine(userId) });
    },
    onError: (e) => fail(e, "Payout Failed", { serverOnly: true, fallback: "Failed to request payout" }),
  });
}

/** Connect Stripe: the account's onboarding link, followed in this tab (it returns to /printer-tracking?tab=payouts). */
export function useConnectStripe(userId: string, go: (url: string) => void = (url) => window.location.assign(url)) {
  const fail = useFailureToast();
  return useMutation({
    mutationFn: () => connectPayouts(userId),
    onSuccess: ({ onboardingUrl }) => go(onboardingUrl),
    onError: (e) => fail(e, "Could not connect Stripe", { serverOnly: true, fallback: "Failed to start Stripe onboarding" }),
  });
}
