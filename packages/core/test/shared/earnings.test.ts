import { describe, expect, it } from "vitest";
import { earningsCents, handedOverMoney, ledgerEarningsCents, orderEarningsCents, orderMoney } from "../../src/shared/earnings.ts";
import { JOB_STATUSES } from "../../src/shared/lifecycle.ts";

const pricing = (printerProfitCents: number, deliveryFeeCents: number, platformFeeCents = 300) => ({
  printerProfitCents,
  deliveryFeeCents,
  platformFeeCents,
  totalCents: printerProfitCents + deliveryFeeCents + platformFeeCents,
});
const job = (status: string, profit: number, delivery = 0) => ({ status, pricing: pricing(profit, delivery) });

describe("an owner's earnings, defined once", () => {
  it("earns the owner the print plus the delivery fee or shipping cost of an order", () => {
    expect(orderEarningsCents({ printerProfitCents: 1234, deliveryFeeCents: 0 })).toBe(1234);
    expect(orderEarningsCents({ printerProfitCents: 1234, deliveryFeeCents: 500 })).toBe(1734);
  });

  it("splits what the customer paid into the platform's fee and what the owner earns", () => {
    const money = orderMoney(pricing(1000, 520, 350));
    expect(money).toEqual({ customerPaidCents: 1870, platformFeeCents: 350, ownerEarningsCents: 1520 });
    expect(money.platformFeeCents + money.ownerEarningsCents).toBe(money.customerPaidCents);
  });

  it.each(JOB_STATUSES.map((s) => [s] as const))("counts a %s order only once it is accepted and not closed", (status) => {
    const earning = !["draft", "submitted", "confirmed", "cancelled", "rejected"].includes(status);
    expect(earningsCents([job(status, 1000, 500)])).toBe(earning ? 1500 : 0);
  });

  it("adds up: the lists' totals make the whole, whichever way the orders are split", () => {
    const orders = [
      job("accepted", 900),
      job("printing", 400, 500),
      job("completed", 1000),
      job("ready_for_pickup", 250),
      job("shipped", 300, 610),
    ];
    const whole = earningsCents(orders);
    const parts = [orders.slice(0, 2), orders.slice(2, 3), orders.slice(3)].map(earningsCents);
    expect(parts.reduce((a, b) => a + b)).toBe(whole);
    expect(whole).toBe(900 + 900 + 1000 + 250 + 910);
  });

  it("gives the handed-over orders' earnings beside what their customers paid", () => {
    expect(handedOverMoney([job("printing", 1000), job("picked_up", 700, 500), job("shipped", 300, 610), job("cancelled", 4000)])).toEqual({
      earningsCents: 1200 + 910,
      customersPaidCents: 1500 + 1210,
    });
  });

  it("sums the ledger's entries that still count (a refunded order's entry is void)", () => {
    const entry = (status: string, ownerEarningsCents: number) => ({ status, ownerEarningsCents });
    expect(ledgerEarningsCents([entry("pending", 900), entry("available", 1000), entry("void", 5000)])).toBe(1900);
  });
});
