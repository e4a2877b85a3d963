import type { CustomerOrderGroup } from "@printhood/core/shared/job-groups";
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { useToast } from "../components/Toasts";
import { byId, call, client } from "./client";
import { printJobQuery } from "./jobs";
import { queryKeys } from "./keys";
import { asPage, byCursor, pageParams } from "./pages";
import type { CalculateShippingBody, Order } from "./types";
import { useFailureToast } from "./useFailureToast";

// The customer's orders and checkout (spec 2 §2, §7): GET /api/users/{id}/jobs, POST /api/orders/{id}/cancel,
// PUT /api/orders/{id}/shipping, POST /api/calculate-shipping, POST /api/create-payment-intent,
// GET /api/payments/config, POST /api/jobs/{id}/contact. One order is GET /api/print-jobs/{id}
// (`printJobQuery` in jobs.ts); every call takes the order's id or its number.

// ---- fetch functions (the only code that knows paths and payload shapes)

/** A page of the customer's orders (the "Show more" lists), of one tab when a group is given. */
export const fetchMyOrdersPage = (userId: string, cursor?: string, group?: CustomerOrderGroup) =>
  call(client.api.users[":id"].jobs.$get({ ...byId(userId), query: { ...pageParams(cursor), ...(group ? { group } : {}) } })).then(asPage);
/** The dashboard's cards and tab counts, counted on the server over every order. */
export const fetchMyOrderFigures = (userId: string) => call(client.api.users[":id"].jobs.figures.$get(byId(userId)));
export const cancelOrder = (id: string) => call(client.api.orders[":id"].cancel.$post(byId(id)));
export const chooseShipping = (id: string, json: { zipTo: string; optionId: string }) =>
  call(client.api.orders[":id"].shipping.$put({ ...byId(id), json }));
export const calculateShipping = (json: CalculateShippingBody) => call(client.api["calculate-shipping"].$post({ json }));
export const createPaymentIntent = (orderId: string) => call(client.api["create-payment-intent"].$post({ json: { orderId } }));
export const fetchPaymentsConfig = () => call(client.api.payments.config.$get());

/**
 * Local mode's test-card form confirms here (the site's own origin, `testConfirmUrl` of the payments
 * config), as Stripe.js would: the intent, or Stripe's decline `{error: {message}}` (402). Not an
 * API route, so not in the typed client.
 */
export async function confirmTestCard(
  url: string,
  body: { clientSecret: string; cardNumber: string; name: string; email: string },
): Promise<{ ok: true; amountCents?: number } | { ok: false; message: string }> {
  let res: Response;
  try {
    res = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  } catch {
    return { ok: false, message: "Network error: could not reach the payment service." };
  }
  const text = await res.text().catch(() => "");
  if (res.ok) {
    try {
      const amount = (JSON.parse(text) as { paymentIntent?: { amount?: unknown } }).paymentIntent?.amount;
      return typeof amount === "number" ? { ok: true, amountCents: amount } : { ok: true };
    } catch {
      return { ok: true };
    }
  }
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } };
    if (typeof parsed.error?.message === "string") return { ok: false, message: parsed.error.message };
  } catch {
    // not JSON: the generic text below
  }
  return { ok: false, message: `${res.status}: ${text || res.statusText}` };
}

// ---- queries

/**
 * The customer's orders a page at a time, newest first: every order (My Print Orders and the
 * dashboard's All Orders: "Show more orders"), or one of the dashboard's tabs.
 */
export function myOrderPagesQuery(userId: string, group?: CustomerOrderGroup) {
  return infiniteQueryOptions({
    queryKey: queryKeys.orders.minePages(userId, group ?? "all"),
    queryFn: ({ pageParam }) => fetchMyOrdersPage(userId, pageParam, group),
    ...byCursor,
  });
}

/** The dashboard's stat cards and tab counts (the tabs beside them are read a page at a time). */
export function myOrderFiguresQuery(userId: string) {
  return queryOptions({ queryKey: queryKeys.orders.mineFigures(userId), queryFn: () => fetchMyOrderFigures(userId) });
}

export const paymentsConfigQuery = queryOptions({ queryKey: queryKeys.paymentsConfig, queryFn: fetchPaymentsConfig });

/** Shipping options for the order's parcel to a 5-digit ZIP (from the order's printer and weight). */
export function shippingQuoteQuery(order: Pick<Order, "printerId" | "estimatedWeight">, zipTo: string) {
  const printerId = order.printerId ?? "";
  return queryOptions({
    queryKey: queryKeys.orders.shipping(printerId, order.estimatedWeight, zipTo),
    queryFn: () => calculateShipping({ printerId, weightGrams: order.estimatedWeight, zipTo }),
  });
}

/**
 * The order's PaymentIntent for its current total: asked when checkout has the order (spec 2 §4
 * "Checkout requests the intent when the order loads"), and again when the total changes (a new
 * shipping option), so the amount the pay button shows is the server's.
 */
export function paymentIntentQuery(orderId: string, totalCents: number) {
  return queryOptions({
    // Not under the order's key: reading the order again after a payment must not ask for an intent
    // again (a paid order has none to give).
    queryKey: queryKeys.orders.intent(orderId, totalCents),
    queryFn: () => createPaymentIntent(orderId),
    gcTime: 0,
  });
}

// ---- mutations: each owns its cache updates and its toasts

/** The order changed: its page, the customer's lists and the owner's lists read it again. */
export function useOrderChanged() {
  const queryClient = useQueryClient();
  return (order: Order) => {
    queryClient.setQueryData(queryKeys.printJobs.one(order.id), order);
    if (order.orderNumber) queryClient.setQueryData(queryKeys.printJobs.one(order.orderNumber), order);
    void queryClient.invalidateQueries({ queryKey: queryKeys.orders.lists });
    void queryClient.invalidateQueries({ queryKey: queryKeys.printers.all });
  };
}

/** Cancel (spec 2 §2, §8): "Order Cancelled" or "Failed to Cancel Order" with the server's sentence. */
export function useCancelOrder() {
  const changed = useOrderChanged();
  const { toast } = useToast();
  const fail = useFailureToast();
  return useMutation({
    mutationFn: (id: string) => cancelOrder(id),
    onSuccess: ({ message, order }) => {
      changed(order);
      toast({ title: "Order Cancelled", description: message });
    },
    onError: (e) => fail(e, "Failed to Cancel Order", { fallback: "Failed to cancel order" }),
  });
}

/** The shipping option chosen at checkout: the server quotes again and answers the order with its new total. */
export function useChooseShipping(orderId: string) {
  const changed = useOrderChanged();
  const fail = useFailureToast();
  return useMutation({
    mutationFn: (v: { zipTo: string; optionId: string }) => chooseShipping(orderId, v),
    onSuccess: (order) => changed(order),
    onError: (e) => fail(e, "Shipping Not Saved"),
  });
}

/**
 * The order read again now: answered (and put in the cache) when it still awaits payment at a total
 * other than `cents`, what this page confirmed the card for or showed on its Pay button (a new
 * shipping option chosen in another tab meanwhile); otherwise null. Not found or unreachable: null,
 * and the page says what it would have said.
 */
export function useTotalChangedFrom() {
  const queryClient = useQueryClient();
  const changed = useOrderChanged();
  return async (orderId: string, cents: number | undefined): Promise<Order | null> => {
    if (cents === undefined) return null;
    const now = await queryClient.fetchQuery({ ...printJobQuery(orderId), staleTime: 0 }).catch(() => null);
    if (now?.status !== "submitted" || now.pricing.totalCents === cents) return null;
    changed(now);
    return now;
  };
}

/** Orders whose card this tab has just confirmed: their confirmation waits for Stripe's word instead of asking for payment. */
const paidInThisTab = new Set<string>();
export const justPaid = (orderId: string) => paidInThisTab.has(orderId);

/**
 * After a confirmed card: the order moves to confirmed on Stripe's word (the webhook), so it is read
 * again. It is read at once, first: if its total is no longer what the card was confirmed for (a new
 * shipping option chosen in another tab since this page had the order), the server gives that hold
 * back (payments/sync.ts) and this is no payment. The answer is then the order as it is now (checkout
 * asks for its new total), and no "Payment Successful" is said; otherwise null.
 */
export function usePaymentSucceeded() {
  const queryClient = useQueryClient();
  const totalChanged = useTotalChangedFrom();
  const { toast } = useToast();
  return async (orderId: string, confirmedCents: number | undefined): Promise<Order | null> => {
    const now = await totalChanged(orderId, confirmedCents);
    if (now) return now;
    paidInThisTab.add(orderId);
    toast({ title: "Payment Successful", description: "Your order has been confirmed!" });
    void queryClient.invalidateQueries({ queryKey: queryKeys.printJobs.one(orderId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.orders.lists });
    return null;
  };
}
