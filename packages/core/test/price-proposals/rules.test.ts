import { describe, expect, it } from "vitest";
import {
  type AdjustableOrder,
  adjustedPricing,
  captureCents,
  checkAnswer,
  checkProposal,
  needsNewHold,
  orderPriceRange,
  type PricingCents,
  planPriceNotices,
  proposalBounds,
} from "../../src/price-proposals/index.ts";
import { platformFeeCents, priceJob } from "../../src/shared/pricing.ts";
import { quotePrintPriceRange } from "../../src/shared/quote.ts";
import { PRICE_PROPOSALS_PER_ORDER } from "../../src/shared/sizes.ts";

/** 100 g of PLA at $0.02/g, local delivery: subtotal 4.00, fee 2.60, print 6.60, total 11.60. */
const price = priceJob({ grams: 100, material: "PLA", pricePerGram: 0.02, deliveryMethod: "delivery" });
const pricing: PricingCents = {
  subtotalCents: price.subtotalCents,
  platformFeeCents: price.platformFeeCents,
  printerProfitCents: price.printerProfitCents,
  customerPaysCents: price.customerPaysCents,
  deliveryFeeCents: price.deliveryFeeCents,
  totalCents: price.totalCents,
};

const paid: AdjustableOrder = {
  status: "confirmed",
  pricing,
  printPriceRange: { lowCents: 600, highCents: 760 },
  payment: { status: "authorized", amountCents: 1160 },
};
const order = (o: Partial<AdjustableOrder>): AdjustableOrder => ({ ...paid, ...o });
const codeOf = (f: () => unknown) => {
  try {
    f();
    return null;
  } catch (e) {
    return (e as { code?: string }).code ?? String(e);
  }
};

describe("the figures the pricing fixes", () => {
  it("100 g at $0.02/g with local delivery", () => {
    expect(pricing).toEqual({
      subtotalCents: 400,
      platformFeeCents: 260,
      printerProfitCents: 400,
      customerPaysCents: 660,
      deliveryFeeCents: 500,
      totalCents: 1160,
    });
  });
});

describe("the range an order's price may move in", () => {
  it.each<
    [string, Partial<AdjustableOrder>, { lowCents: number; highCents: number } | null, { lowCents: number; highCents: number } | null]
  >([
    ["the print's range plus the delivery it has", {}, { lowCents: 1100, highCents: 1260 }, { lowCents: 1100, highCents: 1260 }],
    [
      "a shipping option chosen at checkout replaces the estimate's delivery",
      { pricing: { ...pricing, deliveryFeeCents: 899, totalCents: 660 + 899 }, payment: { status: "authorized", amountCents: 1559 } },
      { lowCents: 1499, highCents: 1659 },
      { lowCents: 1499, highCents: 1659 },
    ],
    ["no range kept (size-based estimate, or an older order)", { printPriceRange: undefined }, null, null],
  ])("%s", (_, o, range, bounds) => {
    expect(orderPriceRange(order(o))).toEqual(range);
    expect(proposalBounds(order(o))).toEqual(bounds);
  });
});

describe("when the owner may propose a price (checkProposal)", () => {
  it.each<[string, Partial<AdjustableOrder>, number, string | null]>([
    ["a lower price within the range on a paid order", {}, 1100, null],
    ["a price between", {}, 1137, null],
    ["below the range", {}, 1099, "price_outside_range"],
    ["above what the card holds, within the range", {}, 1260, null],
    ["above the range", {}, 1261, "price_outside_range"],
    ["a fraction of a cent", {}, 1100.5, "price_outside_range"],
    ["the price it has", {}, 1160, "price_unchanged"],
    ["not paid yet", { status: "submitted", payment: { status: "pending", amountCents: 1160 } }, 1100, "price_not_adjustable_now"],
    ["already accepted", { status: "accepted", payment: { status: "captured", amountCents: 1160 } }, 1100, "price_not_adjustable_now"],
    ["cancelled", { status: "cancelled", payment: { status: "release_pending", amountCents: 1160 } }, 1100, "price_not_adjustable_now"],
    ["no range", { printPriceRange: undefined }, 1100, "price_not_adjustable"],
    ["a proposal waiting for its answer", { priceProposal: { status: "proposed", count: 1 } }, 1100, "price_proposal_pending"],
    [
      "a higher price accepted, its new hold not paid yet",
      { priceProposal: { status: "awaiting_payment", count: 1 } },
      1100,
      "price_proposal_pending",
    ],
    ["one was agreed already", { priceProposal: { status: "accepted", count: 1 } }, 1100, "price_already_adjusted"],
    ["after a decline", { priceProposal: { status: "declined", count: 1 } }, 1100, null],
    [
      `after ${PRICE_PROPOSALS_PER_ORDER} declined`,
      { priceProposal: { status: "declined", count: PRICE_PROPOSALS_PER_ORDER } },
      1100,
      "price_proposals_used",
    ],
  ])("%s", (_, o, total, code) => {
    expect(codeOf(() => checkProposal(order(o), total))).toBe(code);
  });

  it("says the bounds in dollars", () => {
    expect(() => checkProposal(paid, 5000)).toThrow("between $11.00 and $12.60");
  });
});

describe("when the customer may answer (checkAnswer)", () => {
  it.each<[string, Partial<AdjustableOrder>, string | null]>([
    ["a proposal on a paid order", { priceProposal: { status: "proposed", count: 1 } }, null],
    [
      "accepted at a higher price, its new hold not paid yet (may still decline)",
      { priceProposal: { status: "awaiting_payment", count: 1 } },
      null,
    ],
    ["no proposal", {}, "no_price_proposal"],
    ["answered already", { priceProposal: { status: "declined", count: 1 } }, "no_price_proposal"],
    [
      "the owner accepted meanwhile",
      { status: "accepted", payment: { status: "captured", amountCents: 1160 }, priceProposal: { status: "proposed", count: 1 } },
      "price_not_adjustable_now",
    ],
  ])("%s", (_, o, code) => {
    expect(codeOf(() => checkAnswer(order(o)))).toBe(code);
  });
});

describe("the price at an agreed total (adjustedPricing)", () => {
  it.each<[number]>([[1100], [1101], [1102], [1137], [1159], [1160], [1261], [1500], [700]])("%i cents", (total) => {
    const p = adjustedPricing(pricing, total);
    // the parts add up, delivery is untouched, the owner earns the subtotal
    expect(p.totalCents).toBe(total);
    expect(p.customerPaysCents + p.deliveryFeeCents).toBe(total);
    expect(p.subtotalCents + p.platformFeeCents).toBe(p.customerPaysCents);
    expect(p.printerProfitCents).toBe(p.subtotalCents);
    expect(p.deliveryFeeCents).toBe(500);
    // the fee is the formula's, or one cent less where no whole-cent subtotal fits (the cent goes to the owner)
    expect(platformFeeCents(p.subtotalCents) - p.platformFeeCents).toBeGreaterThanOrEqual(0);
    expect(platformFeeCents(p.subtotalCents) - p.platformFeeCents).toBeLessThanOrEqual(1);
    expect(p.priceAdjustmentCents).toBe(p.subtotalCents - 400);
  });

  it("the order's own total gives its own breakdown back", () => {
    expect(adjustedPricing(pricing, 1160)).toEqual({ ...pricing, priceAdjustmentCents: 0 });
  });

  it("a second adjustment is measured from the estimate, not from the first", () => {
    const once = adjustedPricing(pricing, 1100);
    expect(adjustedPricing(once, 1160).priceAdjustmentCents).toBe(0);
  });
});

describe("whether an agreed price needs a new hold (needsNewHold)", () => {
  it.each<[number, boolean]>([
    [1100, false],
    [1160, false],
    [1161, true],
    [1260, true],
  ])("%i cents on a hold of 1160: %s", (total, needed) => {
    expect(needsNewHold(paid, total)).toBe(needed);
  });
});

describe("what the owner's accept captures (captureCents)", () => {
  it.each<[string, Partial<AdjustableOrder>, number]>([
    ["the whole hold at the order's price", {}, 1160],
    ["less after a lower price was agreed", { pricing: adjustedPricing(pricing, 1100) }, 1100],
    ["never more than held", { pricing: { ...pricing, totalCents: 1300 } }, 1160],
  ])("%s", (_, o, cents) => {
    expect(captureCents(order(o))).toBe(cents);
  });
});

describe("the print's range an order keeps (quotePrintPriceRange)", () => {
  it("is the total's range less the delivery, at both ends", () => {
    const design = {
      estimatedWeight: 100,
      printTimeMinutes: 90,
      numberOfColors: 1,
      range: {
        grams: { low: 94, high: 106 },
        minutes: { low: 72, high: 108 },
        spread: { grams: 0.06, minutes: 0.2 },
        level: "typical" as const,
        reasons: [],
      },
    };
    const r = quotePrintPriceRange(design, { material: "PLA", deliveryMethod: "delivery" }, { pricePerGram: 0.02 });
    expect(r).toEqual({
      lowCents: priceJob({ grams: 94, material: "PLA", pricePerGram: 0.02 }).customerPaysCents,
      highCents: priceJob({ grams: 106, material: "PLA", pricePerGram: 0.02 }).customerPaysCents,
    });
    expect(quotePrintPriceRange({ ...design, range: null }, { material: "PLA", deliveryMethod: "pickup" })).toBeNull();
  });
});

describe("who is told what (planPriceNotices)", () => {
  const base = {
    jobId: "j1",
    orderNumber: "PH-10423",
    fileName: "bracket.stl",
    customerId: "c1",
    ownerId: "o1",
    totalCents: 1100,
    previousTotalCents: 1160,
    reason: "My slicer says 94 g.",
  };
  it("a proposal: the customer, with both prices and the owner's reason", () => {
    const [n, ...rest] = planPriceNotices({ ...base, step: "proposed" });
    expect(rest).toEqual([]);
    expect(n).toMatchObject({ to: "customer", title: "New price proposed" });
    expect(n?.message).toContain("$11.00 instead of $11.60");
    expect(n?.email.quote).toBe("My slicer says 94 g.");
    expect(n?.email.paragraphs.join(" ")).toContain("the rest is released");
  });
  it.each<["accepted" | "declined", string]>([
    ["accepted", "New price accepted"],
    ["declined", "New price declined"],
  ])("an answer (%s): the owner", (step, title) => {
    const notices = planPriceNotices({ ...base, step });
    expect(notices.map((n) => [n.to, n.title])).toEqual([["owner", title]]);
  });
});
