import { describe, expect, it } from "vitest";
import { INBOX_SETTLE_MS, stampOf } from "../../src/inbox/inbox.ts";

describe("stampOf: an inbox stamp is cached only once settled", () => {
  const now = 1_800_000_000_000;
  it.each([
    ["no inbox yet", null, "0"],
    ["never bumped with a time (written before bumpedAt)", { version: 7 }, "7"],
    ["bumped long ago", { version: 7, bumpedAt: now - 60_000 }, "7"],
    ["bumped exactly the settling time ago", { version: 7, bumpedAt: now - INBOX_SETTLE_MS }, "7"],
    ["bumped just now: unique to this read", { version: 7, bumpedAt: now - 10 }, `7~${now}`],
    ["bumped a moment before the settling time ends", { version: 7, bumpedAt: now - INBOX_SETTLE_MS + 1 }, `7~${now}`],
  ])("%s", (_name, inbox, stamp) => {
    expect(stampOf(inbox, now)).toBe(stamp);
  });
  it("an unsettled stamp matches no later read, and the settled one differs from every unsettled one", () => {
    const inbox = { version: 3, bumpedAt: now };
    const reads = [now + 1, now + 500, now + 1999].map((t) => stampOf(inbox, t));
    expect(new Set(reads).size).toBe(3);
    expect(reads).not.toContain(stampOf(inbox, now + INBOX_SETTLE_MS));
  });
});
