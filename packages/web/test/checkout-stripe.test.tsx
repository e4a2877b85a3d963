import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Order, PaymentIntent } from "../src/api/types";
import { customer, jobPrinterFixture, ownerJobFixture, printerFixture } from "./fixtures";
import { currentPath, type Handler, json, renderApp } from "./helpers";

/**
 * Checkout with a publishable key configured: the Stripe Elements path (issue 9 point 2). Stripe.js
 * cannot load offline, so only `@stripe/stripe-js`'s loadStripe is replaced, by a fake Stripe that
 * behaves as Stripe.js does for what our code and @stripe/react-stripe-js use: `elements()` whose
 * `create("card")` mounts a card field and reports `change` events, `getElement`, and
 * `confirmCardPayment(clientSecret, {payment_method})` resolving `{paymentIntent}` or `{error}`.
 * Everything else (react-stripe-js, our checkout, the API stubs) is the real code.
 */
const stripe = vi.hoisted(() => {
  type Handler = (event: unknown) => void;
  const state = {
    keys: [] as string[],
    confirms: [] as { clientSecret: string; data: { payment_method: { card: unknown; billing_details: unknown } } }[],
    cardOptions: [] as unknown[],
    outcome: "succeeds" as "succeeds" | "declines" | "canceled",
    handlers: new Map<string, Handler[]>(),
    card: null as null | Record<string, unknown>,
  };
  const makeCard = (options: unknown) => {
    state.cardOptions.push(options);
    state.handlers = new Map();
    const card = {
      mount(node: HTMLElement) {
        const frame = document.createElement("iframe");
        frame.title = "Secure card payment input frame";
        node.append(frame);
      },
      on(event: string, cb: Handler) {
        state.handlers.set(event, [...(state.handlers.get(event) ?? []), cb]);
        return card;
      },
      off(event: string, cb: Handler) {
        state.handlers.set(
          event,
          (state.handlers.get(event) ?? []).filter((h) => h !== cb),
        );
        return card;
      },
      update() {},
      destroy() {},
      unmount() {},
      focus() {},
      blur() {},
      clear() {},
    };
    state.card = card;
    return card;
  };
  const fake = {
    elements: () => ({
      create: (type: string, options: unknown) => {
        if (type !== "card") throw new Error(`the fake Stripe only makes card elements, not ${type}`);
        return makeCard(options);
      },
      getElement: (type: unknown) => {
        const name = typeof type === "string" ? type : (type as { __elementType?: string }).__elementType;
        return name === "card" ? state.card : null;
      },
      update() {},
    }),
    createToken: async () => ({}),
    createPaymentMethod: async () => ({}),
    confirmCardPayment: async (clientSecret: string, data: (typeof state.confirms)[number]["data"]) => {
      state.confirms.push({ clientSecret, data });
      if (state.outcome === "canceled")
        return {
          error: {
            type: "invalid_request_error",
            code: "payment_intent_unexpected_state",
            message:
              "You cannot confirm this PaymentIntent because it has a status of canceled. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_payment_method.",
            payment_intent: { id: "pi_1", status: "canceled" },
          },
        };
      if (state.outcome === "declines")
        return {
          error: {
            type: "card_error",
            code: "card_declined",
            decline_code: "generic_decline",
            message: "Your card was declined.",
            payment_intent: { id: "pi_1", status: "requires_payment_method" },
          },
        };
      return { paymentIntent: { id: "pi_1", status: "requires_capture", client_secret: clientSecret } };
    },
    registerAppInfo() {},
    _registerWrapper() {},
  };
  /** What Stripe's card iframe reports as the customer types. */
  const type = (event: { complete: boolean; empty: boolean; error?: { message: string } }) => {
    for (const h of state.handlers.get("change") ?? []) h({ elementType: "card", brand: "visa", value: {}, ...event });
  };
  return { state, fake, type };
});

vi.mock("@stripe/stripe-js", () => ({
  loadStripe: vi.fn(async (key: string) => {
    stripe.state.keys.push(key);
    // As Stripe.js's loader does when its script cannot load (blocked, offline).
    if (key === "pk_test_unreachable") throw new Error("Failed to load Stripe.js");
    return stripe.fake;
  }),
}));

const ORDER_ID = "o-10042";
const order: Order = ownerJobFixture({
  id: ORDER_ID,
  orderNumber: "PH-10042",
  status: "submitted",
  viewer: "customer",
  customerId: customer.id,
  printerId: "p-1",
  printer: { ...jobPrinterFixture(printerFixture()), number: 3 },
  deliveryMethod: "pickup",
  submittedAt: "2026-03-02T10:00:00.000Z",
});

const intent: PaymentIntent = {
  clientSecret: "pi_1_secret_abc",
  paymentIntentId: "pi_1",
  status: "requires_payment_method",
  amountCents: order.pricing.totalCents,
  amount: (order.pricing.totalCents / 100).toFixed(2),
  currency: "usd",
  orderId: ORDER_ID,
  orderNumber: "PH-10042",
};

function checkout(routes: Record<string, Handler> = {}, publishableKey = "pk_test_printhood") {
  return renderApp(`/checkout?orderId=${ORDER_ID}`, {
    user: { ...customer, zipCode: "80537" },
    routes: {
      [`GET /api/print-jobs/${ORDER_ID}`]: () => json(order),
      "GET /api/payments/config": () => json({ provider: "stripe", publishableKey }),
      "POST /api/create-payment-intent": () => json(intent),
      ...routes,
    },
  });
}

const payButton = () => screen.findByRole("button", { name: `Pay $${intent.amount}` });

beforeEach(() => {
  stripe.state.confirms = [];
  stripe.state.outcome = "succeeds";
});

/** Checkout of a shipping order opened with Ground Advantage, while another tab changes it to Priority Mail. */
function twoTabs() {
  const shippingTo = (optionId: string, service: string, costCents: number): Order => ({
    ...order,
    deliveryMethod: "shipping",
    shipping: {
      optionId,
      carrier: "USPS",
      service,
      description: service,
      costCents,
      cost: (costCents / 100).toFixed(2),
      zipFrom: "80513",
      zipTo: "80537",
    },
    pricing: {
      ...order.pricing,
      deliveryFeeCents: costCents,
      deliveryFee: (costCents / 100).toFixed(2),
      totalCents: order.pricing.customerPaysCents + costCents,
      total: ((order.pricing.customerPaysCents + costCents) / 100).toFixed(2),
    },
  });
  const opened = shippingTo("usps_ground_advantage", "Ground Advantage", 800);
  const changed = shippingTo("usps_priority", "Priority Mail", 1500);
  const option = (id: string, service: string, cents: number) => ({
    id,
    carrier: "USPS",
    service,
    description: service,
    estimatedCost: cents / 100,
    estimatedCostCents: cents,
  });
  const options = [option("usps_ground_advantage", "Ground Advantage", 800), option("usps_priority", "Priority Mail", 1500)];
  const intentFor = (o: Order, id: string): PaymentIntent => ({
    ...intent,
    paymentIntentId: id,
    clientSecret: `${id}_secret_abc`,
    amountCents: o.pricing.totalCents,
    amount: o.pricing.total,
  });
  // This tab read the order before the other tab chose Priority Mail; every later read is the new total.
  let reads = 0;
  let intents = 0;
  const r = checkout({
    [`GET /api/print-jobs/${ORDER_ID}`]: () => json(reads++ === 0 ? opened : changed),
    "POST /api/calculate-shipping": () =>
      json({
        options,
        defaultOption: options[0] ?? null,
        defaultOptionId: "usps_ground_advantage",
        zipFrom: "80513",
        zipTo: "80537",
        zone: 1,
        distanceMiles: 12,
        billableWeightGrams: 200,
      }),
    // the server answers a new intent for the new total (the old one given back or cancelled)
    "POST /api/create-payment-intent": () => json(intents++ === 0 ? intentFor(opened, "pi_1") : intentFor(changed, "pi_2")),
  });
  return { r, opened, changed };
}

describe("checkout with Stripe Elements (a publishable key is configured)", () => {
  it("renders Stripe's card field, not the test-card form, with Stripe.js loaded for the configured key", async () => {
    const r = checkout();
    const form = await screen.findByRole("form", { name: "Payment" });
    expect(await within(form).findByTitle("Secure card payment input frame")).toBeInTheDocument();
    expect(stripe.state.keys).toContain("pk_test_printhood");
    expect(stripe.state.cardOptions.at(-1)).toEqual({ hidePostalCode: true });
    expect(within(form).queryByLabelText("Card number")).toBeNull();
    expect(within(form).queryByText("Test mode")).toBeNull();
    expect(screen.queryByText(/4242 4242 4242 4242/)).toBeNull();
    expect(await payButton()).toBeEnabled();
    expect(r.calls.find((c) => c.path === "/api/create-payment-intent")?.body).toEqual({ orderId: ORDER_ID });
  });

  it("asks for complete card details before confirming", async () => {
    const r = checkout();
    await r.user.click(await payButton());
    expect(await screen.findByText("Please complete your card details.")).toBeInTheDocument();
    expect(stripe.state.confirms).toEqual([]);
  });

  it("confirms the card with the intent's client secret and the billing details, then shows the success path", async () => {
    const r = checkout({ [`GET /api/print-jobs/${ORDER_ID}`]: () => json(order) });
    const pay = await payButton();
    stripe.type({ complete: true, empty: false });
    await r.user.click(pay);
    await waitFor(() => expect(stripe.state.confirms).toHaveLength(1));
    const [confirm] = stripe.state.confirms;
    expect(confirm?.clientSecret).toBe("pi_1_secret_abc");
    expect(confirm?.data.payment_method.card).toBe(stripe.state.card);
    expect(confirm?.data.payment_method.billing_details).toEqual({
      name: "Ada Lovelace",
      email: customer.email,
      address: { postal_code: "80537" },
    });
    expect(await screen.findByText("Payment Successful")).toBeInTheDocument();
    expect(screen.getByText("Your order has been confirmed!")).toBeInTheDocument();
    await waitFor(() => expect(currentPath(r.router)).toBe("/order-confirmation"));
    expect(r.router.state.location.search).toEqual({ orderId: ORDER_ID });
  });

  it("a card confirmed for a total the order has left (a dearer shipping option chosen in another tab) is not a success: it says the total changed and the hold was released, and asks for the new total at once", async () => {
    const { r, opened, changed } = twoTabs();
    const pay = await screen.findByRole("button", { name: `Pay $${opened.pricing.total}` });
    stripe.type({ complete: true, empty: false });
    await r.user.click(pay);

    const notice = (await screen.findByText("The order's total has changed")).closest("[role=alert]");
    expect(notice).toHaveTextContent(`changed to $${changed.pricing.total}`);
    expect(notice).toHaveTextContent(`Your card was not charged $${opened.pricing.total}: that hold has been released.`);
    expect(await screen.findByRole("button", { name: `Pay $${changed.pricing.total}` })).toBeEnabled();
    expect(screen.queryByText("Payment Successful")).toBeNull();
    expect(currentPath(r.router)).toBe("/checkout");

    // paying the new total is the ordinary success path
    await r.user.click(screen.getByRole("button", { name: `Pay $${changed.pricing.total}` }));
    expect(await screen.findByText("Payment Successful")).toBeInTheDocument();
    await waitFor(() => expect(currentPath(r.router)).toBe("/order-confirmation"));
    expect(stripe.state.confirms.map((c) => c.clientSecret)).toEqual(["pi_1_secret_abc", "pi_2_secret_abc"]);
  });

  it("a card refused because the intent was replaced for a new total (chosen in another tab) says the total changed and nothing was charged, not Payment Failed", async () => {
    stripe.state.outcome = "canceled";
    const { r, opened, changed } = twoTabs();
    const pay = await screen.findByRole("button", { name: `Pay $${opened.pricing.total}` });
    stripe.type({ complete: true, empty: false });
    await r.user.click(pay);

    const notice = (await screen.findByText("The order's total has changed")).closest("[role=alert]");
    expect(notice).toHaveTextContent(`changed to $${changed.pricing.total}`);
    expect(notice).toHaveTextContent("Your card was not charged.");
    expect(await screen.findByRole("button", { name: `Pay $${changed.pricing.total}` })).toBeEnabled();
    expect(screen.queryByText("Payment Failed")).toBeNull();
    expect(screen.queryByText(/You cannot confirm this PaymentIntent/)).toBeNull();
    expect(currentPath(r.router)).toBe("/checkout");
  });

  it("shows Stripe's decline message as Payment Failed, beside the button and in a toast, and lets the customer try again", async () => {
    stripe.state.outcome = "declines";
    const r = checkout();
    const pay = await payButton();
    stripe.type({ complete: true, empty: false });
    await r.user.click(pay);
    const alert = await screen.findByText("Nothing was charged. Check your card details and try again.");
    expect(alert.closest("[role=alert]")).toHaveTextContent("Payment Failed");
    expect(alert.closest("[role=alert]")).toHaveTextContent("Your card was declined.");
    expect(screen.getAllByText("Your card was declined.").length).toBeGreaterThanOrEqual(2); // the toast too
    expect(currentPath(r.router)).toBe("/checkout");
    expect(await payButton()).toBeEnabled();

    stripe.state.outcome = "succeeds";
    await r.user.click(await payButton());
    await waitFor(() => expect(currentPath(r.router)).toBe("/order-confirmation"));
    expect(stripe.state.confirms.map((c) => c.clientSecret)).toEqual(["pi_1_secret_abc", "pi_1_secret_abc"]);
  });

  it("says Payment Error with Try again when Stripe.js cannot load, instead of a card form that never finishes loading", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const r = checkout({}, "pk_test_unreachable");
    const alert = await screen.findByText("Failed to initialize payment. Please try again.");
    expect(alert.closest("[role=alert]")).toHaveTextContent("Payment Error");
    expect(screen.queryByRole("form", { name: "Payment" })).toBeNull();
    expect(error).toHaveBeenCalledWith("Stripe.js could not be loaded", expect.any(Error));
    const tries = stripe.state.keys.filter((k) => k === "pk_test_unreachable").length;
    await r.user.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(stripe.state.keys.filter((k) => k === "pk_test_unreachable").length).toBe(tries + 1));
    expect(await screen.findByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
