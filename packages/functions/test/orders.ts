import { DEMO_PASSWORD, type LocalStack, TEST_CONFIRM_PATH } from "@printhood/local";
import Stripe from "stripe";
import { expect } from "vitest";
import { newUser, TestClient } from "./client.ts";
import { draftBody, printerNamed, signedIn, uploadDesign } from "./designs.ts";
import { testJpeg, uploadPhoto } from "./photos.ts";
import { boxStl } from "./stl.ts";

/** Helpers for the order tests: real requests to the local stack and its Stripe stand-in. */

export const OWNER_EMAIL = "maria@printhood.local"; // owns "Maria's Prusa"

export async function signIn(stack: LocalStack, email: string) {
  const c = new TestClient(stack.url);
  const res = await c.post("/api/login", { email, password: DEMO_PASSWORD });
  expect(res.status).toBe(200);
  return { c, me: res.json as { id: string } };
}

/** A new customer with one analysed upload, ready to save drafts from it. */
export async function customerWithUpload(stack: LocalStack, bytes = boxStl(40, 30, 20)) {
  const { c, me } = await signedIn(stack);
  const uploadId = await uploadDesign(stack, c, bytes);
  return { c, me, uploadId };
}

export async function submitDraft(
  stack: LocalStack,
  c: TestClient,
  uploadId: string,
  over: { deliveryMethod?: string; printer?: string } = {},
) {
  const draft = await c.post("/api/save-draft", draftBody(uploadId));
  expect(draft.status).toBe(201);
  const printer = await printerNamed(stack, over.printer ?? "Maria's Prusa");
  const res = await c.post("/api/submit-order", {
    printerId: printer.printerId,
    draftId: draft.json.jobId,
    filamentColor: "Black",
    deliveryMethod: over.deliveryMethod ?? "pickup",
  });
  expect(res.status).toBe(201);
  return res.json as { orderId: string; orderNumber: string; status: string; totalCost: string };
}

/** A submitted order by a new customer to Maria's Prusa. */
export async function placeOrder(stack: LocalStack, over: { deliveryMethod?: string } = {}) {
  const customer = await customerWithUpload(stack);
  const order = await submitDraft(stack, customer.c, customer.uploadId, over);
  return { ...customer, ...order };
}

/** Pays as the browser's test-card form does: the intent, then the card posted to the site's confirm path. */
/** The local test-card form's confirm (what the site's card form posts), for an intent's client secret. */
export function confirmCard(stack: LocalStack, clientSecret: string, cardNumber = "4242424242424242") {
  return fetch(`${stack.url}${TEST_CONFIRM_PATH}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ clientSecret, cardNumber, name: "Casey Morgan", email: "casey@example.com" }),
  });
}

export async function pay(stack: LocalStack, c: TestClient, orderId: string, cardNumber = "4242424242424242") {
  const intent = await c.post("/api/create-payment-intent", { orderId });
  expect(intent.status).toBe(200);
  const res = await confirmCard(stack, intent.json.clientSecret, cardNumber);
  const body = (await res.json()) as { paymentIntent?: { id: string; status: string }; error?: { message: string } };
  await stack.idle();
  return { status: res.status, body, intent: intent.json as { paymentIntentId: string; amountCents: number; clientSecret: string } };
}

/** A paid (confirmed) order. */
export async function paidOrder(stack: LocalStack, over: { deliveryMethod?: string } = {}) {
  const order = await placeOrder(stack, over);
  const paid = await pay(stack, order.c, order.orderId);
  expect(paid.status).toBe(200);
  const now = await order.c.get(`/api/print-jobs/${order.orderId}`);
  expect(now.json.status).toBe("confirmed");
  return { ...order, intentId: paid.intent.paymentIntentId, amountCents: paid.intent.amountCents };
}

/** The Stripe SDK pointed at the stand-in, to read what really happened to the money. */
export function stripeOf(stack: LocalStack) {
  const u = new URL(stack.endpoints.stripe);
  return new Stripe(process.env.STRIPE_SECRET_KEY ?? "", {
    host: u.hostname,
    port: Number(u.port),
    protocol: "http",
    maxNetworkRetries: 0,
    telemetry: false,
  });
}

/** How many times the stand-in captured (and refunded) this intent. */
export function moneyEvents(stack: LocalStack, intentId: string) {
  const of = (type: string) =>
    stack.stripe.events.filter((e) => {
      const o = e.data.object as { id?: string; payment_intent?: string };
      return e.type === type && (o.id === intentId || o.payment_intent === intentId);
    }).length;
  return { captures: of("payment_intent.succeeded"), refunds: of("charge.refunded"), cancels: of("payment_intent.canceled") };
}

/** `job.status_changed` events delivered for a job, as [from, to]. */
export function statusEvents(stack: LocalStack, jobId: string) {
  // One record per consumer rule: count each event once.
  const seen = new Map<string, { from: string; to: string; action: string; actor: string; reason: string | null }>();
  for (const d of stack.delivered) {
    if (d["detail-type"] === "job.status_changed" && (d.event.detail as { jobId: string }).jobId === jobId)
      seen.set(d.eventId, d.event.detail as never);
  }
  return [...seen.values()];
}

/** A demo owner signed in (seedDemoData), with their id. */
export async function ownerSignedIn(stack: LocalStack, email = "sam@printhood.local") {
  const c = new TestClient(stack.url);
  expect((await c.post("/api/login", { email, password: DEMO_PASSWORD })).status).toBe(200);
  const me = (await c.get("/api/auth/user")).json as { id: string; email: string };
  return { c, me };
}

/**
 * A new customer (named, so messages show a name) with one order submitted to a seeded printer,
 * and that printer's owner signed in.
 */
export async function orderWithOwner(stack: LocalStack, printerName = "Old Town Print Shop", ownerEmail = "sam@printhood.local") {
  const printer = await printerNamed(stack, printerName);
  const customer = new TestClient(stack.url);
  const reg = await customer.post("/api/register", newUser({ firstName: "Jamie", lastName: "Rivera" }));
  expect(reg.status).toBe(201);
  const upload = await uploadDesign(stack, customer);
  const draft = await customer.post("/api/save-draft", draftBody(upload, { printerId: printer.printerId }));
  expect(draft.status).toBe(201);
  const orderId = draft.json.jobId as string;
  const order = await customer.post("/api/submit-order", {
    printerId: printer.printerId,
    draftId: orderId,
    filamentColor: "Black",
    deliveryMethod: "pickup",
  });
  expect(order.status, JSON.stringify(order.json)).toBe(201);
  const owner = await ownerSignedIn(stack, ownerEmail);
  return {
    printer,
    orderId,
    customer: { c: customer, me: reg.json as { id: string; email: string; username: string } },
    owner,
  };
}

/**
 * Takes a submitted order through the whole lifecycle as people do: the customer pays, the owner
 * accepts, prints, completes and marks it ready, then picked up (or shipped with tracking).
 */
export async function handOverForReal(
  stack: LocalStack,
  orderId: string,
  customer: TestClient,
  owner: TestClient,
  to: "picked_up" | "shipped" = "picked_up",
) {
  expect((await pay(stack, customer, orderId)).status).toBe(200);
  expect((await owner.post(`/api/print-jobs/${orderId}/respond`, { action: "accept" })).status).toBe(200);
  const steps =
    to === "picked_up"
      ? [{ status: "printing" }, { status: "completed" }, { status: "ready_for_pickup" }, { status: "picked_up" }]
      : [
          { status: "printing" },
          { status: "completed" },
          { status: "ready_for_shipping" },
          { status: "shipped", carrier: "UPS", trackingNumber: "1Z999AA10123456784" },
        ];
  for (const step of steps) {
    const res = await ownerStep(stack, owner, orderId, step);
    expect(res.status, step.status).toBe(200);
  }
  await stack.idle();
}

/** A photo of the finished part, uploaded by the owner as Mark Complete asks (purpose "completion"). */
export async function completionPhoto(stack: LocalStack, owner: TestClient) {
  return uploadPhoto(stack, owner, await testJpeg(640, 480, { label: "finished part" }), { purpose: "completion", fileName: "done.jpg" });
}

/** The owner's status step as the site sends it: Mark Complete carries a photo of the finished part. */
export async function ownerStep(stack: LocalStack, owner: TestClient, orderId: string, body: Record<string, unknown>) {
  const withPhoto = body.status === "completed" && !body.photoIds ? { ...body, photoIds: [await completionPhoto(stack, owner)] } : body;
  return owner.put(`/api/print-jobs/${orderId}`, withPhoto);
}

/** A stranger: signed in, but neither the order's customer nor its printer's owner. */
export async function stranger(stack: LocalStack) {
  const c = new TestClient(stack.url);
  const reg = await c.post("/api/register", newUser());
  expect(reg.status).toBe(201);
  return { c, me: reg.json as { id: string } };
}
