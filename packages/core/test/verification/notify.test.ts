import { describe, expect, it } from "vitest";
import { renderEmail } from "../../src/email/render.ts";
import { verificationEmail, verificationNotification } from "../../src/verification/notify.ts";

const decided = (over: Partial<Parameters<typeof verificationEmail>[0]> = {}) => ({
  verificationId: "v1",
  printerId: "p1",
  ownerId: "u1",
  printerName: "Garage Prusa",
  decision: "approve" as const,
  note: null,
  ...over,
});

describe("what the owner is told about their quality test", () => {
  it("approval: listed with a Verified badge, back to the dashboard", () => {
    const email = renderEmail(verificationEmail(decided()), { recipientName: "Ana", siteUrl: "https://ph.test", reason: "r" });
    expect(email.subject).toBe("Garage Prusa passed the quality test");
    expect(email.text).toContain("Verified badge");
    expect(email.text).toContain("https://ph.test/printer-dashboard");
    expect(verificationNotification(decided())).toMatchObject({ title: "Quality test passed", link: "/printer-dashboard" });
  });

  it("a new attempt: staff's note, word for word, and the link to the test", () => {
    const note = "Your X dimensions are 0.8 mm short: calibrate the X steps/mm, then print again.";
    const email = renderEmail(verificationEmail(decided({ decision: "retry", note })), {
      recipientName: "Ana",
      siteUrl: "https://ph.test",
      reason: "r",
    });
    expect(email.subject).toBe("Quality test for Garage Prusa: please try again");
    expect(email.text).toContain(`> ${note}`);
    expect(email.html).toContain("calibrate the X steps/mm");
    expect(email.text).toContain("https://ph.test/quality-test/p1");
    expect(verificationNotification(decided({ decision: "retry", note }))).toMatchObject({ link: "/quality-test/p1" });
  });
});
