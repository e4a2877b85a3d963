import { formatCents } from "@printhood/core/shared/pricing";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../src/index.ts";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { signIn, useBrowserStack } from "./browser.ts";
import { newCustomer, ok, person, placePaidOrder, poll } from "./orders.ts";

const { stack, browser } = useBrowserStack();

interface Priced {
  payment: { status: string; amountCents: number; authorizedCents: number | null };
  pricing: { totalCents: number };
  priceBounds: { lowCents: number; highCents: number } | null;
  priceProposal: { status: string } | null;
}

/**
 * Issue 25 point 4 in two browsers: the owner proposes a higher price within the estimate's range
 * from the order's page (Adjust price), the customer accepts it and confirms the new hold with the
 * test card form on their order page, and the owner's accept captures the new price.
 */
describe("an adjusted price from the owner's proposal to the capture", () => {
  it("Adjust price, Accept new price, the card for the new hold, Accept: the stand-in captures the new price", async () => {
    const url = stack().url;
    const owner = await person(browser());
    const customer = await person(browser());
    await signIn(owner.page, url, "lena@printhood.local", DEMO_PASSWORD);
    const lena = await ok<{ id: string }>(owner.page, "GET", "/api/auth/user");
    const printers = await ok<{ id: string; name: string }[]>(owner.page, "GET", `/api/users/${lena.id}/printers`);
    const printer = printers.find((p) => p.name === "Harmony Road Printing");
    expect(printer).toBeTruthy();
    await newCustomer(stack(), customer.page, "pp");
    const order = await placePaidOrder(stack(), customer.page, printer?.id ?? "", "pickup", "price-bracket.stl");
    const before = await ok<Priced>(owner.page, "GET", `/api/print-jobs/${order.orderId}`);
    const higher = before.priceBounds?.highCents ?? 0;
    expect(higher).toBeGreaterThan(before.pricing.totalCents);

    // The owner: the Price card's Adjust price dialog.
    await owner.page.goto(`${url}/order/${order.orderId}`);
    const price = owner.page.getByRole("region", { name: "Price", exact: true });
    await price.getByRole("button", { name: "Adjust price" }).click();
    const dialog = owner.page.getByRole("dialog", { name: "Adjust Price" });
    await dialog.getByLabel("New price (USD, delivery included)").fill((higher / 100).toFixed(2));
    await dialog.getByLabel("Reason for the customer").fill("My slicer says the supports need 3 g more.");
    await expectNoSeriousA11yViolations(owner.page);
    await dialog.getByRole("button", { name: "Propose New Price" }).click();
    await poll(() => price.getByText("waiting for the customer's answer").count()).toBe(1);

    // The customer: the proposal on their order page, accepted, and the card for the new hold.
    await customer.page.goto(`${url}/order/${order.orderId}`);
    const box = customer.page.getByRole("region", {
      name: `New price proposed: ${formatCents(higher)} instead of ${formatCents(before.pricing.totalCents)}`,
    });
    await poll(() => box.getByText("My slicer says the supports need 3 g more.").count()).toBe(1);
    await box.getByRole("button", { name: "Accept new price" }).click();
    const pay = box.getByRole("button", { name: `Pay ${formatCents(higher)}` });
    await poll(() => pay.count()).toBe(1);
    await expectNoSeriousA11yViolations(customer.page);
    await box.getByLabel("ZIP code").fill("80538");
    await box.getByLabel("Card number").fill("4242 4242 4242 4242");
    await box.getByLabel("Expiry date").fill("12/34");
    await box.getByLabel("CVC").fill("123");
    await poll(() => pay.isEnabled()).toBe(true);
    await pay.click();
    await poll(() => customer.page.getByText(`You accepted the new price of ${formatCents(higher)}`).count()).toBe(1);

    // The owner accepts at the new price: the stand-in captures it from the new hold.
    await owner.page.reload();
    await owner.page.getByRole("button", { name: "Accept", exact: true }).click();
    await owner.page.getByRole("dialog", { name: "Accept Order" }).getByRole("button", { name: "Accept Order" }).click();
    await poll(async () => (await ok<Priced>(owner.page, "GET", `/api/print-jobs/${order.orderId}`)).payment.status).toBe("captured");
    const after = await ok<Priced & { payment: { amountCents: number } }>(owner.page, "GET", `/api/print-jobs/${order.orderId}`);
    expect(after.payment.amountCents).toBe(higher);
    // What the stand-in did: one capture for this order, of the new price.
    const captures = stack()
      .stripe.events.filter((e) => e.type === "payment_intent.succeeded")
      .map((e) => e.data.object as { metadata?: Record<string, string>; amount_received?: number })
      .filter((pi) => pi.metadata?.orderId === order.orderId);
    expect(captures.map((pi) => pi.amount_received)).toEqual([higher]);
  });
});
