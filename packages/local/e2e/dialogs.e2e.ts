import { generate } from "otplib";
import type { APIRequestContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import { demoDraft } from "../bench/demo-order.ts";
import { DEMO_CUSTOMER, DEMO_PASSWORD, DEMO_STAFF, TEST_CONFIRM_PATH } from "../src/index.ts";
import { signIn, useBrowserStack, watchErrors } from "./browser.ts";
import { checkDialog } from "./keyboard.ts";
import { boxStl } from "./meshes.ts";
import { ownerStepByApi } from "./photos.ts";

/**
 * Issue 13: every dialog the journeys open keeps the focus inside while it is open (Tab and
 * Shift+Tab cycle within it), closes on Escape and gives the focus back to the control that opened
 * it. Each is opened from the keyboard (Tab to its button, Enter) and checked with axe while open.
 */

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000 });

const { stack, browser } = useBrowserStack();

async function callApi(request: APIRequestContext, method: string, path: string, data?: unknown) {
  const res = await request.fetch(`${stack().url}${path}`, {
    method,
    headers: { origin: stack().url },
    ...(data === undefined ? {} : { data }),
  });
  const text = await res.text();
  if (!res.ok()) throw new Error(`${method} ${path} answered ${res.status()}: ${text}`);
  return text ? JSON.parse(text) : null;
}

/** An order for Maria's Prusa by the signed-in customer, through the API the upload and submit screens call; paid when asked. */
async function order(request: APIRequestContext, deliveryMethod: "pickup" | "shipping", paid: boolean) {
  const bytes = boxStl(30, 20, 10);
  const upload = await callApi(request, "POST", "/api/uploads", { fileName: "dialog-box.stl", size: bytes.length });
  const form = new FormData();
  for (const [k, v] of Object.entries(upload.fields as Record<string, string>)) form.append(k, v);
  form.append("file", new Blob([new Uint8Array(bytes)]), "dialog-box.stl");
  expect((await fetch(upload.url, { method: "POST", body: form })).status).toBeLessThan(300);
  await stack().idle();
  await poll(async () => (await callApi(request, "GET", `/api/uploads/${upload.uploadId}`)).status).toBe("analyzed");
  const printers = (await callApi(request, "GET", "/api/printers")) as { id: string; name: string }[];
  const printer = printers.find((p) => p.name === "Maria's Prusa");
  if (!printer) throw new Error("no printer Maria's Prusa");
  const draft = await callApi(request, "POST", "/api/save-draft", demoDraft(upload.uploadId, { deliveryMethod }));
  const submitted = (await callApi(request, "POST", "/api/submit-order", {
    printerId: printer.id,
    draftId: draft.jobId,
    filamentColor: "Black",
    deliveryMethod,
  })) as { orderId: string; orderNumber: string };
  if (deliveryMethod === "shipping") {
    const weight = (await callApi(request, "GET", `/api/print-jobs/${submitted.orderId}`)).estimatedWeight;
    const quote = await callApi(request, "POST", "/api/calculate-shipping", { weightGrams: weight, zipTo: "10001", printerId: printer.id });
    await callApi(request, "PUT", `/api/orders/${submitted.orderId}/shipping`, { zipTo: "10001", optionId: quote.defaultOptionId });
  }
  if (paid) {
    const intent = await callApi(request, "POST", "/api/create-payment-intent", { orderId: submitted.orderId });
    await callApi(request, "POST", TEST_CONFIRM_PATH, {
      clientSecret: intent.clientSecret,
      cardNumber: "4242424242424242",
      name: "Dana Lee",
      email: DEMO_CUSTOMER.email,
    });
    await stack().idle();
    await poll(async () => (await callApi(request, "GET", `/api/print-jobs/${submitted.orderId}`)).status).toBe("confirmed");
  }
  return submitted;
}

describe("dialogs keep the focus and close on Escape", () => {
  it("the customer's dialogs: Order Details, Cancel Order, Job Details, Contact Printer Owner; the owner's: Job Details, Accept Order, Reject Order, Printer Settings, Print Queue, Delete Printer, Add Printer, Mark Shipped", async () => {
    const customerCtx = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    const ownerCtx = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    const customer = await customerCtx.newPage();
    const owner = await ownerCtx.newPage();
    const errors = [...watchErrors(customer), ...watchErrors(owner)];
    await signIn(customer, stack().url, DEMO_CUSTOMER.email, DEMO_PASSWORD);
    await signIn(owner, stack().url, "maria@printhood.local", DEMO_PASSWORD);
    const unpaid = await order(customer.request, "pickup", false);
    const toAccept = await order(customer.request, "pickup", true);
    const toShip = await order(customer.request, "shipping", true);

    // The customer's /orders: the details and the cancel confirmation of the unpaid order.
    await customer.goto(`${stack().url}/orders`);
    const card = customer.getByRole("listitem", { name: `Order ${unpaid.orderNumber}` });
    await poll(() => card.count()).toBe(1);
    await checkDialog(customer, card.getByRole("button", { name: "View Order Details" }), "Order Details");
    await checkDialog(customer, card.getByRole("button", { name: "Cancel Order" }), "Cancel Order");

    // /dashboard: Job Details and Contact Printer on a paid order's card.
    await customer.goto(`${stack().url}/dashboard`);
    const job = customer.getByRole("listitem", { name: `Order ${toAccept.orderNumber}` });
    await poll(() => job.count()).toBe(1);
    await checkDialog(customer, job.getByRole("button", { name: "Job Details" }), "Job Details");
    await checkDialog(customer, job.getByRole("button", { name: "Contact Printer" }), "Contact Printer Owner");

    // The owner's dashboard: the request's Accept and Reject, the printer's settings, queue and delete, Add Printer.
    await owner.goto(`${stack().url}/printer-dashboard`);
    const request = owner
      .getByRole("region", { name: "New Order Requests", exact: true })
      .getByRole("article", { name: toAccept.orderNumber, exact: true });
    await poll(() => request.count()).toBe(1);
    await checkDialog(owner, request.getByRole("button", { name: "Job Details" }), "Job Details");
    await checkDialog(owner, request.getByRole("button", { name: "Accept", exact: true }), "Accept Order");
    await checkDialog(owner, request.getByRole("button", { name: "Reject", exact: true }), "Reject Order");
    await checkDialog(owner, owner.getByRole("button", { name: "Settings for Maria's Prusa" }), "Printer Settings");
    await checkDialog(owner, owner.getByRole("button", { name: "Print queue for Maria's Prusa" }), "Print Queue");
    await checkDialog(owner, owner.getByRole("button", { name: "Delete Maria's Prusa" }), "Delete Printer");
    await checkDialog(owner, owner.getByRole("button", { name: "Add Printer", exact: true }), "Add Your 3D Printer");

    // Mark Shipped, on /printer-tracking's shipping tab once the shipping order is ready to ship.
    await callApi(owner.request, "POST", `/api/print-jobs/${toShip.orderId}/respond`, { action: "accept" });
    for (const status of ["printing", "completed", "ready_for_shipping"])
      await ownerStepByApi(stack(), owner.request, toShip.orderId, { status });
    await owner.goto(`${stack().url}/printer-tracking`);
    await owner.getByRole("tab", { name: /Shipping Orders/ }).focus();
    await owner.keyboard.press("Enter");
    const shipping = owner.getByRole("article", { name: toShip.orderNumber, exact: true });
    await poll(() => shipping.getByRole("button", { name: "Mark Shipped" }).count()).toBe(1);
    await checkDialog(owner, shipping.getByRole("button", { name: "Mark Shipped" }), "Mark Shipped");

    expect(errors).toEqual([]);
    await customerCtx.close();
    await ownerCtx.close();
  }, 240_000);

  it("the report dialogs on the order page, and the staff console's suspend and close-report dialogs", async () => {
    const customerCtx = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    const ownerCtx = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    const staffCtx = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    const [customer, owner, staff] = await Promise.all([customerCtx.newPage(), ownerCtx.newPage(), staffCtx.newPage()]);
    const errors = [...watchErrors(customer), ...watchErrors(owner), ...watchErrors(staff)];
    await signIn(customer, stack().url, DEMO_CUSTOMER.email, DEMO_PASSWORD);
    await signIn(owner, stack().url, "maria@printhood.local", DEMO_PASSWORD);
    const placed = await order(customer.request, "pickup", false);
    await callApi(owner.request, "POST", `/api/print-jobs/${placed.orderId}/messages`, { message: "Hello from Maria" });

    // The customer's order page: report the owner, and report the owner's message.
    await customer.goto(`${stack().url}/order/${placed.orderId}`);
    const reportOwner = customer.getByRole("button", { name: "Report the printer owner" });
    await poll(() => reportOwner.count()).toBe(1);
    await checkDialog(customer, reportOwner, "Report the printer owner");
    const reportMessage = customer.getByRole("button", { name: /^Report the message from/ });
    await poll(() => reportMessage.count()).toBe(1);
    await checkDialog(customer, reportMessage, "Report this message");
    await callApi(customer.request, "POST", "/api/reports", { orderId: placed.orderId, kind: "account", reason: "spam" });

    // The staff console: close a report, suspend an account (each asks why first).
    await callApi(staff.request, "POST", "/api/login", {
      email: DEMO_STAFF.email,
      password: DEMO_PASSWORD,
      totp: await generate({ secret: DEMO_STAFF.totpSecret }),
    });
    await staff.goto(`${stack().url}/staff`);
    const closeReport = staff.getByRole("button", { name: "Close report" }).first();
    await poll(() => closeReport.count()).toBe(1);
    await checkDialog(staff, closeReport, "Close this report");
    await staff.goto(`${stack().url}/staff?tab=lookup&q=maria%40printhood.local`);
    const suspend = staff.getByRole("button", { name: "Suspend account: maria@printhood.local" });
    await poll(() => suspend.count()).toBe(1);
    await checkDialog(staff, suspend, "Suspend maria@printhood.local");

    expect(errors).toEqual([]);
    for (const c of [customerCtx, ownerCtx, staffCtx]) await c.close();
  }, 240_000);
});
