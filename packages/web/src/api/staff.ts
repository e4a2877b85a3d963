import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { useToast } from "../components/Toasts";
import { byId, call, client } from "./client";
import { queryKeys } from "./keys";
import { byCursor } from "./pages";
import type { ReportResolutionBody, StaffDecisionBody, StaffRefundBody, SuspensionBody } from "./types";
import { useFailureToast } from "./useFailureToast";

// The staff console's calls (issue 21 point 5): everything under /api/staff/, which answers 404 to
// anyone but a staff member signed in with their authenticator code.

// ---- fetch functions

export const fetchAudit = (cursor?: string) => call(client.api.staff.audit.$get({ query: cursor ? { cursor } : {} }));
export const fetchLookup = (q: string) => call(client.api.staff.lookup.$get({ query: { q } }));
export const fetchReports = () => call(client.api.staff.reports.$get({ query: {} }));
export const suspendUser = (id: string, json: SuspensionBody) =>
  call(client.api.staff.users[":id"].suspension.$post({ ...byId(id), json }));
export const suspendPrinter = (id: string, json: SuspensionBody) =>
  call(client.api.staff.printers[":id"].suspension.$post({ ...byId(id), json }));
export const resolveReport = (id: string, json: ReportResolutionBody) =>
  call(client.api.staff.reports[":id"].resolution.$post({ ...byId(id), json }));
export const fetchStaffClaims = () => call(client.api.staff.claims.$get());
export const decideClaim = (id: string, json: StaffDecisionBody) =>
  call(client.api.staff.claims[":id"].decision.$post({ ...byId(id), json }));
export const fetchOwedMoney = () => call(client.api.staff.money.$get());
export const retryMoney = (id: string, reason: string) =>
  call(client.api.staff.money[":id"].retry.$post({ ...byId(id), json: { reason } }));
export const closeMoney = (id: string, reason: string) =>
  call(client.api.staff.money[":id"].close.$post({ ...byId(id), json: { reason } }));
export const refundOrder = (id: string, json: StaffRefundBody) => call(client.api.staff.orders[":id"].refund.$post({ ...byId(id), json }));

// ---- queries

/** The audit log, newest first, a page at a time ("Show older"). */
export const auditQuery = infiniteQueryOptions({
  queryKey: queryKeys.staff.audit,
  queryFn: ({ pageParam }) => fetchAudit(pageParam),
  ...byCursor,
});

export const lookupQuery = (q: string) =>
  queryOptions({ queryKey: queryKeys.staff.lookup(q), queryFn: () => fetchLookup(q), enabled: q.trim().length > 0 });

export const reportsQuery = queryOptions({ queryKey: queryKeys.staff.reports, queryFn: fetchReports });

/** Open claims, oldest first (issue 21 point 4). */
export const staffClaimsQuery = queryOptions({ queryKey: queryKeys.staff.claims, queryFn: fetchStaffClaims });

/** Money still owed after an hour, or refused by Stripe (issue 26 point 1). */
export const owedMoneyQuery = queryOptions({ queryKey: queryKeys.staff.money, queryFn: fetchOwedMoney });

// ---- mutations

/** After any staff action: everything the console shows may have changed (a suspension cancels orders, writes the log). */
export function useStaffAction<I, R>(run: (input: I) => Promise<R>, texts: { done: (r: R, input: I) => string; failed: string }) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const fail = useFailureToast();
  return useMutation({
    mutationFn: run,
    onSuccess: (result, input) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.staff.all });
      toast({ title: "Done", description: texts.done(result, input) });
    },
    onError: (error) => fail(error, texts.failed),
  });
}

const cancelledText = (orders: { outcome: string }[]) => {
  const n = orders.filter((o) => o.outcome === "cancelled").length;
  return n ? ` ${n} open order${n === 1 ? " was" : "s were"} cancelled and refunded.` : "";
};

export function useSuspension(target: "user" | "printer") {
  return useStaffAction(
    async ({ id, body }: { id: string; body: SuspensionBody }): Promise<{ orders: { outcome: string }[] }> =>
      target === "user" ? suspendUser(id, body) : suspendPrinter(id, body),
    {
      done: (r, { body }) =>
        `${target === "user" ? "The account" : "The printer"} is ${body.suspended ? "suspended" : "no longer suspended"}.${cancelledText(r.orders)}`,
      failed: "Could not change the suspension",
    },
  );
}

export function useResolveReport() {
  return useStaffAction(({ id, body }: { id: string; body: ReportResolutionBody }) => resolveReport(id, body), {
    done: (_r, { body }) => `The report is ${body.outcome}.`,
    failed: "Could not close the report",
  });
}

/** Staff decide a claim: refund in full, refund part, reprint or reject, with a reason both sides read. */
export function useDecideClaim() {
  return useStaffAction(({ id, body }: { id: string; body: StaffDecisionBody }) => decideClaim(id, body), {
    done: (claim) => `${claim.orderNumber ?? claim.fileName}: decided. Both sides are e-mailed the decision and its reason.`,
    failed: "Could not decide the claim",
  });
}

/** Try an owed money move again now (a refused one is owed again first). */
export function useRetryMoney() {
  return useStaffAction(({ id, reason }: { id: string; reason: string }) => retryMoney(id, reason), {
    done: ({ result }) => RETRY_WORDS[result],
    failed: "Could not try it again",
  });
}

/** Close money Stripe refused for good without moving it (it never can), with a reason the customer reads. */
export function useCloseMoney() {
  return useStaffAction(({ id, reason }: { id: string; reason: string }) => closeMoney(id, reason), {
    done: () => "Closed. It is no longer owed, and the customer is told why.",
    failed: "Could not close it",
  });
}

const RETRY_WORDS: Record<Awaited<ReturnType<typeof retryMoney>>["result"], string> = {
  done: "Stripe confirmed it: the money has moved.",
  failed: "Stripe refused it again. Its reason is in the list.",
  retry: "Stripe could not be reached; it is tried again shortly.",
  busy: "It is being tried right now; look again in a moment.",
  none: "Nothing was left to move.",
};

/** Refund by hand: part or all of an order's captured payment, with a reason. */
export function useRefundOrder() {
  return useStaffAction(({ id, body }: { id: string; body: StaffRefundBody }) => refundOrder(id, body), {
    // Words only: this module is in every page's first load, the money formatter is not.
    done: () => "The refund is on its way back to the customer's card; the owner's earning for the order is reduced as much.",
    failed: "Could not refund",
  });
}
