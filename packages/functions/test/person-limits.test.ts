import {
  ERRORS,
  heldCount,
  MESSAGES_PER_MINUTE,
  ORDERS_PER_PRINTER_PER_HOUR,
  PRINTERS_PER_OWNER,
  SAVED_PRINTS,
  UNPAID_ORDERS,
  UPLOADS_PER_DAY,
} from "@printhood/core";
import { describe, expect, it } from "vitest";
import { newPrinter, newUser, TestClient } from "./client.ts";
import { draftBody, printerNamed, signedIn, uploadDesign } from "./designs.ts";
import { orderWithOwner } from "./orders.ts";
import { useStack } from "./stack.ts";
import { verifyPrinter } from "./verify.ts";
import { awayFromWindowEnd } from "./windows.ts";

/** Issue 12 point 4: limits per person (core/src/limits/rules.ts), each refusal a 429 with a sentence. */
const stack = useStack({ seed: true });

const statuses = (rs: { status: number }[]) => rs.map((r) => r.status).sort();
const count = (rs: { status: number }[], status: number) => rs.filter((r) => r.status === status).length;

const printerPayload = (i: number) => newPrinter(`Farm ${i}`);

describe("limits per person", () => {
  it("the sentences name the limits' own numbers", () => {
    expect(ERRORS.upload_limit.message({ wait: "3 hours" })).toContain(`${UPLOADS_PER_DAY.max} designs today`);
    expect(ERRORS.printer_order_limit.message({ wait: "1 minute" })).toContain(`${ORDERS_PER_PRINTER_PER_HOUR.max} orders`);
    expect(ERRORS.saved_prints_limit.message).toContain(`${SAVED_PRINTS.max} saved prints`);
    expect(ERRORS.unpaid_orders_limit.message).toContain(`${UNPAID_ORDERS.max} orders waiting`);
    expect(ERRORS.printers_limit.message).toContain(`${PRINTERS_PER_OWNER.max} printers`);
  });

  it("uploads per day: parallel requests over the limit get exactly the limit, the rest a 429 with Retry-After", async () => {
    const { c } = await signedIn(stack());
    await awayFromWindowEnd(UPLOADS_PER_DAY, 60);
    const extra = 8;
    const rs = await Promise.all(
      Array.from({ length: UPLOADS_PER_DAY.max + extra }, (_, i) => c.post("/api/uploads", { fileName: `p${i}.stl`, size: 100 })),
    );
    expect(count(rs, 201)).toBe(UPLOADS_PER_DAY.max);
    const refused = rs.filter((r) => r.status === 429);
    expect(refused).toHaveLength(extra);
    expect(refused[0]?.json.code).toBe("upload_limit");
    expect(refused[0]?.json.message).toMatch(
      /^You have uploaded 50 designs today, the most one account can in a day\. Please wait \d+ (hours|minutes?) and try again\.$/,
    );
    expect(Number(refused[0]?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused[0]?.headers.get("retry-after"))).toBeLessThanOrEqual(24 * 3600);
  }, 180_000);

  it("saved prints: 20 parallel saves at the boundary keep exactly the limit; deleting one frees a slot", async () => {
    const { c, me } = await signedIn(stack());
    const uploadId = await uploadDesign(stack(), c);
    const before = SAVED_PRINTS.max - 10;
    for (let i = 0; i < before; i += 10) {
      const batch = await Promise.all(Array.from({ length: 10 }, () => c.post("/api/save-draft", draftBody(uploadId))));
      expect(statuses(batch)).toEqual(Array(10).fill(201));
    }
    const rs = await Promise.all(Array.from({ length: 20 }, () => c.post("/api/save-draft", draftBody(uploadId))));
    expect(count(rs, 201)).toBe(10);
    expect(count(rs, 429)).toBe(10);
    const refused = rs.find((r) => r.status === 429)!;
    expect(refused.json).toEqual({ code: "saved_prints_limit", message: ERRORS.saved_prints_limit.message });
    const drafts = (await c.get(`/api/users/${me.id}/drafts`)).json as { id: string }[];
    expect(drafts).toHaveLength(SAVED_PRINTS.max);
    expect(await heldCount(stack().store, SAVED_PRINTS, me.id)).toBe(SAVED_PRINTS.max);
    expect((await c.del(`/api/drafts/${drafts[0]!.id}`)).status).toBeLessThan(300);
    expect((await c.post("/api/save-draft", draftBody(uploadId))).status).toBe(201);
    expect((await c.post("/api/save-draft", draftBody(uploadId))).status).toBe(429);
  });

  it("unpaid orders at once: the sixth submission waits until one is paid or cancelled; submitting frees the draft's slot", async () => {
    const { c, me } = await signedIn(stack());
    const uploadId = await uploadDesign(stack(), c);
    const maria = await printerNamed(stack(), "Maria's Prusa");
    const drafts: string[] = [];
    for (let i = 0; i <= UNPAID_ORDERS.max; i++) drafts.push((await c.post("/api/save-draft", draftBody(uploadId))).json.jobId);
    const submit = (draftId: string) =>
      c.post("/api/submit-order", { printerId: maria.printerId, draftId, filamentColor: "Black", deliveryMethod: "pickup" });
    // In parallel: exactly the limit goes through.
    const rs = await Promise.all(drafts.map(submit));
    expect(count(rs, 201)).toBe(UNPAID_ORDERS.max);
    const refused = rs.find((r) => r.status === 429)!;
    expect(refused.json).toEqual({ code: "unpaid_orders_limit", message: ERRORS.unpaid_orders_limit.message });
    expect(await heldCount(stack().store, UNPAID_ORDERS, me.id)).toBe(UNPAID_ORDERS.max);
    expect(await heldCount(stack().store, SAVED_PRINTS, me.id)).toBe(1);
    const placed = rs.find((r) => r.status === 201)!.json.orderId as string;
    expect((await c.put(`/api/print-jobs/${placed}/cancel`)).status).toBe(200);
    expect(await heldCount(stack().store, UNPAID_ORDERS, me.id)).toBe(UNPAID_ORDERS.max - 1);
    const waiting = drafts[rs.findIndex((r) => r.status === 429)]!;
    expect((await submit(waiting)).status).toBe(201);
  });

  it("orders to one printer per hour: the eleventh is a 429 with Retry-After, another printer still takes one", async () => {
    const { c } = await signedIn(stack());
    const uploadId = await uploadDesign(stack(), c);
    const maria = await printerNamed(stack(), "Maria's Prusa");
    await awayFromWindowEnd(ORDERS_PER_PRINTER_PER_HOUR, 90);
    const submit = async (printerId: string) => {
      const draftId = (await c.post("/api/save-draft", draftBody(uploadId))).json.jobId;
      return c.post("/api/submit-order", { printerId, draftId, filamentColor: "Black", deliveryMethod: "pickup" });
    };
    for (let i = 0; i < ORDERS_PER_PRINTER_PER_HOUR.max; i++) {
      const r = await submit(maria.printerId);
      expect(r.status).toBe(201);
      // Cancelled at once, so the unpaid-orders limit is not what stops them.
      expect((await c.put(`/api/print-jobs/${r.json.orderId}/cancel`)).status).toBe(200);
    }
    const refused = await submit(maria.printerId);
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe("printer_order_limit");
    expect(refused.json.message).toMatch(
      /^You have sent 10 orders to this printer in the last hour, the most we allow\. Please wait \d+ minutes? before sending another\.$/,
    );
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(3600);
    const other = await printerNamed(stack(), "Old Town Print Shop");
    expect((await submit(other.printerId)).status).toBe(201);
  }, 180_000);

  it("printers per owner: parallel listings stop at the limit; removing one frees a slot", async () => {
    const c = new TestClient(stack().url);
    expect((await c.post("/api/register", newUser())).status).toBe(201);
    const extra = 5;
    const rs = await Promise.all(
      Array.from({ length: PRINTERS_PER_OWNER.max + extra }, (_, i) => c.post("/api/printers", printerPayload(i))),
    );
    expect(count(rs, 201)).toBe(PRINTERS_PER_OWNER.max);
    expect(count(rs, 429)).toBe(extra);
    expect(rs.find((r) => r.status === 429)?.json).toEqual({ code: "printers_limit", message: ERRORS.printers_limit.message });
    const one = rs.find((r) => r.status === 201)!.json.id as string;
    expect((await c.del(`/api/printers/${one}`)).status).toBe(200);
    expect((await c.post("/api/printers", printerPayload(99))).status).toBe(201);
    expect((await c.post("/api/printers", printerPayload(100))).status).toBe(429);
  });

  it("messages per minute: parallel messages over the limit get a 429 with Retry-After", async () => {
    const { orderId, customer } = await orderWithOwner(stack());
    await awayFromWindowEnd(MESSAGES_PER_MINUTE, 20);
    const extra = 5;
    const rs = await Promise.all(
      Array.from({ length: MESSAGES_PER_MINUTE.max + extra }, (_, i) =>
        customer.c.post(`/api/print-jobs/${orderId}/messages`, { message: `Question ${i}` }),
      ),
    );
    expect(count(rs, 201)).toBe(MESSAGES_PER_MINUTE.max);
    const refused = rs.filter((r) => r.status === 429);
    expect(refused).toHaveLength(extra);
    expect(refused[0]?.json).toEqual({
      code: "message_limit",
      message: "You are sending messages too quickly. Please wait 1 minute and try again.",
    });
    expect(Number(refused[0]?.headers.get("retry-after"))).toBeLessThanOrEqual(60);
  }, 180_000);
});

describe("the total the customer saw", () => {
  it("a submit carrying an old total is refused with 409 naming the new total after the owner changes the price", async () => {
    const owner = new TestClient(stack().url);
    expect((await owner.post("/api/register", newUser())).status).toBe(201);
    const printer = (await owner.post("/api/printers", printerPayload(1))).json as { id: string };
    await verifyPrinter(stack(), owner, printer.id);
    const { c } = await signedIn(stack());
    const uploadId = await uploadDesign(stack(), c);
    const draft = await c.post("/api/save-draft", draftBody(uploadId, { printerId: printer.id }));
    expect(draft.status).toBe(201);
    const seen = draft.json.draft.pricing.total as string;
    const body = { printerId: printer.id, draftId: draft.json.jobId, filamentColor: "Black", deliveryMethod: "pickup" };

    expect((await owner.put(`/api/printers/${printer.id}`, { pricePerGram: 0.05 })).status).toBe(200);
    const refused = await c.post("/api/submit-order", { ...body, expectedTotal: seen });
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe("price_changed");
    const now = /costs \$(\d+\.\d\d) in total/.exec(refused.json.message)?.[1] ?? "";
    expect(Number(now)).toBeGreaterThan(Number(seen));
    expect(refused.json.message).toBe(
      `The price changed while you were deciding: this order now costs $${now} in total. Please review the new price and submit again if you still want it.`,
    );
    expect((await c.post("/api/submit-order", { ...body, expectedTotal: "12.3x" })).status).toBe(400);
    const ok = await c.post("/api/submit-order", { ...body, expectedTotal: now });
    expect(ok.status).toBe(201);
    expect(ok.json.pricing.total).toBe(now);
  });
});
