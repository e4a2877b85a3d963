import type { Store } from "@printhood/core";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../../functions/test/client.ts";
import { STORY } from "../src/demo/plan.ts";
import { demoStoryTold, seedDemoStory } from "../src/demo/story.ts";
import { DEMO_CUSTOMER, DEMO_OWNERS, DEMO_PASSWORD, DEMO_STAFF, seedDemoData } from "../src/seed.ts";
import { type LocalStack, startLocalStack } from "../src/stack.ts";

/*
 * Issue 21 point 7: the demo story `npm start` tells, on a stack of its own. Stopped half way (as a
 * killed start is), told again, it finishes without doing a step twice; told a third time it adds
 * nothing. Then each demo account signs in and sees the product at work through the API the site reads.
 */

let stack: LocalStack;
beforeAll(async () => {
  stack = await startLocalStack({ port: 0 });
  await seedDemoData(stack.store);
}, 300_000);
afterAll(async () => {
  await stack?.close();
});

/** How many of each kind of record the table holds (a test-only scan). */
async function census(store: Store) {
  const e = store.entities;
  const count = async (scan: { go: (o: { pages: "all" }) => Promise<{ data: unknown[] }> }) =>
    (await scan.go({ pages: "all" })).data.length;
  return {
    uploads: await count(e.uploads.scan),
    jobs: await count(e.jobs.scan),
    photos: await count(e.photos.scan),
    messages: await count(e.messages.scan),
    reviews: await count(e.reviews.scan),
    claims: await count(e.claims.scan),
    ledgerEntries: await count(e.ledgerEntries.scan),
    notifications: await count(e.notifications.scan),
    moneyTasks: await count(e.moneyTasks.scan),
  };
}

class Killed extends Error {}

async function signIn(email: string, totp?: string) {
  const c = new TestClient(stack.url);
  const res = await c.post("/api/login", { email, password: DEMO_PASSWORD, ...(totp ? { totp } : {}) });
  expect(res.status, `${email}: ${res.text}`).toBe(200);
  return { c, id: (res.json as { id: string }).id };
}

describe("the demo story", () => {
  it("finishes after a start stopped half way, and adds nothing when told again", async () => {
    const planned = STORY.reduce((n, o) => n + o.steps.length, 0);
    const stopAfter = Math.floor(planned / 2);
    let told = 0;
    // Stopped in the middle of an order, as a start killed half way is.
    await expect(
      seedDemoStory(stack, () => {
        if (++told === stopAfter) throw new Killed();
      }),
    ).rejects.toBeInstanceOf(Killed);
    expect(await demoStoryTold(stack.store)).toBe(false);

    const started = Date.now();
    const rest = await seedDemoStory(stack);
    console.log(`the rest of the demo story (${rest.steps} steps) took ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // Every step exactly once: none done twice, none left out.
    expect(rest).toEqual({ seeded: true, steps: planned - stopAfter });
    expect(await demoStoryTold(stack.store)).toBe(true);

    const before = await census(stack.store);
    expect(before.jobs).toBe(STORY.length);
    expect(await seedDemoStory(stack)).toEqual({ seeded: false, steps: 0 });
    await stack.idle();
    expect(await census(stack.store)).toEqual(before);
  }, 600_000);

  it("shows the demo customer an order in every status, with photos, a conversation and a review", async () => {
    const { c, id } = await signIn(DEMO_CUSTOMER.email);
    const orders = (await c.get(`/api/users/${id}/jobs`)).json as {
      id: string;
      fileName: string;
      status: string;
      payment: { status: string } | null;
      completionPhotoIds: string[];
      receivedAt: string | null;
      submittedAt: string | null;
      orderNumber: string;
    }[];
    expect(new Set(orders.map((o) => o.status))).toEqual(
      new Set([
        "submitted",
        "confirmed",
        "accepted",
        "printing",
        "completed",
        "ready_for_pickup",
        "ready_for_shipping",
        "picked_up",
        "shipped",
        "rejected",
        "cancelled",
      ]),
    );
    const drafts = (await c.get(`/api/users/${id}/drafts`)).json as { fileName: string }[];
    expect(drafts.map((d) => d.fileName).sort()).toEqual(["desk-organizer.stl", "headphone-hook.stl"]);

    // Dates spread over the last weeks, and order numbers in the order the orders were placed.
    const bySubmission = [...orders].sort((a, b) => Date.parse(a.submittedAt ?? "") - Date.parse(b.submittedAt ?? ""));
    expect(bySubmission.map((o) => o.orderNumber)).toEqual([...bySubmission.map((o) => o.orderNumber)].sort());
    const oldest = Date.parse(bySubmission[0]?.submittedAt ?? "");
    expect(Date.now() - oldest).toBeGreaterThan(20 * 86_400_000);

    const cancelled = orders.find((o) => o.status === "cancelled");
    expect(cancelled?.payment?.status).toBe("refunded");
    const completed = orders.find((o) => o.status === "completed");
    expect(completed?.completionPhotoIds).toHaveLength(1);
    const photo = await c.get(`/api/photos/${completed?.completionPhotoIds[0]}`);
    expect(photo.json).toMatchObject({ status: "ready" });
    expect((await fetch(photo.json.image.url as string)).status).toBe(200);
    expect(orders.filter((o) => o.receivedAt)).toHaveLength(1);

    const conversations = (await c.get(`/api/users/${id}/conversations`)).json as { jobId: string; unreadCount: number }[];
    const chatty = orders.find((o) => o.fileName === "cosplay-bracer.stl");
    const thread = (await c.get(`/api/print-jobs/${chatty?.id}/messages`)).json as { message: string }[];
    expect(thread.length).toBeGreaterThanOrEqual(6);
    expect(conversations.some((x) => x.jobId === chatty?.id)).toBe(true);

    const reviewed = orders.find((o) => o.fileName === "gear-set.stl");
    expect((await c.get(`/api/print-jobs/${reviewed?.id}/review`)).json).toMatchObject({ review: { rating: 5 } });
    expect((await c.get(`/api/users/${id}/notifications/unread-count`)).json.unreadCount).toBeGreaterThan(0);
  });

  it("shows each demo owner their orders and earnings: one available, one held, one frozen by a claim", async () => {
    const summaries = new Map<string, { availableCents: number; heldCents: number; frozenCents: number }>();
    for (const owner of DEMO_OWNERS) {
      const { c, id } = await signIn(owner.email);
      const jobs = (await c.get(`/api/users/${id}/printer-jobs`)).json as { status: string }[];
      expect(jobs.length, owner.email).toBeGreaterThan(1);
      summaries.set(owner.email, (await c.get(`/api/users/${id}/payouts`)).json);
    }
    expect(summaries.get("maria@printhood.local")?.availableCents).toBeGreaterThan(0);
    // The coaster set's window closed without a claim: freed by the sweep.
    expect(summaries.get("lena@printhood.local")?.availableCents).toBeGreaterThan(0);
    expect(summaries.get("tom@printhood.local")?.heldCents).toBeGreaterThan(0);
    expect(summaries.get("tom@printhood.local")?.frozenCents).toBeGreaterThan(0);
  });

  it("puts the disputed claim, with both sides' photos, and the quality test in the staff console's queues", async () => {
    const totp = await generate({ secret: DEMO_STAFF.totpSecret });
    const { c } = await signIn(DEMO_STAFF.email, totp);
    const claims = (await c.get("/api/staff/claims")).json as {
      status: string;
      photoIds: string[];
      response: { action: string; photoIds: string[] } | null;
      thread: unknown[];
    }[];
    const disputed = claims.filter((x) => x.status === "under_review");
    expect(disputed).toHaveLength(1);
    expect(disputed[0]?.photoIds.length).toBeGreaterThan(0);
    expect(disputed[0]?.response).toMatchObject({ action: "dispute" });
    expect(disputed[0]?.response?.photoIds.length).toBeGreaterThan(0);
    for (const photoId of [...(disputed[0]?.photoIds ?? []), ...(disputed[0]?.response?.photoIds ?? [])])
      expect((await c.get(`/api/photos/${photoId}`)).json).toMatchObject({ status: "ready" });
    const verifications = (await c.get("/api/staff/verifications")).json as { printer: { name: string } }[];
    expect(verifications.map((v) => v.printer.name)).toContain("Priya's Ender 3 S1");
  });
});
