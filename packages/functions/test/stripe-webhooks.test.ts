import { signStripePayload } from "@printhood/local/stripe-fake";
import { describe, expect, it } from "vitest";
import { customerWithUpload, moneyEvents, OWNER_EMAIL, pay, signIn, statusEvents, submitDraft } from "./orders.ts";
import { useStack } from "./stack.ts";

const stack = useStack({ seed: true });

type Delivery = { kind: "valid" | "forged" | "tampered" | "stale"; payload: string; signature: string };

/** A deterministic shuffle (the order of deliveries is part of what is tested; keep it reproducible). */
function shuffle<T>(items: T[], seed = 42): T[] {
  const out = [...items];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The signed body with its amount changed (or, failing that, one byte added). */
function tamper(payload: string): string {
  const changed = payload.replace(/"amount":(\d+)/, (_m, n: string) => `"amount":${Number(n) + 100}`);
  return changed === payload ? `${payload} ` : changed;
}

async function deliverAll(url: string, deliveries: Delivery[], concurrency = 20) {
  const results: { kind: Delivery["kind"]; status: number }[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < deliveries.length) {
        const d = deliveries[next++]!;
        const res = await fetch(`${url}/api/stripe/webhook`, {
          method: "POST",
          headers: { "content-type": "application/json", "stripe-signature": d.signature },
          body: d.payload,
        });
        await res.arrayBuffer();
        results.push({ kind: d.kind, status: res.status });
      }
    }),
  );
  return results;
}

describe("Stripe webhooks under duplicates, reordering, late failures and forgeries", () => {
  it("confirms each paid order exactly once over 1,000+ deliveries and refuses every bad signature", async () => {
    const secret = process.env.STRIPE_WEBHOOK_SECRET ?? "";
    // Six customers with four orders each (one account may hold only UNPAID_ORDERS unpaid orders):
    // 24 orders, 16 paid, 8 declined.
    const customers = await Promise.all(Array.from({ length: 6 }, () => customerWithUpload(stack())));
    const orders = (
      await Promise.all(
        customers.map(async (customer) =>
          (
            await Promise.all(Array.from({ length: 4 }, () => submitDraft(stack(), customer.c, customer.uploadId)))
          ).map((o) => ({
            ...o,
            customer,
          })),
        ),
      )
    ).flat();
    type Paid = (typeof orders)[number] & { c: (typeof customers)[number]["c"]; intentId: string };
    const paid: Paid[] = [];
    const declined: Paid[] = [];
    for (const [i, o] of orders.entries()) {
      const good = i < 16;
      const p = await pay(stack(), o.customer.c, o.orderId, good ? "4242424242424242" : "4000000000000002");
      expect(p.status).toBe(good ? 200 : 402);
      (good ? paid : declined).push({ ...o, c: o.customer.c, intentId: p.intent.paymentIntentId });
    }
    const intents = new Set([...paid, ...declined].map((o) => o.intentId));
    const real = stack().stripe.events.filter((e) => intents.has((e.data.object as { id: string }).id));
    expect(real.length).toBeGreaterThanOrEqual(24);
    const busBefore = stack().delivered.filter((d) => d["detail-type"] === "stripe.webhook").length;

    const now = Math.floor(Date.now() / 1000);
    const deliveries: Delivery[] = [];
    // Every real event, delivered 25 times (Stripe retries and duplicates).
    for (const e of real) {
      const payload = JSON.stringify(e);
      for (let k = 0; k < 25; k++) deliveries.push({ kind: "valid", payload, signature: signStripePayload(payload, secret, now - k) });
    }
    // Late failures: a payment_failed for intents that were in fact authorised, correctly signed.
    for (const o of paid) {
      const payload = JSON.stringify({
        id: `evt_late_${o.intentId}`,
        object: "event",
        type: "payment_intent.payment_failed",
        created: now,
        data: { object: { id: o.intentId, object: "payment_intent", status: "requires_payment_method" } },
      });
      for (let k = 0; k < 5; k++) deliveries.push({ kind: "valid", payload, signature: signStripePayload(payload, secret) });
    }
    // Forged (another secret), tampered (body changed after signing) and stale (signed 10 minutes ago).
    for (const [i, e] of real.entries()) {
      const payload = JSON.stringify(e);
      for (let k = 0; k < 5; k++) {
        deliveries.push({ kind: "forged", payload, signature: signStripePayload(payload, `whsec_attacker_${i}`) });
        deliveries.push({
          kind: "tampered",
          payload: tamper(payload),
          signature: signStripePayload(payload, secret),
        });
        deliveries.push({ kind: "stale", payload, signature: signStripePayload(payload, secret, now - 600) });
      }
    }
    deliveries.push({ kind: "forged", payload: JSON.stringify(real[0]), signature: "" });
    deliveries.push({ kind: "forged", payload: JSON.stringify(real[0]), signature: "t=1,v1=deadbeef" });
    expect(deliveries.length).toBeGreaterThanOrEqual(1000);

    const started = Date.now();
    const results = await deliverAll(stack().url, shuffle(deliveries));
    await stack().idle();
    const seconds = (Date.now() - started) / 1000;

    const count = (kind: string, status: number) => results.filter((r) => r.kind === kind && r.status === status).length;
    const valid = deliveries.filter((d) => d.kind === "valid").length;
    expect(count("valid", 200)).toBe(valid);
    for (const kind of ["forged", "tampered", "stale"])
      expect(
        results.filter((r) => r.kind === kind).every((r) => r.status === 400),
        kind,
      ).toBe(true);
    // Only verified deliveries reached the bus.
    const onBus = stack().delivered.filter((d) => d["detail-type"] === "stripe.webhook").length - busBefore;
    expect(onBus).toBe(valid);

    for (const o of paid) {
      const order = (await o.c.get(`/api/print-jobs/${o.orderId}`)).json;
      expect(order.status).toBe("confirmed");
      expect(statusEvents(stack(), o.orderId).filter((e) => e.to === "confirmed")).toHaveLength(1);
      expect(moneyEvents(stack(), o.intentId)).toEqual({ captures: 0, refunds: 0, cancels: 0 });
    }
    for (const o of declined) {
      expect((await o.c.get(`/api/print-jobs/${o.orderId}`)).json.status).toBe("submitted");
      expect(statusEvents(stack(), o.orderId).filter((e) => e.to === "confirmed")).toHaveLength(0);
    }

    // After the owner accepts, replaying every old event changes nothing and captures nothing more.
    const owner = await signIn(stack(), OWNER_EMAIL);
    for (const o of paid.slice(0, 4))
      expect((await owner.c.post(`/api/print-jobs/${o.orderId}/respond`, { action: "accept" })).status).toBe(200);
    const replays = deliveries.filter((d) => d.kind === "valid").slice(0, 200);
    const again = await deliverAll(stack().url, shuffle(replays, 7));
    await stack().idle();
    expect(again.every((r) => r.status === 200)).toBe(true);
    for (const o of paid.slice(0, 4)) {
      expect((await o.c.get(`/api/print-jobs/${o.orderId}`)).json.status).toBe("accepted");
      expect(moneyEvents(stack(), o.intentId).captures).toBe(1);
    }
    console.log(`${deliveries.length + replays.length} webhook deliveries in ${seconds.toFixed(1)} s (first ${deliveries.length})`);
  }, 300_000);
});
