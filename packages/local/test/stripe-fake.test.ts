import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
// The official SDK the functions package uses (hoisted to the root node_modules).
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseStripeForm, type StripeFake, signStripePayload, startStripeFake } from "../src/stripe-fake.ts";

const API_KEY = "sk_test_printhood_fake";
const WEBHOOK_SECRET = "whsec_test_fake_secret";

interface Received {
  raw: string;
  signature: string;
  event: Stripe.Event;
}

/** A small webhook receiver that verifies each delivery with the real SDK, like the app's route. */
function startReceiver() {
  const received: Received[] = [];
  let failNext = 0;
  const verifier = new Stripe(API_KEY);
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (failNext > 0) {
        failNext--;
        res.writeHead(500).end("try again");
        return;
      }
      const raw = Buffer.concat(chunks).toString("utf8");
      const signature = String(req.headers["stripe-signature"] ?? "");
      try {
        const event = verifier.webhooks.constructEvent(raw, signature, WEBHOOK_SECRET);
        received.push({ raw, signature, event });
        res.writeHead(200, { "content-type": "application/json" }).end('{"received":true}');
      } catch (e) {
        res.writeHead(400).end(String(e));
      }
    });
  });
  return new Promise<{ url: string; received: Received[]; failTimes(n: number): void; close(): Promise<void> }>((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/api/stripe/webhook`,
        received,
        failTimes: (n) => (failNext = n),
        close: () => new Promise<void>((r) => server.close(() => r())),
      });
    });
  });
}

let fake: StripeFake;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let stripe: Stripe;

beforeAll(async () => {
  receiver = await startReceiver();
  fake = await startStripeFake({
    port: 0,
    webhookSecret: WEBHOOK_SECRET,
    apiKey: API_KEY,
    webhookUrl: receiver.url,
    webhookBackoffMs: 5,
    log: () => {},
  });
  stripe = new Stripe(API_KEY, { host: fake.host, port: fake.port, protocol: "http", maxNetworkRetries: 0, telemetry: false });
});

afterAll(async () => {
  await fake?.close();
  await receiver?.close();
});

beforeEach(async () => {
  await fake.idle();
  receiver.received.length = 0;
});

const types = () => receiver.received.map((r) => r.event.type);

async function manualIntent(amount = 2500) {
  return stripe.paymentIntents.create({
    amount,
    currency: "usd",
    capture_method: "manual",
    allowed_payment_method_types: ["card"],
    metadata: { jobId: "job_123", customerId: "user_9" },
  });
}

describe("Stripe fake: API through the official SDK", () => {
  it("refuses a wrong or missing API key with a 401 like Stripe", async () => {
    const wrong = new Stripe("sk_test_wrong_key_1234", { host: fake.host, port: fake.port, protocol: "http", maxNetworkRetries: 0 });
    await expect(wrong.paymentIntents.create({ amount: 1000, currency: "usd" })).rejects.toMatchObject({
      type: "StripeAuthenticationError",
      statusCode: 401,
      message: expect.stringMatching(/^Invalid API Key provided: sk_test_/),
    });
    const res = await fetch(`${fake.url}/v1/payment_intents/pi_x`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({
      error: { type: "invalid_request_error", message: expect.stringMatching(/did not provide an API key/) },
    });
  });

  it("runs a manual-capture payment: create → confirm → capture → refunds, with signed webhooks", async () => {
    const pi = await manualIntent();
    expect(pi.id).toMatch(/^pi_\w+$/);
    expect(pi.client_secret).toMatch(new RegExp(`^${pi.id}_secret_\\w+$`));
    expect(pi).toMatchObject({
      object: "payment_intent",
      status: "requires_payment_method",
      amount: 2500,
      currency: "usd",
      capture_method: "manual",
    });
    expect(pi.metadata).toEqual({ jobId: "job_123", customerId: "user_9" });
    expect(pi.payment_method_types).toEqual(["card"]);

    const fetched = await stripe.paymentIntents.retrieve(pi.id);
    expect(fetched).toEqual(pi);

    const confirmed = await stripe.paymentIntents.confirm(pi.id, { payment_method: "pm_card_visa" });
    expect(confirmed).toMatchObject({
      status: "requires_capture",
      amount_capturable: 2500,
      amount_received: 0,
      payment_method: "pm_card_visa",
    });
    expect(confirmed.latest_charge).toMatch(/^ch_/);

    const captured = await stripe.paymentIntents.capture(pi.id);
    expect(captured).toMatchObject({ status: "succeeded", amount_received: 2500, amount_capturable: 0 });

    const partial = await stripe.refunds.create({ payment_intent: pi.id, amount: 1000 });
    expect(partial).toMatchObject({ object: "refund", amount: 1000, payment_intent: pi.id, status: "succeeded", currency: "usd" });
    expect(partial.id).toMatch(/^re_/);
    const rest = await stripe.refunds.create({ payment_intent: pi.id });
    expect(rest.amount).toBe(1500);
    await expect(stripe.refunds.create({ payment_intent: pi.id })).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      code: "charge_already_refunded",
    });

    await fake.idle();
    expect(types()).toEqual(["payment_intent.amount_capturable_updated", "payment_intent.succeeded", "charge.refunded", "charge.refunded"]);
    const [authorised, succeeded, refund1, refund2] = receiver.received.map((r) => r.event);
    expect(authorised!.data.object).toMatchObject({ id: pi.id, status: "requires_capture", metadata: { jobId: "job_123" } });
    expect(succeeded!.data.object).toMatchObject({ id: pi.id, status: "succeeded", amount_received: 2500 });
    expect(refund1!.data.object).toMatchObject({
      object: "charge",
      payment_intent: pi.id,
      amount_refunded: 1000,
      refunded: false,
      metadata: { jobId: "job_123" },
    });
    expect(refund2!.data.object).toMatchObject({ amount_refunded: 2500, refunded: true });
    for (const r of receiver.received) {
      expect(r.event.id).toMatch(/^evt_/);
      expect(r.event.livemode).toBe(false);
      expect(r.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    }
  });

  it("declines pm_card_chargeDeclined with a 402 card_error and a payment_failed webhook, then accepts another card", async () => {
    const pi = await manualIntent();
    const error = await stripe.paymentIntents.confirm(pi.id, { payment_method: "pm_card_chargeDeclined" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({
      statusCode: 402,
      type: "StripeCardError",
      code: "card_declined",
      decline_code: "generic_decline",
      message: "Your card was declined.",
    });
    expect((error as Stripe.errors.StripeCardError).raw).toMatchObject({
      payment_intent: { id: pi.id, status: "requires_payment_method" },
    });

    const after = await stripe.paymentIntents.retrieve(pi.id);
    expect(after.status).toBe("requires_payment_method");
    expect(after.last_payment_error).toMatchObject({ code: "card_declined" });

    const retried = await stripe.paymentIntents.confirm(pi.id, { payment_method: "pm_card_visa" });
    expect(retried.status).toBe("requires_capture");
    await fake.idle();
    expect(types()).toEqual(["payment_intent.payment_failed", "payment_intent.amount_capturable_updated"]);
  });

  it("accepts test-card numbers through a fake-only payment_method_data[card][number]", async () => {
    const declined = await manualIntent();
    // Not a real Stripe parameter for secret-key calls, so it is outside the SDK's types.
    const cardData = (number: string) =>
      ({ payment_method_data: { type: "card", card: { number } } }) as unknown as Stripe.PaymentIntentConfirmParams;
    await expect(stripe.paymentIntents.confirm(declined.id, cardData("4000 0000 0000 0002"))).rejects.toMatchObject({
      code: "card_declined",
      message: "Your card was declined.",
    });
    const ok = await stripe.paymentIntents.confirm(declined.id, cardData("4242424242424242"));
    expect(ok.status).toBe("requires_capture");
    expect(ok.payment_method).toMatch(/^pm_/);
  });

  it("succeeds immediately for automatic capture", async () => {
    const pi = await stripe.paymentIntents.create({ amount: 1999, currency: "usd", automatic_payment_methods: { enabled: true } });
    expect(pi.automatic_payment_methods).toEqual({ enabled: true });
    const done = await stripe.paymentIntents.confirm(pi.id, { payment_method: "pm_card_visa" });
    expect(done).toMatchObject({ status: "succeeded", amount_received: 1999 });
    await fake.idle();
    expect(types()).toEqual(["payment_intent.succeeded"]);
  });

  it("cancels (releasing the hold) and refuses to capture a canceled intent", async () => {
    const pi = await manualIntent();
    await stripe.paymentIntents.confirm(pi.id, { payment_method: "pm_card_visa" });
    const canceled = await stripe.paymentIntents.cancel(pi.id, { cancellation_reason: "abandoned" });
    expect(canceled).toMatchObject({ status: "canceled", cancellation_reason: "abandoned", amount_capturable: 0 });
    await expect(stripe.paymentIntents.capture(pi.id)).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      statusCode: 400,
      code: "payment_intent_unexpected_state",
    });
    await expect(stripe.paymentIntents.cancel(pi.id)).rejects.toMatchObject({ code: "payment_intent_unexpected_state" });
    await fake.idle();
    expect(types()).toEqual(["payment_intent.amount_capturable_updated", "payment_intent.canceled"]);
  });

  it("validates parameters and unknown ids like Stripe", async () => {
    await expect(stripe.paymentIntents.create({ currency: "usd" } as Stripe.PaymentIntentCreateParams)).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      code: "parameter_missing",
      param: "amount",
    });
    await expect(stripe.paymentIntents.create({ amount: 10, currency: "usd" })).rejects.toMatchObject({ code: "amount_too_small" });
    await expect(stripe.paymentIntents.retrieve("pi_doesnotexist")).rejects.toMatchObject({ statusCode: 404, code: "resource_missing" });
    const pi = await manualIntent();
    await expect(stripe.refunds.create({ payment_intent: pi.id })).rejects.toMatchObject({ code: "charge_not_refundable" });
  });

  it("replays a request with the same Idempotency-Key", async () => {
    const params = { amount: 3000, currency: "usd", capture_method: "manual" as const };
    const a = await stripe.paymentIntents.create(params, { idempotencyKey: "same-key-1" });
    const b = await stripe.paymentIntents.create(params, { idempotencyKey: "same-key-1" });
    const c = await stripe.paymentIntents.create(params, { idempotencyKey: "other-key" });
    expect(b.id).toBe(a.id);
    expect(c.id).not.toBe(a.id);
  });
});

describe("Stripe fake: webhooks", () => {
  it("retries a failing webhook endpoint and re-signs each attempt", async () => {
    receiver.failTimes(2);
    const before = fake.webhooks.length;
    const pi = await manualIntent();
    await stripe.paymentIntents.confirm(pi.id, { payment_method: "pm_card_visa" });
    await fake.idle();
    expect(types()).toEqual(["payment_intent.amount_capturable_updated"]);
    expect(fake.webhooks.slice(before)).toMatchObject([{ ok: true, attempts: 3, status: 200 }]);
  });

  it("signs exactly as Stripe: the SDK rejects a wrong secret or a tampered payload", async () => {
    const pi = await manualIntent();
    await stripe.paymentIntents.confirm(pi.id, { payment_method: "pm_card_visa" });
    await fake.idle();
    const { raw, signature } = receiver.received[0]!;
    expect(() => stripe.webhooks.constructEvent(raw, signature, "whsec_other")).toThrow(/signature/i);
    expect(() => stripe.webhooks.constructEvent(raw.replace("requires_capture", "succeeded"), signature, WEBHOOK_SECRET)).toThrow(
      /signature/i,
    );
    // Our signer agrees with the SDK's own test-header generator.
    const t = 1_700_000_000;
    expect(signStripePayload('{"a":1}', WEBHOOK_SECRET, t)).toBe(
      stripe.webhooks.generateTestHeaderString({ payload: '{"a":1}', secret: WEBHOOK_SECRET, timestamp: t }),
    );
  });

  it("records events without delivering when no webhook URL is set, and delivers after setWebhookUrl", async () => {
    fake.setWebhookUrl(undefined);
    const eventsBefore = fake.events.length;
    const pi = await manualIntent();
    await stripe.paymentIntents.confirm(pi.id, { payment_method: "pm_card_visa" });
    await fake.idle();
    expect(fake.events.length).toBe(eventsBefore + 1);
    expect(receiver.received).toHaveLength(0);
    fake.setWebhookUrl(receiver.url);
    await stripe.paymentIntents.capture(pi.id);
    await fake.idle();
    expect(types()).toEqual(["payment_intent.succeeded"]);
  });

  it("holds deliveries until released, then sends every held event in order", async () => {
    const release = fake.holdWebhooks();
    const pi = await manualIntent();
    await stripe.paymentIntents.confirm(pi.id, { payment_method: "pm_card_visa" });
    await stripe.paymentIntents.capture(pi.id);
    await new Promise((r) => setTimeout(r, 200));
    expect(receiver.received).toHaveLength(0);
    release();
    await fake.idle();
    expect(types()).toEqual(["payment_intent.amount_capturable_updated", "payment_intent.succeeded"]);
  });
});

describe("Stripe fake: /local/confirm (the local test-card form)", () => {
  const origin = "http://localhost:5173";
  const confirm = (body: unknown) =>
    fetch(`${fake.url}/local/confirm`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify(body),
    });

  it("answers the CORS preflight for the site's origin", async () => {
    const res = await fetch(`${fake.url}/local/confirm`, {
      method: "OPTIONS",
      headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe(origin);
    expect(res.headers.get("access-control-allow-headers")).toMatch(/content-type/);
  });

  it("confirms with 4242… and declines 4000…0002, by client secret", async () => {
    const pi = await manualIntent();
    const declined = await confirm({
      clientSecret: pi.client_secret,
      cardNumber: "4000 0000 0000 0002",
      name: "Ada",
      email: "ada@example.com",
    });
    expect(declined.status).toBe(402);
    expect(declined.headers.get("access-control-allow-origin")).toBe(origin);
    expect(await declined.json()).toMatchObject({
      error: { type: "card_error", code: "card_declined", message: "Your card was declined." },
      paymentIntent: { id: pi.id, status: "requires_payment_method" },
    });

    const ok = await confirm({ clientSecret: pi.client_secret, cardNumber: "4242 4242 4242 4242", name: "Ada", email: "ada@example.com" });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ paymentIntent: { id: pi.id, status: "requires_capture" } });
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe("requires_capture");
    await fake.idle();
    expect(types()).toEqual(["payment_intent.payment_failed", "payment_intent.amount_capturable_updated"]);
    const charge = await stripe.charges.retrieve(String((await stripe.paymentIntents.retrieve(pi.id)).latest_charge));
    expect(charge.billing_details).toMatchObject({ name: "Ada", email: "ada@example.com" });
  });

  it("refuses a wrong client secret and a bad card number", async () => {
    const pi = await manualIntent();
    const wrong = await confirm({ clientSecret: `${pi.id}_secret_nope`, cardNumber: "4242424242424242" });
    expect(wrong.status).toBe(400);
    const badNumber = await confirm({ clientSecret: pi.client_secret, cardNumber: "1234 5678" });
    expect(badNumber.status).toBe(402);
    expect(await badNumber.json()).toMatchObject({ error: { code: "incorrect_number" } });
  });
});

describe("parseStripeForm", () => {
  it("parses nested brackets and indexed arrays", () => {
    expect(
      parseStripeForm(
        "amount=2500&metadata[jobId]=job_1&metadata[note]=a%20b%2Bc&payment_method_types[0]=card&payment_method_types[1]=link&payment_method_data[card][number]=4242&expand[]=latest_charge&automatic_payment_methods[enabled]=true",
      ),
    ).toEqual({
      amount: "2500",
      metadata: { jobId: "job_1", note: "a b+c" },
      payment_method_types: ["card", "link"],
      payment_method_data: { card: { number: "4242" } },
      expand: ["latest_charge"],
      automatic_payment_methods: { enabled: "true" },
    });
  });
});
