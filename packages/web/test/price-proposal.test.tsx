import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Order } from "../src/api/types";
import { authorisedPaymentFixture, customer, jobPrinterFixture, ownerJobFixture, ownPrinterFixture, userFixture } from "./fixtures";
import { type Handler, json, renderApp } from "./helpers";

/* Issue 25 point 4 on /order/{id}: the owner's Adjust price dialog and the customer's answer. */

const owner = userFixture({ id: "o-1", username: "maria", userType: "both" });
const printer = ownPrinterFixture({ ownerId: owner.id });
const range = { lowCents: 1100, highCents: 1260, low: "11.00", high: "12.60" };

/** A paid order waiting for its owner, at $11.60, whose estimate allows $11.00 to $12.60. */
const paid = (over: Partial<Order> = {}) => {
  const base = ownerJobFixture({
    id: "j-2",
    orderNumber: "PH-10002",
    status: "confirmed",
    printer: { ...jobPrinterFixture(printer), number: 1 },
  });
  return {
    ...base,
    pricing: { ...base.pricing, totalCents: 1160 },
    payment: authorisedPaymentFixture(1160),
    priceRange: range,
    priceBounds: { lowCents: 1100, highCents: 1160, low: "11.00", high: "11.60" },
    ...over,
  };
};

const orderPage = (user: typeof owner, order: Order, routes: Record<string, Handler> = {}) =>
  renderApp(`/order/${order.id}`, {
    user,
    routes: {
      [`GET /api/print-jobs/${order.id}`]: () => json(order),
      [`GET /api/print-jobs/${order.id}/messages`]: () => json([]),
      [`GET /api/print-jobs/${order.id}/review`]: () => json({ review: null }),
      ...routes,
    },
  });

describe("Adjust price (the owner)", () => {
  it("the open page follows the customer's answer: a new notification reads the order again, no reload", async () => {
    const proposal = {
      totalCents: 1100,
      total: "11.00",
      previousTotalCents: 1160,
      reason: "94 g, not 100 g.",
      proposedAt: "2026-03-02T11:00:00.000Z",
      count: 1,
    };
    let order = paid({ priceBounds: null, priceProposal: { ...proposal, status: "proposed", answeredAt: null } });
    let unread = 0;
    const r = orderPage(owner, order, {
      "GET /api/print-jobs/j-2": () => json(order),
      [`GET /api/users/${owner.id}/notifications/unread-count`]: () => json({ unreadCount: unread }),
    });
    expect(await screen.findByText("New price proposed: awaiting the customer's answer")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Accept" })).toBeNull();
    // the customer accepts in their browser: the server now has the order at the new price, and a notification
    order = paid({
      priceBounds: null,
      pricing: { ...order.pricing, totalCents: 1100 },
      priceProposal: { ...proposal, status: "accepted", answeredAt: "2026-03-02T11:05:00.000Z" },
    });
    // (after the bell has read its first count: a count is news only against the one before)
    await waitFor(() => expect(r.calls.some((c) => c.path.endsWith("/unread-count"))).toBe(true));
    await new Promise((ok) => setTimeout(ok, 50));
    unread = 1;
    expect(await screen.findByRole("button", { name: "Accept" }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByText("New price proposed: awaiting the customer's answer")).toBeNull();
  }, 15_000);

  it("says the range, refuses a price outside it, and sends the new total in cents with the reason", async () => {
    const proposed = paid({
      priceBounds: null,
      priceProposal: {
        totalCents: 1100,
        total: "11.00",
        previousTotalCents: 1160,
        reason: "94 g, not 100 g.",
        status: "proposed",
        proposedAt: "2026-03-02T11:00:00.000Z",
        answeredAt: null,
        count: 1,
      },
    });
    const r = orderPage(owner, paid(), { "POST /api/print-jobs/j-2/price-proposal": () => json(proposed) });
    const price = await screen.findByRole("region", { name: "Price" });
    expect(price).toHaveTextContent("The estimate puts this print between $11.00 and $12.60; the order is at $11.60.");
    await r.user.click(within(price).getByRole("button", { name: "Adjust price" }));
    const dialog = await screen.findByRole("dialog", { name: "Adjust Price" });
    const field = within(dialog).getByLabelText("New price (USD, delivery included)");
    await r.user.type(field, "10.99");
    await r.user.type(within(dialog).getByLabelText("Reason for the customer"), "94 g, not 100 g.");
    await r.user.click(within(dialog).getByRole("button", { name: "Propose New Price" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("The new price must be between $11.00 and $11.60.");
    expect(r.calls.filter((c) => c.method === "POST")).toEqual([]);

    await r.user.clear(field);
    await r.user.type(field, "11.00");
    await r.user.click(within(dialog).getByRole("button", { name: "Propose New Price" }));
    expect(await screen.findByText("New Price Proposed")).toBeInTheDocument();
    expect(r.calls.find((c) => c.method === "POST")).toMatchObject({ body: { totalCents: 1100, reason: "94 g, not 100 g." } });
    expect(await screen.findByText("You proposed $11.00 instead of $11.60: waiting for the customer's answer.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Adjust price" })).toBeNull();
    // Until the customer answers, the order cannot be accepted (Reject stays).
    expect(screen.getByText("New price proposed: awaiting the customer's answer")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Accept" })).toBeNull();
    expect(screen.getByRole("button", { name: "Reject" })).toBeInTheDocument();
  });
});

describe("the proposal on the customer's order page", () => {
  const proposal = {
    totalCents: 1100,
    total: "11.00",
    previousTotalCents: 1160,
    reason: "My slicer says 94 g.",
    status: "proposed" as const,
    proposedAt: "2026-03-02T11:00:00.000Z",
    answeredAt: null,
    count: 1,
  };
  const mine = (over: Partial<Order> = {}) =>
    paid({ viewer: "customer", customerId: customer.id, priceBounds: null, priceProposal: proposal, ...over });

  it("shows both prices and the owner's reason; Accept new price sends the answer", async () => {
    const accepted = mine({ priceProposal: { ...proposal, status: "accepted", answeredAt: "2026-03-02T11:05:00.000Z" } });
    const r = orderPage(customer, mine(), { "POST /api/print-jobs/j-2/price-proposal/accept": () => json(accepted) });
    const box = await screen.findByRole("region", { name: "New price proposed: $11.00 instead of $11.60" });
    expect(box).toHaveTextContent("My slicer says 94 g.");
    expect(box).toHaveTextContent("only $11.00 is taken from the amount held on your card; the rest is released");
    await r.user.click(within(box).getByRole("button", { name: "Accept new price" }));
    expect(await screen.findByText("You accepted the new price of $11.00 (was $11.60).")).toBeInTheDocument();
    expect(r.calls.some((c) => c.method === "POST" && c.path.endsWith("/price-proposal/accept"))).toBe(true);
  });

  it("a higher price accepted: the card form asks for the new hold, with the same test card form as checkout", async () => {
    const higher = { ...proposal, totalCents: 1260, total: "12.60", status: "awaiting_payment" as const };
    const intent = {
      clientSecret: "pi_new_secret_x",
      paymentIntentId: "pi_new",
      status: "requires_payment_method",
      amountCents: 1260,
      amount: "12.60",
      currency: "usd",
      orderId: "j-2",
      orderNumber: "PH-10002",
    };
    const r = orderPage(customer, mine({ priceProposal: higher }), {
      "POST /api/print-jobs/j-2/price-proposal/payment": () => json(intent),
      "GET /api/payments/config": () => json({ provider: "test", testConfirmUrl: "http://localhost/confirm" }),
    });
    const box = await screen.findByRole("region", { name: "New price proposed: $12.60 instead of $11.60" });
    expect(box).toHaveTextContent("you confirm a new hold of $12.60 with your card; the hold of $11.60 is then released");
    expect(await within(box).findByRole("button", { name: "Pay $12.60" })).toBeInTheDocument();
    expect(within(box).getByLabelText("Card number")).toBeInTheDocument();
    expect(within(box).queryByRole("button", { name: "Accept new price" })).toBeNull();
    expect(within(box).getByRole("button", { name: "Decline" })).toBeInTheDocument();
    expect(r.calls.some((c) => c.method === "POST" && c.path.endsWith("/price-proposal/payment"))).toBe(true);
  });

  it("Decline keeps the order at its price", async () => {
    const declined = mine({ priceProposal: { ...proposal, status: "declined", answeredAt: "2026-03-02T11:05:00.000Z" } });
    const r = orderPage(customer, mine(), { "POST /api/print-jobs/j-2/price-proposal/decline": () => json(declined) });
    const box = await screen.findByRole("region", { name: "New price proposed: $11.00 instead of $11.60" });
    await r.user.click(within(box).getByRole("button", { name: "Decline" }));
    expect(await screen.findByText("You declined the new price of $11.00; the order stays at $11.60.")).toBeInTheDocument();
  });
});
