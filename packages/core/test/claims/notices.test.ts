import { describe, expect, it } from "vitest";
import { type ClaimChangedDetail, planClaimNotices } from "../../src/claims/notify.ts";

const decided = (outcome: string, refundCents: number, reverseCents?: number): ClaimChangedDetail => ({
  claimId: "c1",
  jobId: "j1",
  orderNumber: "PH-10014",
  fileName: "knob.stl",
  customerId: "u1",
  ownerId: "u2",
  step: "decided",
  reason: "damaged",
  remedy: "refund",
  response: null,
  decision: {
    outcome,
    by: "staff",
    reason: "The photos show a crack.",
    refundCents,
    ...(reverseCents === undefined ? {} : { reverseCents }),
  },
});

// A decision tells each side what happens to their own money.
describe("a claim's decision, as each side reads it", () => {
  it.each([
    [
      "refund_partial",
      300,
      300,
      "$3.00 is refunded to your card.",
      "$3.00 is refunded to the customer's card, and $3.00 of your earning for it is taken back.",
    ],
    [
      "refund_full",
      1200,
      900,
      "$12.00 is refunded to your card.",
      "$12.00 is refunded to the customer's card, and $9.00 of your earning for it is taken back.",
    ],
    // An event sent before the earning was told: the owner reads the refund alone.
    ["refund_partial", 300, undefined, "$3.00 is refunded to your card.", "$3.00 is refunded to the customer's card."],
    ["reject", 0, 0, "the claim is rejected; no refund is made.", "the claim is rejected; no refund is made."],
    ["reprint", 0, 0, "the part will be reprinted.", "the part will be reprinted."],
  ])("%s of %i cents (%s taken back)", (outcome, refund, reverse, customer, owner) => {
    const notices = planClaimNotices(decided(outcome, refund, reverse));
    const to = (who: string) => notices.find((n) => n.to === who);
    expect(to("customer")?.message).toBe(`Printhood decided on knob.stl (PH-10014): ${customer}`);
    expect(to("owner")?.message).toBe(`Printhood decided on knob.stl (PH-10014): ${owner}`);
    expect(notices.every((n) => n.always)).toBe(true);
  });
});
