import { randomUUID } from "node:crypto";
import { CURSOR_SECRET_ENV, cursorKey, sealCursor } from "@printhood/core";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "./client.ts";
import { draftBody, signedIn } from "./designs.ts";
import { customerWithUpload } from "./orders.ts";
import { useStack } from "./stack.ts";

/**
 * A person's own lists a page at a time (issue 23 point 2): saved prints, an owner's reviews, payouts
 * and ledger. Each walked with `limit` is the whole list newest first, without duplicates or gaps, its
 * last page without a marker; an item added between pages is not shown twice; a marker made up or
 * taken from another person's list is a 400; without `limit` the spec's array stays. The reviews,
 * payouts and ledger entries are written with the real entities into DynamoDB Local (making dozens of
 * handed-over orders through the API would test the orders, not the lists).
 */
const SECRET = "own-lists-paging-test-key-0123456789";
process.env[CURSOR_SECRET_ENV] = SECRET;
const stack = useStack();

type Page = { items: Record<string, unknown>[]; nextCursor?: string };
const notOurs = "That page marker is not one of ours. Start again from the first page.";

/** Every page of `path` with `limit`, from `cursor` on. */
async function walk(c: TestClient, path: string, limit: number, cursor?: string): Promise<Page[]> {
  const pages: Page[] = [];
  let next = cursor;
  do {
    const res = await c.get(`${path}?limit=${limit}${next ? `&cursor=${encodeURIComponent(next)}` : ""}`);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    pages.push(res.json as Page);
    next = (res.json as Page).nextCursor;
  } while (next);
  return pages;
}

/** The walk is the unpaged list: same items, same order, no repeats, each page at most `limit`, the last without a marker. */
async function expectWholeList(c: TestClient, path: string, key: string, limit: number) {
  const whole = (await c.get(path)).json as Record<string, unknown>[];
  expect(Array.isArray(whole)).toBe(true);
  const pages = await walk(c, path, limit);
  const ids = pages.flatMap((p) => p.items.map((i) => i[key]));
  expect(ids).toEqual(whole.map((i) => i[key]));
  expect(new Set(ids).size).toBe(ids.length);
  for (const p of pages) expect(p.items.length).toBeLessThanOrEqual(limit);
  expect(pages.at(-1)?.nextCursor).toBeUndefined();
  expect(pages.slice(0, -1).every((p) => p.nextCursor)).toBe(true);
  return whole;
}

/** An item added after the first page is never on a later one, and nothing is shown twice or skipped. */
async function expectAddedBetweenPages(c: TestClient, path: string, key: string, add: () => Promise<unknown>) {
  const before = ((await c.get(path)).json as Record<string, unknown>[]).map((i) => i[key]);
  const first = (await c.get(`${path}?limit=2`)).json as Page;
  await add();
  const rest = await walk(c, path, 2, first.nextCursor);
  const shown = [...first.items, ...rest.flatMap((p) => p.items)].map((i) => i[key]);
  expect(shown).toEqual(before);
}

/** Made up, or taken from another person's same list (a real marker of theirs, and one forged for them): 400. */
async function expectRefusedMarkers(c: TestClient, path: string, list: (userId: string) => string, otherId: string, theirs?: string) {
  const markers = [
    "abc",
    sealCursor(cursorKey(SECRET), list(otherId), { c: "2026-01-01T00:00:00.000Z", j: "x", p: "x", a: "x" }),
    ...(theirs ? [theirs] : []),
  ];
  for (const cursor of markers) {
    const res = await c.get(`${path}?limit=2&cursor=${encodeURIComponent(cursor)}`);
    expect({ status: res.status, code: res.json?.code, message: res.json?.message }).toEqual({
      status: 400,
      code: "bad_cursor",
      message: notOurs,
    });
  }
}

/** Distinct times a second apart from a fixed start, so the order newest first is known. */
const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, i)).toISOString();

describe("saved prints, a page at a time", () => {
  let me: { c: TestClient; me: { id: string }; uploadId: string };
  let other: { c: TestClient; me: { id: string }; uploadId: string };
  const save = async (who: typeof me) => {
    const res = await who.c.post("/api/save-draft", draftBody(who.uploadId));
    expect(res.status, JSON.stringify(res.json)).toBe(201);
  };
  const path = () => `/api/users/${me.me.id}/drafts`;

  beforeAll(async () => {
    me = await customerWithUpload(stack());
    other = await customerWithUpload(stack());
    for (let i = 0; i < 5; i++) await save(me);
    for (let i = 0; i < 3; i++) await save(other);
  }, 120_000);

  it("walks the drafts newest first, the array without limit kept", async () => {
    const whole = await expectWholeList(me.c, path(), "id", 2);
    expect(whole).toHaveLength(5);
    const times = whole.map((d) => d.createdAt as string);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("shows a draft saved between pages once at most", async () => {
    await expectAddedBetweenPages(me.c, path(), "id", () => save(me));
  });

  it("refuses a made-up marker and one from another customer's saved prints", async () => {
    const theirs = ((await other.c.get(`/api/users/${other.me.id}/drafts?limit=1`)).json as Page).nextCursor;
    expect(theirs).toBeTruthy();
    await expectRefusedMarkers(me.c, path(), (id) => `drafts:${id}`, other.me.id, theirs);
  });
});

describe("an owner's reviews, payouts and ledger, a page at a time", () => {
  let owner: { c: TestClient; me: { id: string } };
  let other: { c: TestClient; me: { id: string } };
  let clock = 0;
  const store = () => stack().store.entities;
  const addReview = (ownerId: string) =>
    store()
      .reviews.create({
        jobId: randomUUID(),
        printerId: randomUUID(),
        ownerId,
        customerId: randomUUID(),
        rating: 4,
        fileName: "part.stl",
        createdAt: at(clock++),
      })
      .go();
  const addPayout = (ownerId: string) =>
    store()
      .payouts.create({ ownerId, payoutId: randomUUID(), amountCents: 500, status: "paid", createdAt: at(clock++) })
      .go();
  const addEntry = (ownerId: string) =>
    store()
      .ledgerEntries.create({
        ownerId,
        jobId: randomUUID(),
        printerId: randomUUID(),
        fileName: "part.stl",
        customerPaidCents: 1000,
        platformFeeCents: 300,
        ownerEarningsCents: 700,
        status: "available",
        createdAt: at(clock++),
      })
      .go();

  beforeAll(async () => {
    owner = await signedIn(stack());
    other = await signedIn(stack());
    for (let i = 0; i < 5; i++) {
      await addReview(owner.me.id);
      await addPayout(owner.me.id);
      await addEntry(owner.me.id);
    }
    for (let i = 0; i < 2; i++) {
      await addReview(other.me.id);
      await addPayout(other.me.id);
      await addEntry(other.me.id);
    }
  }, 60_000);

  const lists = [
    { name: "reviews", path: "reviews", key: "id", list: (id: string) => `reviews:owner:${id}`, add: addReview },
    { name: "payouts", path: "payouts/history", key: "id", list: (id: string) => `payouts:${id}`, add: addPayout },
    { name: "ledger", path: "ledger", key: "jobId", list: (id: string) => `ledger:${id}`, add: addEntry },
  ] as const;

  for (const l of lists) {
    it(`walks the ${l.name} newest first, the array without limit kept; one added between pages is shown once at most; others' markers refused`, async () => {
      const path = `/api/users/${owner.me.id}/${l.path}`;
      const whole = await expectWholeList(owner.c, path, l.key, 2);
      expect(whole).toHaveLength(5);
      const times = whole.map((i) => i.createdAt as string);
      expect([...times].sort().reverse()).toEqual(times);
      await expectAddedBetweenPages(owner.c, path, l.key, () => l.add(owner.me.id));
      const theirs = ((await other.c.get(`/api/users/${other.me.id}/${l.path}?limit=1`)).json as Page).nextCursor;
      await expectRefusedMarkers(owner.c, path, l.list, other.me.id, theirs);
    });
  }

  it("answers the summary's lists as a first page with markers that the list routes continue", async () => {
    const path = `/api/users/${owner.me.id}/payouts`;
    const whole = (await owner.c.get(path)).json;
    expect(whole.payoutsNextCursor).toBeUndefined();
    expect(whole.ledgerNextCursor).toBeUndefined();
    const first = (await owner.c.get(`${path}?limit=2`)).json;
    expect(first.payouts).toHaveLength(2);
    expect(first.ledger).toHaveLength(2);
    expect(first.availableCents).toBe(whole.availableCents);
    for (const [list, route, key, marker] of [
      ["payouts", "payouts/history", "id", first.payoutsNextCursor],
      ["ledger", "ledger", "jobId", first.ledgerNextCursor],
    ] as const) {
      const rest = await walk(owner.c, `/api/users/${owner.me.id}/${route}`, 2, marker);
      const ids = [...first[list], ...rest.flatMap((p) => p.items)].map((i: Record<string, unknown>) => i[key]);
      expect(ids).toEqual(whole[list].map((i: Record<string, unknown>) => i[key]));
    }
    // A marker of the payouts is not one of the ledger's.
    const res = await owner.c.get(`/api/users/${owner.me.id}/ledger?limit=2&cursor=${encodeURIComponent(first.payoutsNextCursor)}`);
    expect(res.status).toBe(400);
    expect((await owner.c.get(`${path}?limit=0`)).status).toBe(400);
  });
});
