import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { cancelledByStaffToOwner, moneyBack, suspensionWords } from "../../src/email/staff-templates.ts";
import { statusUpdate } from "../../src/email/templates.ts";
import { jobStatusDetail, planJobStatus } from "../../src/events/notify.ts";
import { cursorKey } from "../../src/paging/cursor.ts";
import { reportInput } from "../../src/reports/schemas.ts";
import { isPubliclyListed } from "../../src/shared/listing.ts";
import { decodeCursor, encodeCursor } from "../../src/staff/cursor.ts";
import { CANCELLED_ON_SUSPENSION } from "../../src/staff/suspend.ts";
import { totpStep, totpUri } from "../../src/staff/totp.ts";

// RFC 6238 appendix B's SHA-1 secret, "12345678901234567890" in base32; its 8-digit codes' last six digits are the 6-digit codes.
const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

describe("TOTP (RFC 6238)", () => {
  it.each([
    [59, "287082", 1],
    [1111111109, "081804", 37037036],
    [1111111111, "050471", 37037037],
    [1234567890, "005924", 41152263],
    [2000000000, "279037", 66666666],
  ])("at %i s the code %s is step %i", async (seconds, code, step) => {
    expect(await totpStep(RFC_SECRET, code, new Date(seconds * 1000))).toBe(step);
  });

  it("takes a code one step either side of now, not two; and only six digits", async () => {
    const now = new Date(1_700_000_000_000);
    const at = (steps: number) => generate({ secret: RFC_SECRET, epoch: now.getTime() / 1000 + steps * 30 });
    const base = Math.floor(now.getTime() / 30_000);
    expect(await totpStep(RFC_SECRET, await at(-1), now)).toBe(base - 1);
    expect(await totpStep(RFC_SECRET, await at(1), now)).toBe(base + 1);
    expect(await totpStep(RFC_SECRET, await at(2), now)).toBeNull();
    expect(await totpStep(RFC_SECRET, await at(-2), now)).toBeNull();
    const right = await at(0);
    expect(await totpStep(RFC_SECRET, `${right.slice(0, 3)} ${right.slice(3)}`, now)).toBe(base);
    for (const junk of ["", "12345", "1234567", "abcdef", "12345a"]) expect(await totpStep(RFC_SECRET, junk, now)).toBeNull();
  });

  it("writes the otpauth URI authenticator apps read", () => {
    expect(totpUri("staff@printhood.local", RFC_SECRET)).toMatch(
      /^otpauth:\/\/totp\/Printhood:staff%40printhood\.local\?(?=.*secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ)(?=.*issuer=Printhood)/,
    );
  });
});

describe("the staff lists' page marker", () => {
  it("reads back what it wrote and refuses anything else with bad_cursor", () => {
    const key = cursorKey("a secret of sixteen characters or more");
    const at = "2026-11-25T10:00:00.000Z";
    expect(decodeCursor(key, "audit:", encodeCursor(key, "audit:", at, "abc"))).toEqual({ at, id: "abc" });
    for (const forged of [
      "",
      "not base64 {",
      Buffer.from('{"pk":"x"}').toString("base64url"),
      Buffer.from('{"at":"yesterday","id":"a"}').toString("base64url"),
      // Another list's marker, and one signed with another key.
      encodeCursor(key, "reports", at, "abc"),
      encodeCursor(cursorKey("another secret of sixteen characters"), "audit:", at, "abc"),
    ]) {
      expect(() => decodeCursor(key, "audit:", forged), forged).toThrow(expect.objectContaining({ code: "bad_cursor" }));
    }
  });
});

describe("suspension", () => {
  // A printer is listed once it passed the quality test (issue 21 point 1), and while nothing is suspended.
  it.each([
    [{ verification: "verified" as const }, true],
    [{ verified: true }, true],
    [{}, false],
    [{ verification: "awaiting_review" as const }, false],
    [{ verification: "retry_requested" as const }, false],
    [{ verification: "verified" as const, suspendedAt: "2026-01-01T00:00:00Z" }, false],
    [{ verification: "verified" as const, ownerSuspendedAt: "2026-01-01T00:00:00Z" }, false],
  ])("a printer %o is listed: %s", (flags, listed) => {
    expect(isPubliclyListed(flags)).toBe(listed);
  });

  it("cancels an owner's orders until the part exists and a customer's until printing starts", () => {
    expect(CANCELLED_ON_SUSPENSION.owner).toEqual(["submitted", "confirmed", "accepted", "printing"]);
    expect(CANCELLED_ON_SUSPENSION.customer).toEqual(["submitted", "confirmed", "accepted"]);
  });

  const told = (reason: string, from: string) =>
    planJobStatus(
      jobStatusDetail.parse({
        jobId: "j",
        customerId: "c",
        ownerId: "o",
        fileName: "bracket.stl",
        orderNumber: "PH-1",
        to: "cancelled",
        actor: "staff",
        from,
        reason,
      }),
    );

  it.each([
    [
      "owner_suspended",
      "accepted",
      "the printer's owner can no longer take orders on Printhood. Your payment is refunded in full.",
      "your account is suspended. The customer's payment is refunded in full, so this order earns nothing.",
    ],
    [
      "printer_suspended",
      "confirmed",
      "the printer can no longer take orders. The hold on your card is released; nothing was charged.",
      "your printer is suspended and cannot take orders. You do not need to print it.",
    ],
    [
      "customer_suspended",
      "printing",
      "your account is suspended. Your payment is refunded in full.",
      "the customer's account is suspended. The customer's payment is refunded in full, so this order earns nothing.",
    ],
    [
      "owner_suspended",
      "submitted",
      "the printer's owner can no longer take orders on Printhood. Nothing was charged.",
      "your account is suspended. You do not need to print it.",
    ],
  ])("%s from %s: both sides are told, each in their words", (reason, from, customer, owner) => {
    const p = told(reason, from);
    expect(p.notifications).toEqual([
      expect.objectContaining({
        to: "customer",
        title: "Order cancelled by Printhood",
        message: `We cancelled bracket.stl (PH-1): ${customer}`,
      }),
      expect.objectContaining({ to: "owner", title: "Order cancelled by Printhood", message: `We cancelled bracket.stl (PH-1): ${owner}` }),
    ]);
    expect(p.emails.map((e) => `${e.to}:${e.kind}`)).toEqual(["customer:orderUpdates", "owner:newOrders"]);
  });

  it("e-mails both sides the same facts", () => {
    const facts = {
      jobId: "j",
      orderLabel: "PH-1",
      fileName: "bracket.stl",
      material: "PLA",
      filamentColor: "Black",
      deliveryMethod: "pickup",
      status: "cancelled_by_staff",
      previousStatus: "accepted",
      reason: "owner_suspended",
      specialInstructions: "",
      printerName: "Old Town Print Shop",
      totalCents: 660,
    };
    const toCustomer = statusUpdate("cancelled_by_staff", facts);
    expect(toCustomer.subject).toBe("Order cancelled by Printhood: bracket.stl");
    expect(toCustomer.paragraphs[0]).toBe(
      "We cancelled bracket.stl (PH-1) on Old Town Print Shop: the printer's owner can no longer take orders on Printhood. Your payment is refunded in full. You can send the same design to another printer.",
    );
    expect(cancelledByStaffToOwner(facts).paragraphs).toEqual([
      "We cancelled bracket.stl (PH-1) on Old Town Print Shop: your account is suspended.",
      moneyBack("accepted", "owner"),
    ]);
    expect(suspensionWords(undefined, "customer")).toBe(suspensionWords("owner_suspended", "customer"));
  });
});

describe("a report's input", () => {
  const ok = (body: Record<string, unknown>) => reportInput.safeParse({ orderId: "PH-1", ...body });
  it.each([
    [{ kind: "message", messageId: "m1", reason: "spam" }, true],
    [{ kind: "account", reason: "harassment" }, true],
    [{ kind: "account", reason: "other", details: "They keep calling me" }, true],
    [{ kind: "message", reason: "spam" }, false],
    [{ kind: "account", messageId: "m1", reason: "spam" }, false],
    [{ kind: "account", reason: "other" }, false],
    [{ kind: "account", reason: "other", details: "   " }, false],
    [{ kind: "account", reason: "rude" }, false],
    [{ kind: "account", reason: "spam", isStaff: true }, false],
    [{ kind: "account", reason: "spam", details: "x".repeat(1001) }, false],
  ])("%o is accepted: %s", (body, accepted) => {
    expect(ok(body).success).toBe(accepted);
  });
});
