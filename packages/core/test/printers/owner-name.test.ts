import { describe, expect, it } from "vitest";
import { copiedOwner, ownerNameCopy, ownersOf } from "../../src/printers/owner-name.ts";
import { type PrinterRecord, presentPrinter } from "../../src/printers/present.ts";

/**
 * A printer carries a copy of its owner's public name (issue 23), so the finder shows it without
 * reading the owner; a printer written before the copy existed is shown from its owner as read.
 */
const printer = (over: Partial<PrinterRecord> = {}): PrinterRecord => ({
  printerId: "p1",
  ownerId: "u1",
  name: "Garage Prusa",
  model: "Prusa i3 MK3S+",
  city: "Loveland",
  state: "CO",
  buildVolumeX: 250,
  buildVolumeY: 210,
  buildVolumeZ: 210,
  materials: ["PLA"],
  pricePerGram: 0.05,
  isAvailable: true,
  ratingTotal: 0,
  totalReviews: 0,
  totalJobs: 0,
  createdAt: "2026-11-26T00:00:00.000Z",
  ...over,
});

describe("the owner's name on a printer (printers/owner-name.ts)", () => {
  it("is shown from the printer's copy, whatever owner was read", () => {
    const p = printer(ownerNameCopy({ username: "ada", firstName: "Ada" }));
    expect(presentPrinter(p, { username: "stale", firstName: "Old", lastName: "Name" }).owner).toEqual({
      username: "ada",
      firstName: "Ada",
      lastName: null,
    });
    expect(presentPrinter(p, undefined).owner).toEqual({ username: "ada", firstName: "Ada", lastName: null });
  });

  it("falls back to the owner as read for a printer without the copy", () => {
    const p = printer();
    expect(copiedOwner(p)).toBeUndefined();
    expect(presentPrinter(p, { username: "grace", firstName: "Grace", lastName: "Hopper" }).owner).toEqual({
      username: "grace",
      firstName: "Grace",
      lastName: "Hopper",
    });
    expect(presentPrinter(p, undefined).owner).toEqual({ username: "unknown", firstName: null, lastName: null });
  });

  it("reads no owner when every printer carries the copy", async () => {
    // A store that fails any read: ownersOf must not touch it.
    const store = { entities: { users: { get: () => Promise.reject(new Error("read an owner")) } } } as never;
    const owners = await ownersOf(store, [
      printer({ ...ownerNameCopy({ username: "ada" }) }),
      printer({ printerId: "p2", ownerUsername: "ada" }),
    ]);
    expect(owners.size).toBe(0);
  });
});
