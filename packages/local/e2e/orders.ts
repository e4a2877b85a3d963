import type { Browser, Page } from "playwright-core";
import { expect } from "vitest";
import { demoDraft } from "../bench/demo-order.ts";
import { type LocalStack, TEST_CONFIRM_PATH } from "../src/index.ts";
import { signUp, watchErrors } from "./browser.ts";
import { boxStl } from "./meshes.ts";

/**
 * Orders placed through the API as the site's own pages place them, for the journeys that start
 * where the customer has already paid (the owner's screens and dialogs). Each call is made by the
 * page itself, so it carries that person's cookie and the site's Origin.
 */

/** expect.poll with room for a busy machine (its default gives up after one second). */
export const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000 });

export interface Answer<T> {
  status: number;
  json: T;
}

/** One API call made by the page itself: its cookie, its Origin, as the site's own code calls. */
export async function call<T = Record<string, unknown>>(page: Page, method: string, path: string, body?: unknown): Promise<Answer<T>> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        credentials: "same-origin",
        headers: body === undefined ? {} : { "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, json: text ? JSON.parse(text) : null };
    },
    { method, path, body },
  );
}

export async function ok<T = Record<string, unknown>>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const res = await call<T>(page, method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.json)}`).toBeLessThan(300);
  return res.json;
}

/** Two people, each in their own browser context (their own cookies). */
export async function person(b: Browser) {
  const context = await b.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  return { context, page, errors: watchErrors(page) };
}

/**
 * A design uploaded as the upload page does (the presigned POST to S3 with its fields) and
 * analysed by the server: its upload id, ready to be saved as a draft.
 */
export async function uploadAnalysed(stack: LocalStack, page: Page, fileName: string, stl: Uint8Array): Promise<string> {
  const presigned = await ok<{ uploadId: string; url: string; fields: Record<string, string> }>(page, "POST", "/api/uploads", {
    fileName,
    size: stl.length,
  });
  const s3 = await page.evaluate(
    async ({ url, fields, bytes, fileName }) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append("file", new Blob([new Uint8Array(bytes)]), fileName);
      return (await fetch(url, { method: "POST", body: form })).status;
    },
    { url: presigned.url, fields: presigned.fields, bytes: [...stl], fileName },
  );
  expect(s3).toBeLessThan(300);
  await stack.idle(); // the S3 event's analysis
  await poll(async () => (await ok<{ status: string }>(page, "GET", `/api/uploads/${presigned.uploadId}`)).status).toBe("analyzed");
  return presigned.uploadId;
}

/**
 * The customer places an order and pays with the test card, through the calls the upload page,
 * /submit-print and /checkout make: the design is posted to S3 with the presigned fields and
 * analysed by the server, saved, submitted, (for shipping) given a ZIP and the default option, and
 * paid on the local test-card path. Waits until the payment confirmed the order.
 */
export async function placePaidOrder(
  stack: LocalStack,
  customer: Page,
  printerId: string,
  deliveryMethod: "pickup" | "shipping",
  fileName: string,
) {
  const uploadId = await uploadAnalysed(stack, customer, fileName, boxStl(40, 30, 20));
  const draft = await ok<{ jobId: string }>(
    customer,
    "POST",
    "/api/save-draft",
    demoDraft(uploadId, {
      deliveryMethod,
      specialInstructions: "Please leave the brim on.",
      estimatedWeight: 12,
      totalCost: "6.60",
    }),
  );
  const order = await ok<{ orderId: string; orderNumber: string }>(customer, "POST", "/api/submit-order", {
    printerId,
    draftId: draft.jobId,
    filamentColor: "Black",
    deliveryMethod,
    specialInstructions: "Please leave the brim on.",
  });
  expect(order.orderNumber).toMatch(/^PH-\d+$/);

  if (deliveryMethod === "shipping") {
    const weight = (await ok<{ estimatedWeight: number }>(customer, "GET", `/api/print-jobs/${order.orderId}`)).estimatedWeight;
    const quote = await ok<{ defaultOptionId: string }>(customer, "POST", "/api/calculate-shipping", {
      weightGrams: weight,
      zipTo: "10001",
      printerId,
    });
    await ok(customer, "PUT", `/api/orders/${order.orderId}/shipping`, { zipTo: "10001", optionId: quote.defaultOptionId });
  }

  const intent = await ok<{ clientSecret: string }>(customer, "POST", "/api/create-payment-intent", { orderId: order.orderId });
  await ok(customer, "POST", TEST_CONFIRM_PATH, {
    clientSecret: intent.clientSecret,
    cardNumber: "4242 4242 4242 4242",
    name: "Jamie Rivera",
    email: "jamie@example.com",
  });
  await stack.idle(); // the webhook through the bus confirms the order
  await poll(async () => (await ok<{ status: string }>(customer, "GET", `/api/print-jobs/${order.orderId}`)).status).toBe("confirmed");
  return order;
}

/** A new customer with a name, so the owner's screens show one. */
export async function newCustomer(stack: LocalStack, page: Page, tag: string) {
  const id = `${tag}${Date.now().toString(36)}`;
  await signUp(page, stack.url, { username: `cust_${id}`, email: `cust_${id}@example.com`, password: "a long journey password" });
  const me = await ok<{ id: string; email: string }>(page, "GET", "/api/auth/user");
  await ok(page, "PATCH", `/api/users/${me.id}`, { firstName: "Jamie", lastName: "Rivera" });
  return me;
}
