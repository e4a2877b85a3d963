import { randomUUID } from "node:crypto";
import { type EventEnvelope, sendDueReminders } from "@printhood/core";
import { inboxOf } from "@printhood/local/ses";
import { describe, expect, it } from "vitest";
import { consumerDeps } from "../src/events/consumer-deps.ts";
import { handler as notify } from "../src/events/notify.ts";
import { orderWithOwner } from "./orders.ts";
import { useStack } from "./stack.ts";

const stack = useStack({ seed: true });
const inbox = (address: string) => inboxOf(stack().endpoints.ses, address);

/** The envelope EventBridge delivers (the same one twice is what "at least once" means). */
function envelope(detailType: string, detail: Record<string, unknown>): EventEnvelope {
  return {
    version: "0",
    id: randomUUID(),
    "detail-type": detailType,
    source: "printhood",
    account: "000000000000",
    time: new Date().toISOString().replace(/\.\d{3}Z$/, "Z"),
    region: "us-east-1",
    resources: [],
    detail,
  };
}

describe("e-mail through the local SES stand-in", () => {
  it("tells the owner of a new request, with a text and an HTML part, as soon as the order is submitted", async () => {
    const { orderId, owner } = await orderWithOwner(stack());
    await stack().idle();
    const mail = (await inbox(owner.me.email)).filter((m) => m.subject === "New order request: box.stl");
    expect(mail.length).toBeGreaterThanOrEqual(1);
    const last = mail.at(-1)!;
    expect(last.from).toContain("orders@printhood.local");
    expect(last.body.text).toContain("A customer sent box.stl to Old Town Print Shop");
    expect(last.body.text).toContain(`${stack().url}/printer-dashboard`);
    expect(last.body.html).toContain("<h1");
    expect(last.body.html).toContain("Old Town Print Shop");
    expect(orderId).toBeTruthy();
  });

  it("a payment delivered twice (and twice at once) gives one confirmation e-mail, one owner e-mail and one notification each", async () => {
    const { orderId, customer, owner } = await orderWithOwner(stack());
    await stack().idle();
    const event = envelope("job.status_changed", {
      jobId: orderId,
      from: "submitted",
      to: "confirmed",
      actor: "system",
      customerId: customer.me.id,
      ownerId: owner.me.id,
      fileName: "box.stl",
      orderNumber: "1042",
    });
    await notify(event);
    await notify(event);
    await Promise.all([notify(event), notify(event), notify(event)]);

    const confirmations = (await inbox(customer.me.email)).filter((m) => m.subject.startsWith("Order confirmed"));
    expect(confirmations).toHaveLength(1);
    const mail = confirmations[0]!;
    expect(mail.subject).toBe("Order confirmed: box.stl (#1042)");
    for (const part of [mail.body.text!, mail.body.html!]) {
      expect(part).toContain("Order Confirmed!");
      expect(part).toContain("Old Town Print Shop");
      expect(part).toContain("2-3 business days");
    }
    expect((await inbox(owner.me.email)).filter((m) => m.subject === "Order paid: box.stl is waiting for you")).toHaveLength(1);

    const notes = (await customer.c.get(`/api/users/${customer.me.id}/notifications`)).json as { title: string; link: string }[];
    expect(notes.filter((n) => n.title === "Order confirmed")).toEqual([expect.objectContaining({ link: `/order/${orderId}` })]);
    const ownerNotes = (await owner.c.get(`/api/users/${owner.me.id}/notifications`)).json as { title: string; message: string }[];
    expect(ownerNotes.filter((n) => n.title === "Order paid" && n.message.includes("box.stl"))).toHaveLength(1);
  });

  it("sends each status change the customer cares about once, and none of a kind they turned off", async () => {
    const { orderId, customer, owner } = await orderWithOwner(stack());
    const base = { jobId: orderId, customerId: customer.me.id, ownerId: owner.me.id, fileName: "box.stl", actor: "owner" };
    for (const to of ["accepted", "printing", "completed", "ready_for_pickup"])
      await notify(envelope("job.status_changed", { ...base, to }));
    const subjects = (await inbox(customer.me.email)).map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        "Your order was accepted: box.stl",
        "Now printing: box.stl",
        "Print complete: box.stl",
        "Ready for pickup: box.stl",
      ]),
    );

    const off = await customer.c.request("PATCH", `/api/users/${customer.me.id}`, { emailPreferences: { orderUpdates: false } });
    expect(off.status).toBe(200);
    expect(off.json.emailPreferences).toMatchObject({ orderUpdates: false, orderConfirmation: true, messages: true });
    const before = (await inbox(customer.me.email)).length;
    await notify(envelope("job.status_changed", { ...base, to: "picked_up" }));
    await notify(envelope("job.status_changed", { ...base, to: "shipped" }));
    expect(await inbox(customer.me.email)).toHaveLength(before);
    // The bell still hears it: preferences are about e-mail only.
    const notes = (await customer.c.get(`/api/users/${customer.me.id}/notifications`)).json as { title: string }[];
    expect(notes.map((n) => n.title)).toContain("Shipped");
  });
});

describe("unread message e-mails (a fake clock drives the sweep)", () => {
  it("go out a few minutes after a message nobody has read, once", async () => {
    const { orderId, customer, owner } = await orderWithOwner(stack());
    const sent = await customer.c.post(`/api/print-jobs/${orderId}/messages`, { message: "Is <this> doable by Friday?\nThanks" });
    expect(sent.status).toBe(201);
    await stack().idle();
    const at = Date.parse(sent.json.sentAt);
    const subject = "New message from Jamie Rivera about box.stl";
    const count = async () => (await inbox(owner.me.email)).filter((m) => m.subject === subject).length;

    expect(await sendDueReminders(consumerDeps(), new Date(at + 4 * 60_000))).toBe(0);
    expect(await count()).toBe(0);
    await sendDueReminders(consumerDeps(), new Date(at + 6 * 60_000));
    expect(await count()).toBe(1);
    await sendDueReminders(consumerDeps(), new Date(at + 60 * 60_000));
    expect(await count()).toBe(1);

    const mail = (await inbox(owner.me.email)).find((m) => m.subject === subject)!;
    expect(mail.body.text).toContain("> Is <this> doable by Friday?\n> Thanks");
    expect(mail.body.html).toContain("Is &lt;this&gt; doable by Friday?<br>Thanks");
    expect(mail.body.html).toContain(`${stack().url}/messages?job=${orderId}`);
  });

  it("do not go out when the person read the thread in time", async () => {
    const { orderId, customer, owner } = await orderWithOwner(stack());
    const sent = await owner.c.post(`/api/jobs/${orderId}/contact`, { message: "Your part is ready" });
    await stack().idle();
    expect((await customer.c.get(`/api/print-jobs/${orderId}/messages`)).status).toBe(200);
    await sendDueReminders(consumerDeps(), new Date(Date.parse(sent.json.sentAt) + 10 * 60_000));
    expect((await inbox(customer.me.email)).filter((m) => m.subject.startsWith("New message"))).toHaveLength(0);
  });
});
