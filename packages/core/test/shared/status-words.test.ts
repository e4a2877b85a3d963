import { describe, expect, it } from "vitest";
import { orderConfirmation } from "../../src/email/templates.ts";
import { statusInWords } from "../../src/shared/words.ts";

describe("an order's status in words", () => {
  it.each([
    ["ready_for_pickup", "pickup", "ready for pickup"],
    ["ready_for_pickup", "delivery", "ready for delivery"],
    ["picked_up", "pickup", "picked up"],
    ["picked_up", "delivery", "delivered"],
    ["picked_up", undefined, "picked up"],
    ["ready_for_shipping", "shipping", "ready for shipping"],
    ["printing", "delivery", "printing"],
  ] as const)("%s with %s reads %j", (status, method, words) => {
    expect(statusInWords(status, method)).toBe(words);
  });

  it("an e-mail's details say a local delivery's status as a delivery", () => {
    const mail = orderConfirmation({
      jobId: "j-1",
      orderLabel: "PH-10001",
      fileName: "box.stl",
      material: "PLA",
      filamentColor: "Black",
      deliveryMethod: "delivery",
      status: "ready_for_pickup",
      printerName: "Maria's Prusa",
      totalCents: 123456,
    } as never);
    expect(mail.details).toContainEqual(["Status", "Ready for delivery"]);
    expect(mail.details).toContainEqual(["Total", "$1,234.56"]);
  });
});
