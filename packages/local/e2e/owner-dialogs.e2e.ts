import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD, TEST_CONFIRM_PATH } from "../src/index.ts";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { shots, signIn, signUp, useBrowserStack, watchErrors } from "./browser.ts";
import { boxStl } from "./meshes.ts";

/**
 * The Printer Owner Dashboard's own dialogs in the browser (spec 2 §2, issue 9): Job Details with
 * the order's facts and the owner's moves, Download 3D File, and Message History (the customer's
 * Contact Printer dialog under the owner's title).
 */

/** expect.poll with room for a busy machine (its default gives up after one second). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000 });

const { stack, browser } = useBrowserStack();

/** One API call made by the page itself (its cookie and Origin). */
async function ok<T = Record<string, unknown>>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const res = await page.evaluate(
    async ({ method, path, body }) => {
      const r = await fetch(path, {
        method,
        credentials: "same-origin",
        headers: body === undefined ? {} : { "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await r.text();
      return { status: r.status, json: text ? JSON.parse(text) : null };
    },
    { method, path, body },
  );
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.json)}`).toBeLessThan(300);
  return res.json as T;
}

async function person(b: Browser) {
  const context = await b.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  return { context, page, errors: watchErrors(page) };
}

/** A pickup order of a 40 × 30 × 20 mm box, uploaded, analysed, submitted and paid with the test card. */
async function placePaidOrder(customer: Page, printerId: string, fileName: string) {
  const stl = boxStl(40, 30, 20);
  const presigned = await ok<{ uploadId: string; url: string; fields: Record<string, string> }>(customer, "POST", "/api/uploads", {
    fileName,
    size: stl.length,
  });
  const s3 = await customer.evaluate(
    async ({ url, fields, bytes, fileName }) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append("file", new Blob([new Uint8Array(bytes)]), fileName);
      return (await fetch(url, { method: "POST", body: form })).status;
    },
    { url: presigned.url, fields: presigned.fields, bytes: [...stl], fileName },
  );
  expect(s3).toBeLessThan(300);
  await stack().idle();
  await poll(async () => (await ok<{ status: string }>(customer, "GET", `/api/uploads/${presigned.uploadId}`)).status).toBe("analyzed");
  const draft = await ok<{ jobId: string }>(customer, "POST", "/api/save-draft", {
    uploadId: presigned.uploadId,
    material: "PLA",
    filamentColor: "Black",
    deliveryMethod: "pickup",
    specialInstructions: "Please leave the brim on.",
    printSettings: { quality: 0.2, infill: 20, supports: "auto", numberOfColors: 1, printTimeMinutes: 60 },
    estimatedWeight: 12,
    totalCost: "6.60",
    status: "draft",
  });
  const order = await ok<{ orderId: string; orderNumber: string }>(customer, "POST", "/api/submit-order", {
    printerId,
    draftId: draft.jobId,
    filamentColor: "Black",
    deliveryMethod: "pickup",
    specialInstructions: "Please leave the brim on.",
  });
  const intent = await ok<{ clientSecret: string }>(customer, "POST", "/api/create-payment-intent", { orderId: order.orderId });
  await ok(customer, "POST", TEST_CONFIRM_PATH, {
    clientSecret: intent.clientSecret,
    cardNumber: "4242 4242 4242 4242",
    name: "Jamie Rivera",
    email: "jamie@example.com",
  });
  await stack().idle();
  await poll(async () => (await ok<{ status: string }>(customer, "GET", `/api/print-jobs/${order.orderId}`)).status).toBe("confirmed");
  return order;
}

describe("the owner's dashboard dialogs", () => {
  it("Job Details shows the order and runs it from request to picked up; Download 3D File; Message History", async () => {
    const url = stack().url;
    const owner = await person(browser());
    const customer = await person(browser());
    await signIn(owner.page, url, "maria@printhood.local", DEMO_PASSWORD);
    const me = await ok<{ id: string }>(owner.page, "GET", "/api/auth/user");
    const printers = await ok<{ id: string }[]>(owner.page, "GET", `/api/users/${me.id}/printers`);
    const id = `d${Date.now().toString(36)}`;
    await signUp(customer.page, url, { username: `cust_${id}`, email: `cust_${id}@example.com`, password: "a long journey password" });
    const buyer = await ok<{ id: string; email: string }>(customer.page, "GET", "/api/auth/user");
    await ok(customer.page, "PATCH", `/api/users/${buyer.id}`, { firstName: "Jamie", lastName: "Rivera" });
    const order = await placePaidOrder(customer.page, printers[0]!.id, "hinge.stl");

    // Job Details from the request's card: a dialog on the dashboard, not the order page.
    await owner.page.goto(`${url}/printer-dashboard`);
    const request = owner.page
      .getByRole("region", { name: "New Order Requests", exact: true })
      .getByRole("article", { name: order.orderNumber, exact: true });
    await poll(() => request.count()).toBe(1);
    await request.getByRole("button", { name: "Job Details" }).click();
    const details = owner.page.getByRole("dialog", { name: "Job Details" });
    await poll(() => details.count()).toBe(1);
    expect(owner.page.url()).toBe(`${url}/printer-dashboard`);
    const text = await details.innerText();
    for (const fact of [
      "hinge.stl",
      "Jamie Rivera",
      buyer.email,
      "40 × 30 × 20 mm (scale 100%)",
      "PLA, Black",
      "Pickup",
      "Please leave the brim on.",
    ])
      expect(text, fact).toContain(fact);
    expect(text).not.toContain(order.orderId);
    await owner.page.screenshot({ path: join(shots, "owner-job-details.png") });
    await expectNoSeriousA11yViolations(owner.page);

    // Download 3D File saves the design under its file name.
    const [download] = await Promise.all([
      owner.page.waitForEvent("download"),
      details.getByRole("button", { name: "Download 3D File" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("hinge.stl");

    // Accept (with a message) and every next step from inside the dialog, which follows the order.
    await details.getByRole("button", { name: "Accept", exact: true }).click();
    const accept = owner.page.getByRole("dialog", { name: "Accept Order" });
    await accept.getByLabel("Message to the customer (optional)").fill("Printing it tonight.");
    await accept.getByRole("button", { name: "Accept Order" }).click();
    for (const [button, next] of [
      ["Start Printing", "Mark Complete"],
      ["Mark Complete", "Ready for Pickup"],
      ["Ready for Pickup", "Mark Picked Up"],
    ] as const) {
      await poll(() => details.getByRole("button", { name: button, exact: true }).count()).toBe(1);
      await details.getByRole("button", { name: button, exact: true }).click();
      await poll(() => details.getByRole("button", { name: next, exact: true }).count()).toBe(1);
    }
    expect(await details.innerText()).toContain("Printing it tonight.");
    await poll(async () => (await ok<{ status: string }>(customer.page, "GET", `/api/print-jobs/${order.orderId}`)).status).toBe(
      "ready_for_pickup",
    );

    // Message History over Job Details: the owner's title, the thread, a message box.
    await details.getByRole("button", { name: "Message Customer" }).click();
    const history = owner.page.getByRole("dialog", { name: "Message History" });
    await poll(() => history.count()).toBe(1);
    expect(await owner.page.getByRole("dialog", { name: "Contact Printer Owner" }).count()).toBe(0);
    await history.getByRole("textbox", { name: "Message" }).fill("Ready whenever you are!");
    await history.getByRole("textbox", { name: "Message" }).press("Enter");
    await poll(() => history.getByRole("list", { name: "Messages" }).getByText("Ready whenever you are!").count()).toBe(1);
    await owner.page.screenshot({ path: join(shots, "owner-message-history.png") });
    await expectNoSeriousA11yViolations(owner.page);
    await owner.page.keyboard.press("Escape");
    await poll(() => history.count()).toBe(0);
    await owner.page.keyboard.press("Escape");
    await poll(() => details.count()).toBe(0);

    // The customer reads it in their own dialog, still titled Contact Printer Owner.
    await customer.page.goto(`${url}/dashboard`);
    await customer.page.getByRole("tab", { name: /^All Orders/ }).click();
    const mine = customer.page.getByRole("listitem", { name: `Order ${order.orderNumber}` });
    await mine.getByRole("button", { name: "Contact Printer" }).click();
    const contact = customer.page.getByRole("dialog", { name: "Contact Printer Owner" });
    await poll(() => contact.getByText("Ready whenever you are!").count()).toBe(1);

    expect(owner.errors).toEqual([]);
    expect(customer.errors).toEqual([]);
    await owner.context.close();
    await customer.context.close();
  }, 180_000);
});
