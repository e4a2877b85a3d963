import { statSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../src/index.ts";
import { expectNoSeriousA11yViolations, smallTargets } from "./a11y.ts";
import { shots, signIn, useBrowserStack } from "./browser.ts";
import { boxStl } from "./meshes.ts";
import { newCustomer, ok, person, placePaidOrder, poll } from "./orders.ts";
import { markComplete } from "./photos.ts";

const { stack, browser } = useBrowserStack();

/** The owner's first printer (the tracking page's printer), read as the owner. */
async function firstPrinterId(owner: Page): Promise<string> {
  const me = await ok<{ id: string }>(owner, "GET", "/api/auth/user");
  const printers = await ok<{ id: string }[]>(owner, "GET", `/api/users/${me.id}/printers`);
  expect(printers.length).toBe(1);
  return printers[0]!.id;
}

/** The order's card on an owner's screen: an article named by the order number. */
const card = (scope: Page | Locator, orderNumber: string) => scope.getByRole("article", { name: orderNumber, exact: true });
/** A dashboard section (a region named by its heading). */
const section = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

/** What the customer's screens read for the order: its status (and, shipped, the tracking number). */
async function customerSees(customer: Page, orderId: string) {
  return ok<{ status: string; trackingNumber: string | null }>(customer, "GET", `/api/print-jobs/${orderId}`);
}

/** The spec's status texts on the customer's order cards (spec 2 §2 Customer dashboard). */
const CUSTOMER_STATUS_TEXT: Record<string, string> = {
  accepted: "Accepted by printer owner, queued for printing",
  printing: "Currently being printed",
  completed: "Print completed, ready for pickup/delivery",
  ready_for_pickup: "Ready for pickup",
  picked_up: "Order completed and picked up",
};

/** The customer's screens are checked with axe once per journey file (they look the same at each step). */
let customerScreensChecked = false;

/**
 * The customer follows the step on their own screens: the order's card on /orders (its status
 * badge) and on /dashboard's All Orders tab (the spec's status text).
 */
async function customerFollows(customer: Page, order: { orderId: string; orderNumber: string }, status: string) {
  await poll(async () => (await customerSees(customer, order.orderId)).status).toBe(status);
  const origin = new URL(customer.url()).origin;
  await customer.goto(`${origin}/orders`);
  const listed = customer.getByRole("listitem", { name: `Order ${order.orderNumber}` });
  await poll(() => listed.count()).toBe(1);
  await poll(async () => (await listed.innerText()).toLowerCase()).toContain(status.replace(/_/g, " "));
  if (!customerScreensChecked) await expectNoSeriousA11yViolations(customer);
  await customer.goto(`${origin}/dashboard`);
  await customer.getByRole("tab", { name: /^All Orders/ }).click();
  const card = customer.getByRole("listitem", { name: `Order ${order.orderNumber}` });
  await poll(() => card.count()).toBe(1);
  await poll(() => card.innerText()).toContain(CUSTOMER_STATUS_TEXT[status]!);
  if (!customerScreensChecked) await expectNoSeriousA11yViolations(customer, "All Orders tab");
  customerScreensChecked = true;
}

describe("the printer owner takes an order from request to hand-over", () => {
  it("pickup: accept with a message, start, complete, ready for pickup, picked up; the customer follows; earnings and payouts", async () => {
    const owner = await person(browser());
    const customer = await person(browser());
    const url = stack().url;

    await signIn(owner.page, url, "maria@printhood.local", DEMO_PASSWORD);
    const printerId = await firstPrinterId(owner.page);
    const me = await newCustomer(stack(), customer.page, "p");
    const order = await placePaidOrder(stack(), customer.page, printerId, "pickup", "bracket.stl");

    // The request on the owner's dashboard: its number (never the id), the customer, the printed size.
    await owner.page.goto(`${url}/printer-dashboard`);
    const request = card(section(owner.page, "New Order Requests"), order.orderNumber);
    await poll(() => request.count()).toBe(1);
    const text = await request.innerText();
    expect(text).toContain("bracket.stl");
    expect(text).toContain("Jamie Rivera");
    expect(text).toContain("Printed size: 40 × 30 × 20 mm");
    expect(text).not.toContain(order.orderId);
    expect(await request.getByRole("button", { name: "Accept", exact: true }).count()).toBe(1);
    expect(await request.getByRole("button", { name: "Reject", exact: true }).count()).toBe(1);
    await owner.page.screenshot({ path: join(shots, "owner-dashboard-request.png"), fullPage: true });
    await expectNoSeriousA11yViolations(owner.page);
    // Job Details and the heading's links are 24 px high at least (WCAG 2.2 target size), on a desktop too.
    expect(await smallTargets(owner.page)).toEqual([]);

    // Accept, with a message, in a dialog (Escape closes it first: focus is trapped inside).
    await request.getByRole("button", { name: "Accept", exact: true }).click();
    let dialog = owner.page.getByRole("dialog", { name: "Accept Order" });
    await poll(() => dialog.count()).toBe(1);
    await owner.page.keyboard.press("Escape");
    await poll(() => dialog.count()).toBe(0);
    await request.getByRole("button", { name: "Accept", exact: true }).click();
    dialog = owner.page.getByRole("dialog", { name: "Accept Order" });
    await dialog.getByLabel("Message to the customer (optional)").fill("Thanks! Printing it this afternoon.");
    await owner.page.screenshot({ path: join(shots, "owner-accept-dialog.png") });
    await expectNoSeriousA11yViolations(owner.page);
    await dialog.getByRole("button", { name: "Accept Order" }).click();
    await poll(() => owner.page.getByText("Order Accepted", { exact: true }).count()).toBe(1);
    const active = () => card(section(owner.page, "Active Orders"), order.orderNumber);
    await poll(() => active().count()).toBe(1);
    await customerFollows(customer.page, order, "accepted");

    // A printer with an open order cannot be deleted: the server's sentence, and Set Offline instead.
    await owner.page.getByRole("button", { name: "Delete Maria's Prusa" }).click();
    dialog = owner.page.getByRole("dialog", { name: "Delete Printer" });
    await dialog.getByRole("button", { name: "Delete Printer" }).click();
    await poll(() => dialog.getByRole("alert").innerText()).toContain("Maria's Prusa has 1 open order, so it cannot be deleted.");
    await owner.page.screenshot({ path: join(shots, "owner-delete-refused.png") });
    await expectNoSeriousA11yViolations(owner.page);
    await dialog.getByRole("button", { name: "Set Offline Instead" }).click();
    const toggle = owner.page.getByRole("switch", { name: "Maria's Prusa online" });
    await poll(() => toggle.getAttribute("aria-checked")).toBe("false");
    await toggle.click();
    await poll(() => toggle.getAttribute("aria-checked")).toBe("true");

    // Start Printing from the Print Queue dialog.
    await owner.page.getByRole("button", { name: "Print queue for Maria's Prusa" }).click();
    const queue = owner.page.getByRole("dialog", { name: "Print Queue" });
    await poll(() => queue.getByText("Active Queue (1)").count()).toBe(1);
    await owner.page.screenshot({ path: join(shots, "owner-print-queue.png") });
    await expectNoSeriousA11yViolations(owner.page);
    await card(queue, order.orderNumber).getByRole("button", { name: "Start Printing" }).click();
    await poll(() => card(queue, order.orderNumber).getByRole("button", { name: "Mark Complete" }).count()).toBe(1);
    await owner.page.keyboard.press("Escape");
    await poll(() => queue.count()).toBe(0);
    await customerFollows(customer.page, order, "printing");

    // Mark Complete (with a photo of the finished part), then Ready for Pickup (a pickup order: never Ready for Shipping).
    await markComplete(owner.page, active().getByRole("button", { name: "Mark Complete" }));
    const done = card(section(owner.page, "Completed Orders"), order.orderNumber);
    await poll(() => done.getByRole("button", { name: "Ready for Pickup" }).count()).toBe(1);
    expect(await done.getByRole("button", { name: "Ready for Shipping" }).count()).toBe(0);
    await customerFollows(customer.page, order, "completed");
    await done.getByRole("button", { name: "Ready for Pickup" }).click();
    const ready = card(section(owner.page, "Ready for Pickup or Shipping"), order.orderNumber);
    await poll(() => ready.getByRole("button", { name: "Mark Picked Up" }).count()).toBe(1);
    await customerFollows(customer.page, order, "ready_for_pickup");
    await owner.page.screenshot({ path: join(shots, "owner-dashboard-ready.png"), fullPage: true });
    await expectNoSeriousA11yViolations(owner.page);

    // The order's page as the owner sees it: customer's name and email, size, Download 3D File.
    await owner.page.goto(`${url}/order/${order.orderId}`);
    await poll(() => owner.page.getByRole("heading", { level: 1, name: `Order ${order.orderNumber}` }).count()).toBe(1);
    const customerCard = owner.page.getByRole("region", { name: "Customer" });
    expect(await customerCard.innerText()).toContain("Jamie Rivera");
    expect(await customerCard.innerText()).toContain(me.email);
    expect(await owner.page.getByRole("region", { name: "Order Information" }).innerText()).toContain("40 × 30 × 20 mm");
    expect(await owner.page.getByRole("link", { name: "Back to Printer Tracking" }).getAttribute("href")).toBe("/printer-tracking");
    const [download] = await Promise.all([
      owner.page.waitForEvent("download"),
      owner.page.getByRole("button", { name: "Download 3D File" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("bracket.stl");
    const saved = join(shots, `downloaded-${order.orderNumber}.stl`);
    await download.saveAs(saved);
    expect(statSync(saved).size).toBe(boxStl(40, 30, 20).length);
    await owner.page.screenshot({ path: join(shots, "owner-order-page.png"), fullPage: true });
    await expectNoSeriousA11yViolations(owner.page);

    // Mark Picked Up from the order's page.
    await owner.page.getByRole("button", { name: "Mark Picked Up" }).click();
    await poll(() => owner.page.getByRole("list", { name: "Timeline" }).getByText("Picked up").count()).toBe(1);
    await customerFollows(customer.page, order, "picked_up");

    // /printer-tracking: the pickup, the completed count and the earnings (what the owner earns, with what the customer paid beside it).
    const paid = await ok<{ pricing: { totalCents: number; printerProfitCents: number; deliveryFeeCents: number } }>(
      owner.page,
      "GET",
      `/api/print-jobs/${order.orderId}`,
    );
    const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    await owner.page.goto(`${url}/printer-tracking`);
    const stat = (label: string) => owner.page.getByText(label, { exact: true }).locator("xpath=../..");
    await poll(() => stat("Earnings").innerText()).toContain(dollars(paid.pricing.printerProfitCents + paid.pricing.deliveryFeeCents));
    expect(await stat("Earnings").innerText()).toContain(`their customers paid ${dollars(paid.pricing.totalCents)}`);
    expect(await stat("Completed").innerText()).toContain("1");
    expect(await card(owner.page, order.orderNumber).count()).toBe(1);
    await owner.page.screenshot({ path: join(shots, "owner-tracking.png"), fullPage: true });
    await expectNoSeriousA11yViolations(owner.page);
    expect(await smallTargets(owner.page)).toEqual([]);

    // Payouts: the order's earnings are held until the customer has the part (issue 21), and
    // available once they say "Received, looks good"; Request Payout waits for Stripe; Connect Stripe pays it.
    const earned = dollars(paid.pricing.printerProfitCents + paid.pricing.deliveryFeeCents);
    await owner.page.getByRole("tab", { name: "Payouts" }).click();
    await owner.page.waitForURL("**/printer-tracking?tab=payouts");
    const balances = owner.page.getByRole("region", { name: "Balances" });
    const amount = (label: string) => balances.getByText(label, { exact: true }).locator("xpath=..");
    await poll(() => amount("Held").innerText()).toContain(earned);
    expect(await amount("Available").innerText()).toContain("$0.00");
    expect(await owner.page.getByRole("button", { name: "Request Payout" }).isDisabled()).toBe(true);
    await poll(() => owner.page.getByText(/Frees up on /).count()).toBe(1);
    await customer.page.goto(`${url}/order/${order.orderId}`);
    await customer.page.getByRole("button", { name: "Received, looks good" }).click();
    await poll(() => customer.page.getByText(/that the part arrived as ordered/).count()).toBe(1);
    await owner.page.reload();
    await poll(() => amount("Available").innerText()).toContain(earned);
    expect(await amount("Held").innerText()).toContain("$0.00");
    expect(await owner.page.getByRole("heading", { name: "Connect Stripe for payouts" }).count()).toBe(1);
    await owner.page.screenshot({ path: join(shots, "owner-payouts.png"), fullPage: true });
    await expectNoSeriousA11yViolations(owner.page);
    await owner.page.getByRole("button", { name: "Request Payout" }).click();
    await poll(() => owner.page.getByText("Payout Requested", { exact: true }).count()).toBe(1);
    await poll(() => amount("Requested").innerText()).toContain(earned);
    await owner.page.getByRole("button", { name: "Connect Stripe" }).click();
    await owner.page.waitForURL(`${url}/printer-tracking?tab=payouts`, { timeout: 20_000 });
    await poll(() => owner.page.getByRole("heading", { name: "Stripe connected" }).count()).toBe(1);
    await poll(() => amount("Paid").innerText()).toContain(earned);
    await owner.page.screenshot({ path: join(shots, "owner-payouts-paid.png"), fullPage: true });
    await expectNoSeriousA11yViolations(owner.page);

    expect(owner.errors).toEqual([]);
    expect(customer.errors).toEqual([]);
    await owner.context.close();
    await customer.context.close();
  });

  it("shipping: ready for shipping from tracking's hint, Mark Shipped asks the carrier and tracking number", async () => {
    const owner = await person(browser());
    const customer = await person(browser());
    const url = stack().url;

    await signIn(owner.page, url, "lena@printhood.local", DEMO_PASSWORD);
    const printerId = await firstPrinterId(owner.page);
    await newCustomer(stack(), customer.page, "s");
    const order = await placePaidOrder(stack(), customer.page, printerId, "shipping", "hinge.stl");

    await owner.page.goto(`${url}/printer-dashboard`);
    const request = card(section(owner.page, "New Order Requests"), order.orderNumber);
    await poll(() => request.count()).toBe(1);
    await request.getByRole("button", { name: "Accept", exact: true }).click();
    await owner.page.getByRole("dialog", { name: "Accept Order" }).getByRole("button", { name: "Accept Order" }).click();
    const active = card(section(owner.page, "Active Orders"), order.orderNumber);
    await poll(() => active.getByRole("button", { name: "Start Printing" }).count()).toBe(1);
    await active.getByRole("button", { name: "Start Printing" }).click();
    await poll(() => active.getByRole("button", { name: "Mark Complete" }).count()).toBe(1);
    await markComplete(owner.page, active.getByRole("button", { name: "Mark Complete" }));
    await poll(() => card(section(owner.page, "Completed Orders"), order.orderNumber).count()).toBe(1);

    // Tracking: the shipping tab's hint, then Ready for Shipping and Mark Shipped there.
    await owner.page.goto(`${url}/printer-tracking`);
    await owner.page.getByRole("tab", { name: /Shipping Orders/ }).click();
    const tracked = card(owner.page, order.orderNumber);
    await poll(() => tracked.getByText("Print completed - prepare for shipping and update tracking").count()).toBe(1);
    expect(await tracked.getByRole("button", { name: "Ready for Pickup" }).count()).toBe(0);
    await owner.page.screenshot({ path: join(shots, "owner-tracking-shipping.png"), fullPage: true });
    await expectNoSeriousA11yViolations(owner.page);
    await tracked.getByRole("button", { name: "Ready for Shipping" }).click();
    await poll(() => tracked.getByRole("button", { name: "Mark Shipped" }).count()).toBe(1);
    await poll(async () => (await customerSees(customer.page, order.orderId)).status).toBe("ready_for_shipping");

    await tracked.getByRole("button", { name: "Mark Shipped" }).click();
    const dialog = owner.page.getByRole("dialog", { name: "Mark Shipped" });
    await poll(() => dialog.count()).toBe(1);
    expect(await dialog.getByLabel("Carrier").inputValue()).toBe("USPS"); // the customer's chosen option
    await dialog.getByRole("button", { name: "Mark Shipped" }).click();
    await poll(() => dialog.getByRole("alert").innerText()).toBe(
      "Please enter the carrier and the tracking number to mark the order shipped.",
    );
    await dialog.getByLabel("Tracking number").fill("9400 1000 0000 0000 0000 00");
    await owner.page.screenshot({ path: join(shots, "owner-mark-shipped.png") });
    await expectNoSeriousA11yViolations(owner.page);
    await dialog.getByRole("button", { name: "Mark Shipped" }).click();
    await poll(() => dialog.count()).toBe(0);
    await poll(() => tracked.getByText("9400 1000 0000 0000 0000 00").count()).toBe(1);

    const seen = await customerSees(customer.page, order.orderId);
    expect(seen.status).toBe("shipped");
    expect(seen.trackingNumber).toBe("9400 1000 0000 0000 0000 00");
    await owner.page.screenshot({ path: join(shots, "owner-tracking-shipped.png"), fullPage: true });
    await expectNoSeriousA11yViolations(owner.page);

    expect(owner.errors).toEqual([]);
    expect(customer.errors).toEqual([]);
    await owner.context.close();
    await customer.context.close();
  });
});
