import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { demoDraft } from "../bench/demo-order.ts";
import { DEMO_CUSTOMER, DEMO_PASSWORD, type LocalStack } from "../src/index.ts";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { shots, signIn, useBrowserStack, watchErrors } from "./browser.ts";
import { sphereStl } from "./meshes.ts";

/** expect.poll with room for a busy machine (its default gives up after one second). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000 });

const { stack, browser } = useBrowserStack();

interface OrderAnswer {
  id: string;
  orderNumber: string | null;
  status: string;
  totalCost: string;
  pricing: { totalCents: number; customerPaysCents: number };
  payment: { status: string; amountCents: number } | null;
  shipping: { optionId: string; carrier: string; service: string; costCents: number } | null;
}

/**
 * A submitted order by the signed-in page's customer, made through the same calls the upload and
 * submit screens make (the page's own session cookie): upload to S3 through the presigned POST,
 * wait for the analysis, save the draft, submit it to a seeded printer.
 */
async function submittedOrder(
  page: Page,
  s: LocalStack,
  deliveryMethod: "pickup" | "delivery" | "shipping",
  printerName = "Maria's Prusa",
) {
  const headers = { origin: s.url };
  const bytes = sphereStl(12, 48, 24);
  const upload = await page.request.post(`${s.url}/api/uploads`, { data: { fileName: "e2e-ball.stl", size: bytes.length }, headers });
  expect(upload.status()).toBe(201);
  const presigned = (await upload.json()) as { uploadId: string; url: string; fields: Record<string, string> };
  const form = new FormData();
  for (const [k, v] of Object.entries(presigned.fields)) form.append(k, v);
  form.append("file", new Blob([new Uint8Array(bytes)]), "e2e-ball.stl");
  expect((await fetch(presigned.url, { method: "POST", body: form })).status).toBeLessThan(300);
  await s.idle();
  const draft = await page.request.post(`${s.url}/api/save-draft`, {
    headers,
    data: demoDraft(presigned.uploadId, { deliveryMethod, specialInstructions: "Please print with care." }),
  });
  expect(draft.status()).toBe(201);
  const { data: printers } = await s.store.entities.printers.scan.go({ pages: "all" });
  const printer = printers.find((p) => p.name === printerName);
  if (!printer) throw new Error(`no seeded printer ${printerName}`);
  const submitted = await page.request.post(`${s.url}/api/submit-order`, {
    headers,
    data: {
      printerId: printer.printerId,
      draftId: ((await draft.json()) as { jobId: string }).jobId,
      filamentColor: "Black",
      deliveryMethod,
    },
  });
  expect(submitted.status()).toBe(201);
  return (await submitted.json()) as { orderId: string; orderNumber: string };
}

async function readOrder(page: Page, s: LocalStack, id: string): Promise<OrderAnswer> {
  const res = await page.request.get(`${s.url}/api/print-jobs/${encodeURIComponent(id)}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as OrderAnswer;
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry date").fill("12/34");
  await page.getByLabel("CVC").fill("123");
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

async function newCustomerPage() {
  const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await signIn(page, stack().url, DEMO_CUSTOMER.email, DEMO_PASSWORD);
  return { context, page, errors };
}

describe("checkout and the customer's orders", () => {
  it("pays with the test card, lands on Order Confirmed!, and finds the same order by its number on /orders and /dashboard", async () => {
    const { context, page, errors } = await newCustomerPage();
    const s = stack();
    const { orderId } = await submittedOrder(page, s, "delivery");
    const before = await readOrder(page, s, orderId);

    await page.goto(`${s.url}/checkout?orderId=${orderId}`);
    await poll(() => page.getByRole("heading", { name: "Order Summary" }).count()).toBe(1);
    await poll(() => page.getByText("Test mode", { exact: true }).count()).toBe(1);
    // the spec's fields, labelled; the ZIP and name come from the profile
    expect(await page.getByLabel("Cardholder name").inputValue()).not.toBe("");
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(DEMO_CUSTOMER.email);
    expect(await page.getByLabel("ZIP code").inputValue()).toBe("80538");
    // the button reads the server's amount: the order's total with the local delivery fee
    const pay = page.getByRole("button", { name: `Pay ${money(before.pricing.totalCents)}` });
    await poll(() => pay.isEnabled()).toBe(true);
    await fillCard(page, "4242 4242 4242 4242");
    await page.screenshot({ path: join(shots, "checkout-test-card.png"), fullPage: true });
    await expectNoSeriousA11yViolations(page);
    await pay.click();

    await page.waitForURL(/\/order-confirmation\?orderId=/);
    await poll(() => page.getByRole("heading", { name: "Order Confirmed!" }).count()).toBe(1);
    const number = (await page.locator("dt:text-is('Order number') + dd").innerText()).trim();
    expect(number).toMatch(/^PH-\d{5,}$/);
    expect(number).toBe(before.orderNumber);
    await poll(() => page.locator("dt:text-is('Local delivery') + dd").innerText()).toBe("$5.00");
    await poll(() => page.locator("dt:text-is('Printer') + dd").innerText()).toMatch(/Printer #\d+/);
    await poll(() => page.locator("dt:text-is('Status') + dd").innerText()).toBe("Confirmed");
    expect(await page.locator("main").innerText()).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    await page.screenshot({ path: join(shots, "order-confirmed.png"), fullPage: true });
    await expectNoSeriousA11yViolations(page);

    const after = await readOrder(page, s, orderId);
    expect(after.status).toBe("confirmed");
    expect(after.payment).toMatchObject({ status: "authorized", amountCents: before.pricing.totalCents });

    // /orders: the search takes the number as read on the confirmation page
    await page.getByRole("link", { name: "View My Orders" }).click();
    await page.waitForURL("**/orders");
    await poll(() => page.getByRole("list", { name: "Orders" }).count()).toBe(1);
    await page.getByLabel("Find an order").fill(number.toLowerCase().replace("-", ""));
    const cards = page.getByRole("list", { name: "Orders" }).getByRole("listitem");
    await poll(() => cards.count()).toBe(1);
    const card = page.getByRole("listitem", { name: `Order ${number}` });
    expect(await card.count()).toBe(1);
    expect(await card.innerText()).toContain("Confirmed");
    await page.screenshot({ path: join(shots, "orders-search.png"), fullPage: true });
    await expectNoSeriousA11yViolations(page);

    // the details dialog, with its timeline; Escape closes it
    await card.getByRole("button", { name: "View Order Details" }).click();
    const dialog = page.getByRole("dialog", { name: "Order Details" });
    await poll(() => dialog.count()).toBe(1);
    expect(await dialog.getByRole("list", { name: "Timeline" }).innerText()).toContain("Payment confirmed");
    await page.screenshot({ path: join(shots, "orders-details-dialog.png") });
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press("Escape");
    await poll(() => dialog.count()).toBe(0);

    // the order page answers to its number too
    await page.goto(`${s.url}/order/${number}`);
    await poll(() => page.getByRole("heading", { name: `Order ${number}` }).count()).toBe(1);
    await poll(() => page.getByRole("link", { name: "Back to Dashboard" }).count()).toBe(1);
    await page.screenshot({ path: join(shots, "order-page-customer.png"), fullPage: true });
    await expectNoSeriousA11yViolations(page);

    // /dashboard: in Active Orders (the default tab), with the spec's status text and buttons
    await page.goto(`${s.url}/dashboard`);
    const active = page.getByRole("tab", { name: /^Active Orders \(\d+\)$/ });
    await poll(() => active.getAttribute("aria-selected")).toBe("true");
    const job = page.getByRole("listitem", { name: `Order ${number}` });
    await poll(() => job.count()).toBe(1);
    expect(await job.innerText()).toContain("Waiting for printer owner to accept");
    expect(await job.getByRole("button", { name: "Contact Printer" }).count()).toBe(1);
    expect(await job.getByRole("button", { name: "Job Details" }).count()).toBe(1);
    await page.screenshot({ path: join(shots, "dashboard-customer.png"), fullPage: true });
    await expectNoSeriousA11yViolations(page);

    expect(errors).toEqual([]);
    await context.close();
  });

  it("a declined card shows Payment Failed and charges nothing; the unpaid order can then be cancelled", async () => {
    const { context, page, errors } = await newCustomerPage();
    const s = stack();
    const { orderId, orderNumber } = await submittedOrder(page, s, "pickup");

    await page.goto(`${s.url}/checkout?orderId=${orderId}`);
    const pay = page.getByRole("button", { name: /^Pay \$\d+\.\d{2}$/ });
    await poll(() => pay.isEnabled()).toBe(true);
    await fillCard(page, "4000 0000 0000 0002");
    await pay.click();
    const alert = page.getByRole("alert").filter({ hasText: "Payment Failed" });
    await poll(() => alert.count()).toBe(1);
    expect(await alert.innerText()).toContain("Your card was declined.");
    expect(await alert.innerText()).toContain("Nothing was charged");
    await page.screenshot({ path: join(shots, "checkout-declined.png"), fullPage: true });
    await expectNoSeriousA11yViolations(page);
    expect(page.url()).toContain("/checkout");

    // nothing charged: still awaiting payment, no hold on the card
    await s.idle();
    const order = await readOrder(page, s, orderId);
    expect(order.status).toBe("submitted");
    expect(order.payment?.status ?? "pending").toBe("pending");

    // cancel it from /orders: Keep Order keeps it, Cancel Order cancels it
    await page.goto(`${s.url}/orders`);
    const card = page.getByRole("listitem", { name: `Order ${orderNumber}` });
    await poll(() => card.count()).toBe(1);
    await card.getByRole("button", { name: "Cancel Order" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel Order" });
    await poll(() => dialog.count()).toBe(1);
    await expectNoSeriousA11yViolations(page, "Cancel Order dialog");
    await dialog.getByRole("button", { name: "Keep Order" }).click();
    await poll(() => dialog.count()).toBe(0);
    expect((await readOrder(page, s, orderId)).status).toBe("submitted");
    await card.getByRole("button", { name: "Cancel Order" }).click();
    await page.getByRole("dialog", { name: "Cancel Order" }).getByRole("button", { name: "Cancel Order" }).click();
    await poll(() => card.innerText()).toContain("Cancelled");
    expect(await card.getByRole("button", { name: "Cancel Order" }).count()).toBe(0);
    expect((await readOrder(page, s, orderId)).status).toBe("cancelled");

    expect(errors).toEqual([]);
    await context.close();
  });

  it("a shipping order shows the options for the ZIP, the default preselected, and pays the chosen one", async () => {
    const { context, page, errors } = await newCustomerPage();
    const s = stack();
    const { orderId } = await submittedOrder(page, s, "shipping");

    await page.goto(`${s.url}/checkout?orderId=${orderId}`);
    const options = page.getByRole("radiogroup", { name: "Shipping option" });
    await poll(() => options.getByRole("radio").count()).toBe(3);
    // the default (the cheapest) is preselected and saved with the order
    await poll(() => options.getByRole("radio", { checked: true }).getAttribute("aria-label")).toMatch(/^USPS Ground Advantage/);
    await poll(async () => (await readOrder(page, s, orderId)).shipping?.service ?? null).toBe("Ground Advantage");

    // choose Priority Mail: the order's total and the pay button follow the server
    await options.getByRole("radio", { name: /^USPS Priority Mail/ }).click();
    await poll(async () => (await readOrder(page, s, orderId)).shipping?.service ?? null).toBe("Priority Mail");
    const chosen = await readOrder(page, s, orderId);
    expect(chosen.pricing.totalCents).toBe(chosen.pricing.customerPaysCents + (chosen.shipping?.costCents ?? 0));
    const pay = page.getByRole("button", { name: `Pay ${money(chosen.pricing.totalCents)}` });
    await poll(() => pay.isEnabled()).toBe(true);
    await fillCard(page, "4242424242424242");
    await page.screenshot({ path: join(shots, "checkout-shipping.png"), fullPage: true });
    await expectNoSeriousA11yViolations(page);
    await pay.click();

    await page.waitForURL(/\/order-confirmation\?orderId=/);
    await poll(() => page.getByRole("heading", { name: "Order Confirmed!" }).count()).toBe(1);
    await poll(() => page.locator("dt:text-matches('^Shipping \\\\(') + dd").innerText()).toBe(money(chosen.shipping?.costCents ?? 0));
    await page.screenshot({ path: join(shots, "order-confirmed-shipping.png"), fullPage: true });
    await expectNoSeriousA11yViolations(page);
    const paid = await readOrder(page, s, orderId);
    expect(paid.status).toBe("confirmed");
    expect(paid.payment?.amountCents).toBe(chosen.pricing.totalCents);

    expect(errors).toEqual([]);
    await context.close();
  });

  it("without an order id checkout says Invalid Checkout; an unknown order is Order not found / Order Not Found", async () => {
    const { context, page } = await newCustomerPage();
    const s = stack();
    await page.goto(`${s.url}/checkout`);
    await poll(() => page.getByRole("heading", { name: "Invalid Checkout" }).count()).toBe(1);
    await expectNoSeriousA11yViolations(page);
    expect(await page.getByRole("link", { name: "Back to Orders" }).count()).toBe(1);
    await page.goto(`${s.url}/checkout?orderId=PH-99999999`);
    await poll(() => page.getByRole("heading", { name: "Order not found" }).count()).toBe(1);
    await expectNoSeriousA11yViolations(page);
    await page.goto(`${s.url}/order-confirmation?orderId=PH-99999999`);
    await poll(() => page.getByRole("heading", { name: "Order Not Found" }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "View My Orders" }).count()).toBe(1);
    await expectNoSeriousA11yViolations(page);
    await page.goto(`${s.url}/order/PH-99999999`);
    await poll(() => page.getByRole("heading", { name: "Order Not Found" }).count()).toBe(1);
    await context.close();
  });
});
