import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Order } from "../src/api/types";
import { JobStatusBadge, statusTitle } from "../src/components/JobStatusBadge";
import { customerStatusText, timeline } from "../src/lib/orders";
import { authorisedPaymentFixture, customer, orderFixture, userFixture } from "./fixtures";
import { json, renderApp } from "./helpers";

const confirmation = (order: Order) =>
  renderApp(`/order-confirmation?orderId=${order.id}`, {
    user: customer,
    routes: { [`GET /api/print-jobs/${order.id}`]: () => json(order) },
  });

const authorised = authorisedPaymentFixture;

describe("/order-confirmation", () => {
  it("confirms a paid order and says the confirmation e-mail was sent", async () => {
    const order = orderFixture(10001, { status: "confirmed" }, { payment: authorised(1234) });
    confirmation(order);
    expect(await screen.findByRole("heading", { level: 1, name: "Order Confirmed!" })).toBeInTheDocument();
    expect(screen.getByText("A confirmation e-mail has been sent to you.")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Go to Checkout" })).toBeNull();
  });

  it("says an unpaid order waits for payment and links to checkout: not confirmed, no e-mail", async () => {
    const order = orderFixture(10002, { status: "submitted" }, { expiresAt: "2026-03-03T10:00:00.000Z" });
    confirmation(order);
    expect(await screen.findByRole("heading", { level: 1, name: "Waiting for Payment" })).toBeInTheDocument();
    expect(screen.getByText(/is saved but not paid yet/)).toHaveTextContent("PH-10002");
    expect(screen.getByRole("link", { name: "Go to Checkout" })).toHaveAttribute("href", `/checkout?orderId=${order.id}`);
    expect(screen.queryByText("Order Confirmed!")).toBeNull();
    expect(screen.queryByText(/e-mail has been sent/)).toBeNull();
  });

  it("says plainly when the card's hold was given back because the order's total changed, and links to checkout without waiting", async () => {
    const order = orderFixture(
      10004,
      { status: "submitted" },
      {
        payment: { ...authorised(1234), status: "released", authorizedAt: null, releasedAt: "2026-03-02T10:02:00.000Z" },
      },
    );
    confirmation(order);
    expect(await screen.findByRole("heading", { level: 1, name: "Waiting for Payment" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent(
      `The total of order PH-10004 changed to $${order.pricing.total} after your card was confirmed for $12.34, so that hold on your card has been released and nothing was charged.`,
    );
    expect(screen.getByRole("link", { name: "Go to Checkout" })).toHaveAttribute("href", `/checkout?orderId=${order.id}`);
    expect(screen.queryByText(/e-mail has been sent/)).toBeNull();
  });

  it("says a cancelled order is closed", async () => {
    const order = orderFixture(10003, { status: "cancelled" });
    confirmation(order);
    expect(await screen.findByRole("heading", { level: 1, name: "Order Closed" })).toBeInTheDocument();
    expect(screen.getByText(/Order was cancelled/)).toBeInTheDocument();
    expect(screen.queryByText(/e-mail has been sent/)).toBeNull();
    expect(screen.queryByRole("link", { name: "Go to Checkout" })).toBeNull();
  });
});

describe("status texts (spec 2 §4)", () => {
  it.each([
    ["ready_for_pickup", false, "Ready for pickup"],
    ["picked_up", false, "Picked up"],
    ["completed", false, "Completed"],
    ["completed", true, "Print Complete"],
    ["ready_for_shipping", true, "Ready for shipping"],
  ] as const)("%s (in details: %s) reads %s", (status, inDetails, text) => {
    expect(statusTitle(status, inDetails)).toBe(text);
    render(<JobStatusBadge status={status} inDetails={inDetails} />);
    expect(screen.getByText(text)).not.toHaveClass("capitalize");
  });

  it.each([
    ["ready_for_pickup", "Ready for delivery", "Ready for delivery"],
    ["picked_up", "Delivered", "Delivered"],
  ] as const)("a local delivery's %s badge reads %s, and its timeline says %s", (status, badge, step) => {
    render(<JobStatusBadge status={status} deliveryMethod="delivery" />);
    expect(screen.getByText(badge)).toBeInTheDocument();
    const at = "2026-03-02T10:00:00.000Z";
    const steps = timeline({
      ...orderFixture(10005, { status, deliveryMethod: "delivery" }),
      readyAt: at,
      pickedUpAt: status === "picked_up" ? at : null,
    });
    expect(steps.map((s) => s.label)).toContain(step);
    expect(steps.map((s) => s.label)).not.toContain("Ready for pickup");
  });

  it.each([
    ["ready_for_pickup", "pickup", "Ready for pickup"],
    ["ready_for_pickup", "delivery", "Ready: the printer owner will bring it to you"],
    ["picked_up", "pickup", "Order completed and picked up"],
    ["picked_up", "delivery", "Order completed and delivered"],
  ] as const)("a %s %s order's card reads %s (a local delivery goes through the pickup statuses)", (status, deliveryMethod, text) => {
    expect(customerStatusText({ status, deliveryMethod, cancelReason: null })).toBe(text);
  });

  it("a completed order's page reads Print Complete", async () => {
    const order = orderFixture(10004, { status: "completed" }, { payment: { ...authorised(1234), status: "captured" } });
    renderApp(`/order/${order.id}`, {
      user: customer,
      routes: {
        [`GET /api/print-jobs/${order.id}`]: () => json(order),
        [`GET /api/print-jobs/${order.id}/messages`]: () => json([]),
      },
    });
    expect(await screen.findByText("Print Complete")).toBeInTheDocument();
  });
});

describe("the order's payment after its total changed at checkout", () => {
  // The card was confirmed for $12.34 in a tab opened before another shipping option was chosen: the hold was
  // given back (payments/intents.ts recordReleasedHold), and the order still awaits payment at its new total.
  const releasedHold = () =>
    orderFixture(
      10005,
      { status: "submitted" },
      { payment: { ...authorised(1234), status: "released", authorizedAt: null, releasedAt: "2026-03-02T10:02:00.000Z" } },
    );
  const term = (region: HTMLElement, name: string) => within(region).getByText(name, { selector: "dt" }).nextElementSibling;
  const orderPage = (order: Order) =>
    renderApp(`/order/${order.id}`, {
      user: order.viewer === "owner" ? ownerOf : customer,
      routes: {
        [`GET /api/print-jobs/${order.id}`]: () => json(order),
        [`GET /api/print-jobs/${order.id}/messages`]: () => json([]),
      },
    });
  const ownerOf = userFixture({ id: "o-1", username: "maria", userType: "both" });

  it("the customer's page reads Awaiting the card, with the released hold beside it, not Payment: Released", async () => {
    orderPage(releasedHold());
    const info = await screen.findByRole("region", { name: "Order Information" });
    expect(term(info, "Payment")).toHaveTextContent(/^Awaiting the card$/);
    expect(term(info, "Earlier card hold")).toHaveTextContent("$12.34, released");
  });

  it("the owner's page reads Awaiting the card too", async () => {
    const order = { ...releasedHold(), viewer: "owner" as const };
    orderPage(order);
    const earnings = await screen.findByRole("region", { name: "Earnings" });
    expect(term(earnings, "Payment")).toHaveTextContent(/^Awaiting the card$/);
  });

  it("a closed order whose hold was released still reads Released", async () => {
    const order = orderFixture(
      10006,
      { status: "cancelled" },
      { payment: { ...authorised(1234), status: "released", releasedAt: "2026-03-02T10:02:00.000Z" } },
    );
    orderPage(order);
    const info = await screen.findByRole("region", { name: "Order Information" });
    expect(term(info, "Payment")).toHaveTextContent(/^Released$/);
    expect(within(info).queryByText("Earlier card hold")).toBeNull();
  });
});
