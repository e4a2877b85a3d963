import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DETAIL_TYPES, METRICS } from "@printhood/core";
import { describe, expect, it } from "vitest";
import { handler as countMetrics } from "../src/events/metrics.ts";
import { envelope } from "./events.ts";
import { OWNER_EMAIL, paidOrder, pay, placeOrder, signIn } from "./orders.ts";
import { useStack } from "./stack.ts";

const stack = useStack({ seed: true });

/** How many of `name` the metrics consumer has emitted so far (its EMF lines in metrics.log). */
function counted(name: string): number {
  let text = "";
  try {
    text = readFileSync(join(stack().logDir, "metrics.log"), "utf8");
  } catch {
    return 0;
  }
  return text
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => l._aws)
    .reduce((sum, l) => sum + (typeof l[name] === "number" ? (l[name] as number) : 0), 0);
}

describe("the business figures (issue 24 point 2)", () => {
  it("counts orders and payments from the events of a real order: submitted, paid, accepted, captured", async () => {
    const before = {
      submitted: counted(METRICS.ordersSubmitted),
      paid: counted(METRICS.ordersPaid),
      accepted: counted(METRICS.ordersAccepted),
      captured: counted(METRICS.paymentsCaptured),
      cents: counted(METRICS.paymentsCapturedCents),
    };
    const order = await paidOrder(stack());
    const owner = await signIn(stack(), OWNER_EMAIL);
    expect((await owner.c.post(`/api/print-jobs/${order.orderId}/respond`, { action: "accept" })).status).toBe(200);
    await stack().idle();
    expect(counted(METRICS.ordersSubmitted) - before.submitted).toBe(1);
    expect(counted(METRICS.ordersPaid) - before.paid).toBe(1);
    expect(counted(METRICS.ordersAccepted) - before.accepted).toBe(1);
    expect(counted(METRICS.paymentsCaptured) - before.captured).toBe(1);
    expect(counted(METRICS.paymentsCapturedCents) - before.cents).toBe(order.amountCents);
  });

  it("counts a declined card as a failed payment", async () => {
    const before = counted(METRICS.paymentsFailed);
    const order = await placeOrder(stack());
    expect((await pay(stack(), order.c, order.orderId, "4000000000000002")).status).toBe(402);
    await stack().idle();
    expect(counted(METRICS.paymentsFailed) - before).toBe(1);
  });

  it("counts an event once however often it is delivered, even at once (EventBridge delivers at least once)", async () => {
    const before = counted(METRICS.ordersCancelled);
    const event = envelope(DETAIL_TYPES.jobStatusChanged, { jobId: randomUUID(), from: "confirmed", to: "cancelled", action: "cancel" });
    const answers = await Promise.all([countMetrics(event), countMetrics(event), countMetrics(event)]);
    await countMetrics(event);
    expect(counted(METRICS.ordersCancelled) - before).toBe(1);
    expect(answers.map((a) => a.counted).sort()).toEqual([0, 0, 1]);
    // Another event of the same kind counts again.
    await countMetrics({ ...event, id: randomUUID() });
    expect(counted(METRICS.ordersCancelled) - before).toBe(2);
  });
});
