import { INBOX_SETTLE_MS, MESSAGE_MAX_LENGTH } from "@printhood/core";
import { describe, expect, it } from "vitest";
import { handler as notify } from "../src/events/notify.ts";
import { TestClient } from "./client.ts";
import { draftBody, signedIn, uploadDesign } from "./designs.ts";
import { envelope } from "./events.ts";
import { orderWithOwner, stranger } from "./orders.ts";
import { useStack } from "./stack.ts";

const stack = useStack({ seed: true });

describe("messages on an order", () => {
  it("go between the customer and the owner by every call of spec 2 §7, trimmed, as text", async () => {
    const { orderId, customer, owner } = await orderWithOwner(stack());

    const first = await customer.c.post(`/api/print-jobs/${orderId}/messages`, { message: "  Can you do <b>red</b>?\n  " });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({
      jobId: orderId,
      content: "Can you do <b>red</b>?",
      message: "Can you do <b>red</b>?",
      senderId: customer.me.id,
      senderType: "customer",
      sender: { firstName: "Jamie", lastName: "Rivera" },
      customerId: customer.me.id,
    });
    expect(Number.isNaN(Date.parse(first.json.sentAt))).toBe(false);

    const reply = await owner.c.post(`/api/jobs/${orderId}/contact`, { message: "Yes, red PLA is in stock." });
    expect(reply.status).toBe(201);
    expect(reply.json).toMatchObject({ senderType: "printer", senderId: owner.me.id, customerId: customer.me.id });

    const third = await customer.c.post("/api/print-jobs/message", { jobId: orderId, message: "Great, thanks!" });
    expect(third.status).toBe(201);

    for (const [who, path] of [
      [customer.c, `/api/print-jobs/${orderId}/messages`],
      [owner.c, `/api/jobs/${orderId}/messages`],
    ] as const) {
      const list = await who.get(path);
      expect(list.status).toBe(200);
      expect(list.json.map((m: { content: string }) => m.content)).toEqual([
        "Can you do <b>red</b>?",
        "Yes, red PLA is in stock.",
        "Great, thanks!",
      ]);
      expect(list.headers.get("content-type")).toContain("application/json");
    }
  });

  it("refuse blank, over-long and mis-shaped messages with a sentence", async () => {
    const { orderId, customer } = await orderWithOwner(stack());
    const path = `/api/print-jobs/${orderId}/messages`;
    const blank = await customer.c.post(path, { message: " \n\t " });
    expect(blank.status).toBe(400);
    expect(blank.json.message).toBe("Please write a message first.");
    const long = await customer.c.post(path, { message: "x".repeat(MESSAGE_MAX_LENGTH + 1) });
    expect(long.status).toBe(400);
    expect(long.json.message).toContain("5,000");
    expect((await customer.c.post(path, { message: `  ${"x".repeat(MESSAGE_MAX_LENGTH)}  ` })).status).toBe(201);
    expect((await customer.c.post(path, { content: "hi" })).status).toBe(400);
    expect((await customer.c.post(path, { message: "hi", senderId: "someone" })).status).toBe(400);
    expect((await customer.c.post(path, { message: 42 })).status).toBe(400);
  });

  it("are refused to strangers, other customers and the signed-out, whatever the call", async () => {
    const { orderId, customer } = await orderWithOwner(stack());
    await customer.c.post(`/api/print-jobs/${orderId}/messages`, { message: "private" });
    const other = await stranger(stack());
    const lena = await orderWithOwner(stack(), "Harmony Road Printing", "lena@printhood.local");
    const anonymous = new TestClient(stack().url);

    for (const c of [other.c, lena.owner.c, lena.customer.c]) {
      for (const res of [
        await c.get(`/api/print-jobs/${orderId}/messages`),
        await c.get(`/api/jobs/${orderId}/messages`),
        await c.post(`/api/print-jobs/${orderId}/messages`, { message: "hi" }),
        await c.post(`/api/jobs/${orderId}/contact`, { message: "hi" }),
        await c.post("/api/print-jobs/message", { jobId: orderId, message: "hi" }),
      ]) {
        expect(res.status).toBe(404);
        expect(res.text).not.toContain("private");
      }
    }
    for (const res of [
      await anonymous.get(`/api/print-jobs/${orderId}/messages`),
      await anonymous.post(`/api/jobs/${orderId}/contact`, { message: "hi" }),
      await anonymous.get(`/api/users/${customer.me.id}/conversations`),
    ]) {
      expect(res.status).toBe(401);
    }
    expect((await other.c.get(`/api/users/${customer.me.id}/conversations`)).status).toBe(403);
    expect((await other.c.get("/api/jobs/not-a-uuid/messages")).status).toBe(404);
  });

  it("refuse a made-up page marker, with or without limit, also on a thread with no message yet, and on a printer's reviews", async () => {
    const { orderId, customer, printer } = await orderWithOwner(stack());
    const { printerId } = printer;
    const notOurs = { status: 400, code: "bad_cursor" };
    for (const path of [
      `/api/print-jobs/${orderId}/messages?limit=5&cursor=abc`,
      `/api/print-jobs/${orderId}/messages?cursor=abc`,
      `/api/printers/${printerId}/reviews?cursor=abc`,
      `/api/printers/${printerId}/reviews?limit=5&cursor=abc`,
    ]) {
      const res = await customer.c.get(path);
      expect({ status: res.status, code: res.json?.code }, path).toEqual(notOurs);
    }
    // an empty thread's first page is still a page
    expect((await customer.c.get(`/api/print-jobs/${orderId}/messages?limit=5`)).json).toEqual({ items: [] });
  });

  it("start once the order is submitted: a draft has no thread", async () => {
    const { c } = await signedIn(stack());
    const upload = await uploadDesign(stack(), c);
    const draft = await c.post("/api/save-draft", draftBody(upload));
    const res = await c.post(`/api/print-jobs/${draft.json.jobId}/messages`, { message: "hello?" });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe("order_not_submitted");
  });
});

describe("conversations", () => {
  it("list each order's thread with the other person, the printer, the last message and the unread count; opening marks it read", async () => {
    const { orderId, customer, owner, printer } = await orderWithOwner(stack());
    await customer.c.post(`/api/print-jobs/${orderId}/messages`, { message: "First" });
    await customer.c.post(`/api/print-jobs/${orderId}/messages`, { message: "Second" });

    const ownerList = await owner.c.get(`/api/users/${owner.me.id}/conversations`);
    expect(ownerList.status).toBe(200);
    const mine = ownerList.json.find((x: { jobId: string }) => x.jobId === orderId);
    expect(mine).toMatchObject({
      jobId: orderId,
      jobFileName: "box.stl",
      orderNumber: expect.stringMatching(/^PH-\d+$/),
      otherUserId: customer.me.id,
      otherUserName: "Jamie Rivera",
      printerId: printer.printerId,
      printerName: "Old Town Print Shop",
      role: "printer",
      lastMessage: "Second",
      unreadCount: 2,
    });
    const customerList = (await customer.c.get(`/api/users/${customer.me.id}/conversations`)).json;
    expect(customerList).toEqual([
      expect.objectContaining({ jobId: orderId, otherUserName: "Sam O'Connor", unreadCount: 0, role: "customer" }),
    ]);

    await owner.c.get(`/api/jobs/${orderId}/messages`);
    const after = (await owner.c.get(`/api/users/${owner.me.id}/conversations`)).json;
    expect(after.find((x: { jobId: string }) => x.jobId === orderId).unreadCount).toBe(0);
    // The customer's side is untouched by the owner reading.
    await owner.c.post(`/api/jobs/${orderId}/contact`, { message: "Reply" });
    const customerAfter = (await customer.c.get(`/api/users/${customer.me.id}/conversations`)).json;
    expect(customerAfter[0]).toMatchObject({ lastMessage: "Reply", unreadCount: 1 });
  });
});

describe("reading a thread marks its bell entries read", () => {
  type Note = { id: string; title: string; link: string | null; isRead: boolean };
  const bell = async (who: { c: TestClient; me: { id: string } }) => ({
    notes: (await who.c.get(`/api/users/${who.me.id}/notifications`)).json as Note[],
    unread: (await who.c.get(`/api/users/${who.me.id}/notifications/unread-count`)).json.unreadCount as number,
  });
  const unreadMessages = (notes: Note[], orderId: string) =>
    notes.filter((n) => n.title.startsWith("New message") && n.link === `/messages?job=${orderId}` && !n.isRead).length;

  it.each([
    ["the owner", "/api/jobs/{id}/messages"],
    ["the owner", "/api/print-jobs/{id}/messages"],
    ["the customer", "/api/print-jobs/{id}/messages"],
  ])("%s opening %s: that thread's one entry only, the unread count dropping by it", async (reader, path) => {
    const { orderId, customer, owner } = await orderWithOwner(stack());
    const other = await orderWithOwner(stack());
    const byOwner = reader === "the customer";
    const readerSide = byOwner ? customer : owner;
    const write = (c: TestClient, id: string, message: string) =>
      byOwner ? c.post(`/api/jobs/${id}/contact`, { message }) : c.post(`/api/print-jobs/${id}/messages`, { message });
    for (const text of ["One", "Two", "Three"]) expect((await write(byOwner ? owner.c : customer.c, orderId, text)).status).toBe(201);
    expect((await write(byOwner ? other.owner.c : other.customer.c, other.orderId, "Elsewhere")).status).toBe(201);
    await stack().idle();

    const before = await bell(readerSide);
    expect(unreadMessages(before.notes, orderId)).toBe(1);
    const otherBefore = unreadMessages(before.notes, other.orderId);

    expect((await readerSide.c.get(path.replace("{id}", orderId))).status).toBe(200);
    const after = await bell(readerSide);
    expect(unreadMessages(after.notes, orderId)).toBe(0);
    expect(after.notes.filter((n) => n.link === `/messages?job=${orderId}`)).toHaveLength(1);
    expect(unreadMessages(after.notes, other.orderId)).toBe(otherBefore);
    expect(after.unread).toBe(before.unread - 1);
    // Entries that are not this thread's messages keep their state.
    const rest = (notes: Note[]) => notes.filter((n) => n.link !== `/messages?job=${orderId}`).map((n) => [n.id, n.isRead]);
    expect(rest(after.notes)).toEqual(rest(before.notes));
  });

  it("a chatty thread is one entry at the top of the bell, counting the unread messages, and counts again after a reading", async () => {
    const { orderId, customer, owner } = await orderWithOwner(stack());
    const thread = (notes: Note[]) => notes.filter((n) => n.link === `/messages?job=${orderId}`);
    const start = await bell(owner);
    expect((await customer.c.post(`/api/print-jobs/${orderId}/messages`, { message: "Hello" })).status).toBe(201);
    await stack().idle();
    const one = await bell(owner);
    expect(thread(one.notes)).toEqual([
      expect.objectContaining({
        title: "New message",
        message: expect.stringMatching(/^Jamie Rivera wrote about box\.stl \(PH-\d+\)\.$/),
        isRead: false,
      }),
    ]);
    expect(one.unread).toBe(start.unread + 1);

    for (let i = 1; i <= 12; i++)
      expect((await customer.c.post(`/api/print-jobs/${orderId}/messages`, { message: `Update ${i}` })).status).toBe(201);
    await stack().idle();
    const many = await bell(owner);
    // One unread entry for the thread, saying how many, newest in the list; the bell's count rose by one, not 13.
    expect(thread(many.notes)).toEqual([
      expect.objectContaining({
        title: "New messages",
        message: expect.stringMatching(/^Jamie Rivera wrote 13 new messages about box\.stl \(PH-\d+\)\.$/),
        isRead: false,
      }),
    ]);
    expect(many.notes[0]?.link).toBe(`/messages?job=${orderId}`);
    expect(many.unread).toBe(start.unread + 1);
    const conversation = async () =>
      ((await owner.c.get(`/api/users/${owner.me.id}/conversations`)).json as { jobId: string; unreadCount: number }[]).find(
        (x) => x.jobId === orderId,
      );
    expect((await conversation())?.unreadCount).toBe(13);

    // Read: the entry, the bell's count and the conversation agree at once.
    expect((await owner.c.get(`/api/jobs/${orderId}/messages`)).status).toBe(200);
    const read = await bell(owner);
    expect(thread(read.notes)).toEqual([expect.objectContaining({ isRead: true })]);
    expect(read.unread).toBe(start.unread);
    expect((await conversation())?.unreadCount).toBe(0);

    // The next message is the thread's one entry again, unread, counting from one.
    expect((await customer.c.post(`/api/print-jobs/${orderId}/messages`, { message: "One more thing" })).status).toBe(201);
    await stack().idle();
    const again = await bell(owner);
    expect(thread(again.notes)).toEqual([expect.objectContaining({ title: "New message", isRead: false })]);
    expect(again.unread).toBe(start.unread + 1);
  });

  it("also when the message's event is delivered after the thread was read (the thread open and polled meanwhile), or again", async () => {
    const { orderId, customer, owner } = await orderWithOwner(stack());
    const sent = await customer.c.post(`/api/print-jobs/${orderId}/messages`, { message: "Still there?" });
    expect(sent.status).toBe(201);
    expect((await owner.c.get(`/api/jobs/${orderId}/messages`)).status).toBe(200);
    await stack().idle();
    const before = await bell(owner);
    // The bus delivers the message's event (as another delivery: a new event id) once the owner has read it.
    const detail = {
      jobId: orderId,
      messageId: sent.json.id,
      senderId: customer.me.id,
      recipientId: owner.me.id,
      sentAt: sent.json.sentAt,
    };
    await notify(envelope("message.sent", detail));
    const after = await bell(owner);
    expect(after.notes.filter((n) => n.link === `/messages?job=${orderId}` && !n.isRead)).toEqual([]);
    expect(after.unread).toBe(before.unread);

    // An older message's event delivered after a newer one's (or delivered again) leaves the newer entry in place.
    const second = await customer.c.post(`/api/print-jobs/${orderId}/messages`, { message: "Hello?" });
    expect(second.status).toBe(201);
    await stack().idle();
    const latest = (await bell(owner)).notes.filter((n) => n.link === `/messages?job=${orderId}`);
    await notify(envelope("message.sent", detail));
    const late = await bell(owner);
    expect(late.notes.filter((n) => n.link === `/messages?job=${orderId}`)).toEqual(latest);
    expect(late.unread).toBe(before.unread + 1);
  });
});

describe("polling with conditional requests", () => {
  it("caches no count or list for a few seconds after a change: the indexes they read may not show it yet", async () => {
    const { orderId, customer, owner } = await orderWithOwner(stack());
    await customer.c.post(`/api/print-jobs/${orderId}/messages`, { message: "Hi" });
    await stack().idle();
    const path = `/api/users/${owner.me.id}/notifications/unread-count`;
    // Just after the message's entry was written, each poll counts again (DynamoDB's unread index can lag
    // its write: a count made before it caught up must not be kept behind a 304 until the next change).
    const fresh = await owner.c.get(path);
    const etag = fresh.headers.get("etag")!;
    const recount = await owner.c.request("GET", path, undefined, { "if-none-match": etag });
    expect(recount.status).toBe(200);
    expect(recount.json).toEqual(fresh.json);
    expect(recount.headers.get("etag")).not.toBe(etag);
    // Settled, the stamp is cached as before.
    await new Promise((r) => setTimeout(r, INBOX_SETTLE_MS + 50));
    const settled = await owner.c.get(path);
    expect(settled.json).toEqual(fresh.json);
    const cached = await owner.c.request("GET", path, undefined, { "if-none-match": settled.headers.get("etag")! });
    expect(cached.status).toBe(304);
  });

  it("answers 304 while nothing changed and 200 with a new ETag after a message, for messages, conversations and notifications", async () => {
    const { orderId, customer, owner } = await orderWithOwner(stack());
    await customer.c.post(`/api/print-jobs/${orderId}/messages`, { message: "Hi" });
    await stack().idle();

    const paths = [
      `/api/jobs/${orderId}/messages`,
      `/api/users/${owner.me.id}/conversations`,
      `/api/users/${owner.me.id}/notifications`,
      `/api/users/${owner.me.id}/notifications/unread-count`,
    ];
    const etags: string[] = [];
    for (const path of paths) {
      const first = await owner.c.get(path);
      expect(first.status, path).toBe(200);
      expect(first.headers.get("cache-control")).toBe("private, no-cache");
      const etag = first.headers.get("etag");
      expect(etag, path).toMatch(/^W\/".+"$/);
      etags.push(etag!);
    }
    // Reading the thread above marked it read: the owner's lists moved on once; read them again once
    // the inbox stamp has settled (inbox/inbox.ts: until then no answer is cached under it).
    await new Promise((r) => setTimeout(r, INBOX_SETTLE_MS + 50));
    for (const [i, path] of paths.entries()) {
      const again = await owner.c.get(path);
      etags[i] = again.headers.get("etag")!;
      const cached = await owner.c.request("GET", path, undefined, { "if-none-match": etags[i]! });
      expect(cached.status, path).toBe(304);
      expect(cached.text).toBe("");
      expect(cached.headers.get("etag")).toBe(etags[i]);
    }

    // A stranger presenting the owner's ETag still gets refused, never a 304.
    const other = await stranger(stack());
    const refused = await other.c.request("GET", paths[0]!, undefined, { "if-none-match": etags[0]! });
    expect(refused.status).toBe(404);

    await customer.c.post(`/api/print-jobs/${orderId}/messages`, { message: "Are you there?" });
    await stack().idle();
    for (const [i, path] of paths.entries()) {
      const changed = await owner.c.request("GET", path, undefined, { "if-none-match": etags[i]! });
      expect(changed.status, path).toBe(200);
      expect(changed.headers.get("etag")).not.toBe(etags[i]);
    }
  });
});
