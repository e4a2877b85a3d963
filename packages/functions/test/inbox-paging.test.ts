import { createNotification, INBOX_SETTLE_MS } from "@printhood/core";
import { EVENT_BUS_NAME } from "@printhood/local";
import { describe, expect, it } from "vitest";
import { createEventPublisher } from "../src/lib/events.ts";
import { newUser, TestClient } from "./client.ts";
import { uploadDesign } from "./designs.ts";
import { customerWithUpload, OWNER_EMAIL, signIn, submitDraft } from "./orders.ts";
import { useStack } from "./stack.ts";

/** Past the inbox stamp's settling time after the last write (inbox/inbox.ts): polls are cached from then on. */
const settled = () => new Promise((r) => setTimeout(r, INBOX_SETTLE_MS + 50));

/**
 * The notifications and the conversations a page at a time (issue 23 point 2), read from the real
 * DynamoDB Local: newest first, every item once, the spec's array without `limit`, and the first
 * page still polled (ETag, 304) while a later one is a plain page.
 */
const stack = useStack({ seed: true });

type Page<T> = { items: T[]; nextCursor?: string };

const pageUrl = (path: string, limit: number, cursor?: string) =>
  `${path}?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;

/** Every page of a list, first to last; `between` runs after each page but the last. */
async function walk<T>(c: TestClient, path: string, limit: number, between?: () => Promise<void>): Promise<Page<T>[]> {
  const pages: Page<T>[] = [];
  let cursor: string | undefined;
  do {
    const res = await c.get(pageUrl(path, limit, cursor));
    expect(res.status, res.text).toBe(200);
    const page = res.json as Page<T>;
    expect(page.items.length).toBeLessThanOrEqual(limit);
    pages.push(page);
    cursor = page.nextCursor;
    if (cursor && between) await between();
  } while (cursor);
  return pages;
}

/** Publishes `count` order status changes for `userId` through the real bus: one notification each. */
async function notify(userId: string, count: number) {
  const events = createEventPublisher(EVENT_BUS_NAME);
  for (let i = 0; i < count; i++) {
    await events.publish("job.status_changed", {
      jobId: `job-${i}`,
      to: "accepted",
      customerId: userId,
      ownerId: "someone-else",
      fileName: `part-${i}.stl`,
      at: new Date().toISOString(),
    });
  }
  await stack().idle();
}

async function registered() {
  const c = new TestClient(stack().url);
  const me = (await c.post("/api/register", newUser())).json as { id: string };
  return { c, me };
}

describe("notifications in pages", () => {
  it("walk the whole list newest first, each once; one added between pages is not repeated; the last page has no marker", async () => {
    const { c, me } = await registered();
    await notify(me.id, 7);
    const path = `/api/users/${me.id}/notifications`;
    const whole = (await c.get(path)).json as { id: string; createdAt: string }[];
    expect(Array.isArray(whole)).toBe(true);
    expect(whole).toHaveLength(7);

    let added = false;
    const pages = await walk<{ id: string }>(c, path, 3, async () => {
      if (added) return;
      added = true;
      await notify(me.id, 1);
    });
    expect(pages.map((p) => p.items.length)).toEqual([3, 3, 1]);
    expect(pages.at(-1)?.nextCursor).toBeUndefined();
    // The one added after the first page is newer than it: it belongs to the first page, not a later one.
    expect(pages.flatMap((p) => p.items.map((n) => n.id))).toEqual(whole.map((n) => n.id));
    const ids = whole.map((n) => n.id);
    expect([...ids].sort().reverse()).toEqual(ids);
    expect(((await c.get(path)).json as unknown[]).length).toBe(8);
  });

  it("poll the first page (ETag, 304) and answer a later page plainly", async () => {
    const { c, me } = await registered();
    await notify(me.id, 3);
    await settled();
    const first = await c.get(pageUrl(`/api/users/${me.id}/notifications`, 2));
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await c.request("GET", pageUrl(`/api/users/${me.id}/notifications`, 2), undefined, { "if-none-match": etag! });
    expect(again.status).toBe(304);
    const later = await c.request("GET", pageUrl(`/api/users/${me.id}/notifications`, 2, first.json.nextCursor), undefined, {
      "if-none-match": etag!,
    });
    expect(later.status).toBe(200);
    expect(later.headers.get("etag")).toBeNull();
    expect(later.json.items).toHaveLength(1);
    // The unpaged answer is polled as before.
    const whole = await c.get(`/api/users/${me.id}/notifications`);
    expect(
      (await c.request("GET", `/api/users/${me.id}/notifications`, undefined, { "if-none-match": whole.headers.get("etag")! })).status,
    ).toBe(304);
  });

  it("refuse a forged marker, another person's and another list's with bad_cursor", async () => {
    const a = await registered();
    const b = await registered();
    await notify(a.me.id, 3);
    await notify(b.me.id, 3);
    const marker = (await a.c.get(pageUrl(`/api/users/${a.me.id}/notifications`, 1))).json.nextCursor as string;
    const forged = `${marker.slice(0, -2)}${marker.endsWith("AA") ? "BB" : "AA"}`;
    for (const [c, path, cursor] of [
      [a.c, `/api/users/${a.me.id}/notifications`, forged],
      [b.c, `/api/users/${b.me.id}/notifications`, marker],
      [a.c, `/api/users/${a.me.id}/conversations`, marker],
    ] as const) {
      const res = await c.get(pageUrl(path, 1, cursor));
      expect(res.status, path).toBe(400);
      expect(res.json.code).toBe("bad_cursor");
    }
  });
});

describe("mark all read", () => {
  it("marks more unread notifications than one read of the unread index holds, reading only unread ones", async () => {
    const { c, me } = await registered();
    // 130 unread, written as the event consumer writes them: more than one page (100) of the index.
    for (let i = 0; i < 130; i += 10) {
      await Promise.all(
        Array.from({ length: 10 }, (_, k) => createNotification(stack().store, { userId: me.id, title: `Notice ${i + k}`, message: "m" })),
      );
    }
    expect((await c.get(`/api/users/${me.id}/notifications/unread-count`)).json.unreadCount).toBe(130);
    expect((await c.post(`/api/users/${me.id}/notifications/read-all`)).json).toEqual({ marked: 130 });
    expect((await c.get(`/api/users/${me.id}/notifications/unread-count`)).json.unreadCount).toBe(0);
    expect((await c.post(`/api/users/${me.id}/notifications/read-all`)).json).toEqual({ marked: 0 });
  });
});

describe("conversations in pages", () => {
  it("merge the person's sides newest message first, each once, in pages; a conversation that moves up is not repeated", async () => {
    // A customer's five orders with Maria's Prusa, and one Maria placed with Old Town Print Shop:
    // Maria has five conversations as the owner (gsi2) and one as the customer (gsi1).
    const customer = await customerWithUpload(stack());
    const maria = await signIn(stack(), OWNER_EMAIL);
    const marias = await submitDraft(stack(), maria.c, await uploadDesign(stack(), maria.c), { printer: "Old Town Print Shop" });
    const orders: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { orderId } = await submitDraft(stack(), customer.c, customer.uploadId);
      orders.push(orderId);
      expect((await customer.c.post(`/api/print-jobs/${orderId}/messages`, { message: `About order ${i}` })).status).toBe(201);
      if (i === 2) expect((await maria.c.post(`/api/print-jobs/${marias.orderId}/messages`, { message: "Mine" })).status).toBe(201);
    }
    const path = `/api/users/${maria.me.id}/conversations`;
    const whole = (await maria.c.get(path)).json as { jobId: string; role: string; lastMessageAt: string }[];
    expect(Array.isArray(whole)).toBe(true);
    const ids = whole.map((x) => x.jobId);
    expect(ids).toEqual(expect.arrayContaining([...orders, marias.orderId]));
    expect(new Set(ids).size).toBe(ids.length);
    expect(whole.find((x) => x.jobId === marias.orderId)?.role).toBe("customer");
    expect(whole.map((x) => x.lastMessageAt)).toEqual(
      whole
        .map((x) => x.lastMessageAt)
        .sort()
        .reverse(),
    );

    const pages = await walk<{ jobId: string }>(maria.c, path, 2);
    expect(pages.flatMap((p) => p.items.map((x) => x.jobId))).toEqual(ids);
    expect(pages.at(-1)?.nextCursor).toBeUndefined();

    // The oldest conversation, not yet shown, gets a new message after the first page: it moves to
    // the top (the first page's next poll shows it) and the later pages do not show it again.
    const oldest = ids.at(-1) as string;
    let moved = false;
    const walked = await walk<{ jobId: string }>(maria.c, path, 2, async () => {
      if (moved) return;
      moved = true;
      expect((await maria.c.post(`/api/print-jobs/${oldest}/messages`, { message: "One more thing" })).status).toBe(201);
    });
    const seen = walked.flatMap((p) => p.items.map((x) => x.jobId));
    expect(seen).toEqual(ids.slice(0, -1));
    expect(((await maria.c.get(path)).json as { jobId: string }[])[0]?.jobId).toBe(oldest);

    // The customer's own list is paged by the same rule, and Maria's marker is not theirs.
    const mine = await walk<{ jobId: string }>(customer.c, `/api/users/${customer.me.id}/conversations`, 4);
    expect(mine.flatMap((p) => p.items.map((x) => x.jobId)).sort()).toEqual([...orders].sort());
    const marias2 = (await maria.c.get(pageUrl(path, 2))).json.nextCursor as string;
    const refused = await customer.c.get(pageUrl(`/api/users/${customer.me.id}/conversations`, 2, marias2));
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe("bad_cursor");

    // The first page is polled; a later one is not.
    await settled();
    const first = await maria.c.get(pageUrl(path, 2));
    const etag = first.headers.get("etag")!;
    expect((await maria.c.request("GET", pageUrl(path, 2), undefined, { "if-none-match": etag })).status).toBe(304);
    const later = await maria.c.request("GET", pageUrl(path, 2, first.json.nextCursor), undefined, { "if-none-match": etag });
    expect(later.status).toBe(200);
    expect(later.headers.get("etag")).toBeNull();
  });
});
