import { isPickupTracked, isShippingTracked, TAB_LOOK_MAX } from "@printhood/core";
import { describe, expect, it } from "vitest";
import { orderWithOwner, stranger } from "./orders.ts";
import { useStack } from "./stack.ts";
import { walkPages } from "./walk-pages.ts";

/**
 * Issue 23 point 2, the owner's tracking screen: one printer's pickup and shipping tabs read a page
 * at a time on the server (`GET /api/printers/{id}/jobs?group=pickup|shipping`, spec 2 §4 "Tracking
 * lists"), never every order to filter in the browser. Each walk must be exactly the printer's
 * orders the tab's rule keeps, newest submission first; a tab whose orders are rare behind many
 * others answers short pages with a marker instead of reading the history at once.
 */
const stack = useStack({ seed: true });

type Item = { id: string; status: string; deliveryMethod: string };

describe("the tracking tabs of a printer (group=pickup, group=shipping)", () => {
  it("list exactly the orders each tab's rule keeps, newest first, also where they are rare in a long history", async () => {
    const o = await orderWithOwner(stack(), "Harmony Road Printing", "lena@printhood.local");
    const { store } = stack();
    const { data: record } = await store.entities.jobs.get({ jobId: o.orderId }).go();
    if (!record?.submittedAt) throw new Error("the order was not stored");
    const { activeKey: _k, activeAt: _a, ...base } = record;
    const at = (i: number) => new Date(Date.parse(record.submittedAt ?? "") + (i + 1) * 1000).toISOString();
    const kinds = [
      ["pickup", "completed"],
      ["delivery", "ready_for_pickup"],
      ["pickup", "picked_up"],
      ["pickup", "printing"],
      ["shipping", "completed"],
      ["shipping", "ready_for_shipping"],
      ["shipping", "shipped"],
      ["shipping", "accepted"],
    ] as const;
    const tracked = Array.from({ length: 24 }, (_, i) => {
      const [deliveryMethod, status] = kinds[i % kinds.length]!;
      return { ...base, jobId: `tracked-${String(i).padStart(3, "0")}-${o.orderId}`, submittedAt: at(i), deliveryMethod, status };
    });
    // then more orders than one page looks at, none on either tab
    const busy = Array.from({ length: TAB_LOOK_MAX + 30 }, (_, i) => ({
      ...base,
      jobId: `busy-${String(i).padStart(4, "0")}-${o.orderId}`,
      submittedAt: at(100 + i),
      status: "accepted" as const,
    }));
    await store.entities.jobs.put([...tracked, ...busy] as (typeof base)[]).go({ concurrency: 4 });

    // what the tabs must hold: every order of the printer the rule keeps, newest submission first
    const { data: all } = await store.entities.jobs.query
      .byPrinter({ orderPrinterId: o.printer.printerId })
      .go({ pages: "all", order: "desc" });
    const path = (group: string) => `/api/printers/${o.printer.printerId}/jobs?group=${group}`;
    for (const [group, rule] of [
      ["pickup", isPickupTracked],
      ["shipping", isShippingTracked],
    ] as const) {
      const expected = all.filter((j) => j.status !== "draft" && rule(j)).map((j) => j.jobId);
      expect(expected.length).toBeGreaterThanOrEqual(9);
      const walked = await walkPages<Item>(o.owner.c, path(group), 4);
      expect(walked.items.map((i) => i.id)).toEqual(expected);
      expect(walked.items.every(rule)).toBe(true);
      // the first page looked through the busy orders, found none and said where to go on
      expect(walked.emptyPages).toBeGreaterThanOrEqual(1);
    }

    // a tab's marker is not another's; a group it does not know is a sentence; strangers see nothing
    const first = (await o.owner.c.get(`${path("pickup")}&limit=1`)).json as { nextCursor?: string };
    expect(first.nextCursor).toBeTruthy();
    const crossed = await o.owner.c.get(`${path("shipping")}&limit=1&cursor=${encodeURIComponent(first.nextCursor ?? "")}`);
    expect([crossed.status, crossed.json.code]).toEqual([400, "bad_cursor"]);
    const bad = await o.owner.c.get(path("delivered"));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain("Group must be open, completed, pickup or shipping.");
    expect((await (await stranger(stack())).c.get(path("pickup"))).status).toBe(403);
  });
});
