import { join } from "node:path";
import { centsToDecimal, formatCents } from "@printhood/core/shared/pricing";
import { generate } from "otplib";
import type { Page } from "playwright-core";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD, DEMO_STAFF, type LocalStack } from "../src/index.ts";
import { inboxOf } from "../src/ses.ts";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { shots, signUp, useBrowserStack } from "./browser.ts";
import { checkDialog } from "./keyboard.ts";
import { newCustomer, ok, person, placePaidOrder, poll } from "./orders.ts";
import { phonePhoto } from "./photos.ts";
import { passTestAsDemoStaff } from "./quality.ts";

const { stack, browser } = useBrowserStack();

/** The Stripe SDK pointed at the stand-in: what really happened to the money. */
function stripeOf(s: LocalStack) {
  const u = new URL(s.endpoints.stripe);
  return new Stripe(process.env.STRIPE_SECRET_KEY ?? "", { host: u.hostname, port: Number(u.port), protocol: "http", telemetry: false });
}

/** A new owner with one printer that passed the quality test: their figures are this journey's alone. */
async function newOwner(page: Page, tag: string) {
  const id = `${tag}${Date.now().toString(36)}`;
  const email = `owner_${id}@example.com`;
  await signUp(page, stack().url, { username: `owner_${id}`, email, password: "a long journey password" });
  const me = await ok<{ id: string }>(page, "GET", "/api/auth/user");
  await ok(page, "PATCH", `/api/users/${me.id}`, { firstName: "Robin", lastName: "Okafor" });
  const printer = await ok<{ id: string; name: string }>(page, "POST", "/api/printers", {
    name: `Claims Journey ${id}`,
    model: "Prusa i3 MK3S+",
    city: "Loveland",
    state: "CO",
    zipCode: "80537",
    buildVolumeX: 250,
    buildVolumeY: 210,
    buildVolumeZ: 210,
    materials: ["PLA"],
    pricePerGram: 0.025,
    filamentInventory: [{ material: "PLA", color: "Black", inStock: true }],
  });
  await passTestAsDemoStaff(stack(), printer.id);
  return { id: me.id, email, printer };
}

/** The payouts tab's figure under `label` (its card: label, amount, note). */
const balance = (page: Page, label: string) =>
  page.getByRole("region", { name: "Balances" }).getByText(label, { exact: true }).locator("xpath=..").innerText();

/**
 * The money-back guarantee end to end (issue 21 point 8), in three browsers: the owner completes
 * the order with a photo of the finished part, the customer picks it up and opens a claim with a
 * photo, the owner disputes it, and staff (signed in with TOTP) refund half with a reason. Then
 * Stripe's refund, the owner's payouts tab, both e-mails and the audit log all say the same. Each
 * new screen and dialog is checked with axe, and each dialog keeps the focus and closes on Escape.
 */
describe("a claim from the finished part to staff's decision", () => {
  it("complete with a photo, picked up, claim, dispute, staff refund half: Stripe, the ledger, the e-mails and the audit log agree", async () => {
    const url = stack().url;
    const owner = await person(browser());
    const customer = await person(browser());
    const robin = await newOwner(owner.page, "cl");
    const buyer = await newCustomer(stack(), customer.page, "cl");
    const order = await placePaidOrder(stack(), customer.page, robin.printer.id, "pickup", "claim-bracket.stl");

    // The owner accepts and prints; Mark Complete asks for a photo of the finished part first.
    await owner.page.goto(`${url}/printer-dashboard`);
    const card = (section: string) =>
      owner.page.getByRole("region", { name: section, exact: true }).getByRole("article", { name: order.orderNumber, exact: true });
    await poll(() => card("New Order Requests").count()).toBe(1);
    await card("New Order Requests").getByRole("button", { name: "Accept", exact: true }).click();
    await owner.page.getByRole("dialog", { name: "Accept Order" }).getByRole("button", { name: "Accept Order" }).click();
    const start = card("Active Orders").getByRole("button", { name: "Start Printing" });
    await poll(() => start.count()).toBe(1);
    await start.click();
    const complete = card("Active Orders").getByRole("button", { name: "Mark Complete" });
    await poll(() => complete.count()).toBe(1);
    await checkDialog(owner.page, complete, "Mark Complete");
    // Without a photo the dialog says why and sends nothing.
    await complete.click();
    const completeDialog = owner.page.getByRole("dialog", { name: "Mark Complete" });
    await completeDialog.getByRole("button", { name: "Mark Complete" }).click();
    await poll(() => completeDialog.getByRole("alert").innerText()).toContain("Please add at least one photo of the finished part");
    await completeDialog.getByLabel("Photos of the finished part").setInputFiles({
      name: "bracket-done.jpg",
      mimeType: "image/jpeg",
      buffer: await phonePhoto("bracket, finished"),
    });
    await poll(() => completeDialog.getByTestId("photo-tile").getByText("Ready", { exact: true }).count()).toBe(1);
    await expectNoSeriousA11yViolations(owner.page, "Mark Complete with a photo");
    await owner.page.screenshot({ path: join(shots, "claims-mark-complete.png") });
    await completeDialog.getByRole("button", { name: "Mark Complete" }).click();
    await poll(() => completeDialog.count()).toBe(0);
    await poll(() => card("Completed Orders").getByRole("button", { name: "Ready for Pickup" }).count()).toBe(1);
    await card("Completed Orders").getByRole("button", { name: "Ready for Pickup" }).click();
    await poll(() => card("Ready for Pickup or Shipping").getByRole("button", { name: "Mark Picked Up" }).count()).toBe(1);
    await card("Ready for Pickup or Shipping").getByRole("button", { name: "Mark Picked Up" }).click();
    await poll(async () => (await ok<{ status: string }>(customer.page, "GET", `/api/print-jobs/${order.orderId}`)).status).toBe(
      "picked_up",
    );
    const placed = await ok<{
      claimWindowEndsAt: string;
      completionPhotoIds: string[];
      pricing: { totalCents: number; printerProfitCents: number; deliveryFeeCents: number };
    }>(customer.page, "GET", `/api/print-jobs/${order.orderId}`);
    expect(placed.completionPhotoIds).toHaveLength(1);
    const earned = placed.pricing.printerProfitCents + placed.pricing.deliveryFeeCents;

    // Picked up: the owner's earning is held, with the day it frees up.
    await owner.page.goto(`${url}/printer-tracking?tab=payouts`);
    await poll(() => balance(owner.page, "Held")).toContain(formatCents(earned));
    expect(await balance(owner.page, "Available")).toContain("$0.00");
    await poll(() => owner.page.getByText(/Frees up on /).count()).toBe(1);
    expect(await owner.page.getByText("Only available money can be paid out.", { exact: false }).count()).toBe(1);
    await expectNoSeriousA11yViolations(owner.page, "payouts: held");
    await owner.page.screenshot({ path: join(shots, "claims-payouts-held.png"), fullPage: true });

    // The customer's order page: the photo of the finished part, Received, looks good, and the guarantee's window.
    const c = customer.page;
    await c.goto(`${url}/order/${order.orderId}`);
    const guarantee = c.getByRole("region", { name: "Your part and the money-back guarantee" });
    await poll(() => guarantee.getByRole("button", { name: /Photos of your finished part: photo 1 of 1/ }).count()).toBe(1);
    expect(await guarantee.getByRole("button", { name: "Received, looks good" }).count()).toBe(1);
    expect(await guarantee.innerText()).toContain("you can open a claim until");
    await poll(() =>
      guarantee
        .getByRole("button", { name: /photo 1 of 1/ })
        .locator("img")
        .evaluate((img) => (img as HTMLImageElement).naturalWidth),
    ).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(c, "order page: the finished part and the guarantee");
    await c.screenshot({ path: join(shots, "claims-customer-order.png"), fullPage: true });
    await checkDialog(c, guarantee.getByRole("button", { name: /photo 1 of 1/ }), "Photos of your finished part: photo 1 of 1");
    await checkDialog(c, guarantee.getByRole("button", { name: "Open a claim" }), "Open a claim");

    // Open a claim: poor quality, what happened, a photo, a refund.
    await guarantee.getByRole("button", { name: "Open a claim" }).click();
    const claimDialog = c.getByRole("dialog", { name: "Open a claim" });
    await claimDialog.getByLabel("Poor print quality").check();
    await claimDialog.getByLabel("Describe the problem").fill("The layers split along the long side and the holes are 1 mm too small.");
    await claimDialog.getByLabel("Photos of the problem").setInputFiles({
      name: "split-layers.jpg",
      mimeType: "image/jpeg",
      buffer: await phonePhoto("split layers"),
    });
    await poll(() => claimDialog.getByTestId("photo-tile").getByText("Ready", { exact: true }).count()).toBe(1);
    await claimDialog.getByLabel("A refund").check();
    await expectNoSeriousA11yViolations(c, "Open a claim, filled");
    await c.screenshot({ path: join(shots, "claims-open-claim.png") });
    await claimDialog.getByRole("button", { name: "Open claim" }).click();
    await poll(() => claimDialog.count()).toBe(0);
    await poll(() => guarantee.getByText("Waiting for the printer owner", { exact: true }).count()).toBe(1);
    expect(await guarantee.getByRole("button", { name: "Received, looks good" }).count()).toBe(0);
    expect(await guarantee.getByRole("button", { name: "Open a claim" }).count()).toBe(0);
    await expectNoSeriousA11yViolations(c, "order page: the claim waiting for the owner");

    // The owner's earning is frozen at once.
    await owner.page.reload();
    await poll(() => balance(owner.page, "Frozen")).toContain(formatCents(earned));
    expect(await balance(owner.page, "Held")).toContain("$0.00");
    expect(await owner.page.getByText("Frozen (claim open)").count()).toBe(1);

    // The owner disputes it on the order page.
    const o = owner.page;
    await o.goto(`${url}/order/${order.orderId}`);
    const claimPanel = o.getByRole("region", { name: "Claim under the money-back guarantee" });
    await poll(() => claimPanel.getByRole("button", { name: "Answer the claim" }).count()).toBe(1);
    expect(await claimPanel.innerText()).toContain("The layers split along the long side");
    // The photos load after the claim's card (their own request), so wait for them.
    await poll(() => claimPanel.getByRole("button", { name: /The customer's photos: photo 1 of 1/ }).count()).toBe(1);
    await expectNoSeriousA11yViolations(o, "owner's order page with the claim");
    await o.screenshot({ path: join(shots, "claims-owner-order.png"), fullPage: true });
    await checkDialog(o, claimPanel.getByRole("button", { name: "Answer the claim" }), "Answer the claim");
    await claimPanel.getByRole("button", { name: "Answer the claim" }).click();
    const answer = o.getByRole("dialog", { name: "Answer the claim" });
    await answer.getByLabel("Dispute the claim").check();
    await answer.getByLabel("Message to the customer").fill("The part left here whole; my photo shows it. The holes match the file.");
    await expectNoSeriousA11yViolations(o, "Answer the claim, filled");
    await answer.getByRole("button", { name: "Send answer" }).click();
    await poll(() => answer.count()).toBe(0);
    await poll(() => claimPanel.getByText("Under review by Printhood", { exact: true }).count()).toBe(1);

    // Staff sign in with their code, read both sides in the queue and refund half with a reason.
    const staff = await person(browser());
    const s = staff.page;
    await s.goto(`${url}/auth`);
    await s.getByLabel("Email").fill(DEMO_STAFF.email);
    await s.getByLabel("Password").fill(DEMO_PASSWORD);
    await s.getByRole("button", { name: "Sign In", exact: true }).click();
    await poll(() => s.getByLabel("Authenticator code").count()).toBe(1);
    await s.getByLabel("Authenticator code").fill(await generate({ secret: DEMO_STAFF.totpSecret }));
    await s.getByRole("button", { name: "Sign In", exact: true }).click();
    await s.waitForURL("**/staff");
    await s.getByRole("link", { name: "Open claims" }).click();
    const queued = s.getByRole("article", { name: `Claim on ${order.orderNumber}` });
    await poll(() => queued.count()).toBe(1);
    const text = await queued.innerText();
    for (const fact of [
      "The layers split along the long side",
      "The part left here whole; my photo shows it.",
      "Disputed the claim",
      buyer.email,
      robin.email,
      formatCents(placed.pricing.totalCents),
    ])
      expect(text, fact).toContain(fact);
    // The customer's photo and the owner's photo of the finished part, each openable.
    await poll(() => queued.getByRole("button", { name: /photo 1 of 1 \(open large\)/ }).count()).toBe(2);
    await expectNoSeriousA11yViolations(s, "staff console: open claims");
    await s.screenshot({ path: join(shots, "claims-staff-queue.png"), fullPage: true });
    await checkDialog(s, queued.getByRole("button", { name: "Decide" }), `Decide the claim on ${order.orderNumber}`);
    const half = Math.floor(placed.pricing.totalCents / 2);
    const reason = "The photos show split layers on the long side; the holes match the file. Half the price back.";
    await queued.getByRole("button", { name: "Decide" }).click();
    const decide = s.getByRole("dialog", { name: `Decide the claim on ${order.orderNumber}` });
    await decide.getByLabel("Refund part").check();
    await decide.getByLabel("Amount to refund (dollars)").fill(centsToDecimal(half));
    await decide.getByLabel(/^Reason/).fill(reason);
    await expectNoSeriousA11yViolations(s, "the decision, filled");
    await s.screenshot({ path: join(shots, "claims-staff-decision.png") });
    await decide.getByRole("button", { name: "Send decision" }).click();
    await poll(() => decide.count()).toBe(0);
    await poll(() => s.getByText("No claims are open.").count()).toBe(1);

    // The other new staff screens: Money owed (nothing stuck) and Refund by hand in the look-up.
    await s.getByRole("link", { name: "Money owed" }).click();
    await poll(() => s.getByText(/No money is owed/).count()).toBe(1);
    await expectNoSeriousA11yViolations(s, "staff console: money owed");
    await s.goto(`${url}/staff?tab=lookup&q=${encodeURIComponent(order.orderNumber)}`);
    const refund = s.getByRole("button", { name: `Refund ${order.orderNumber}` });
    await poll(() => refund.count()).toBe(1);
    await expectNoSeriousA11yViolations(s, "staff console: look-up with Refund");
    await checkDialog(s, refund, `Refund ${order.orderNumber}`);
    await stack().idle();

    // Stripe refunded exactly half of the captured payment, once.
    const { data: job } = await stack().store.entities.jobs.get({ jobId: order.orderId }).go({ consistent: true });
    const intentId = job?.payment?.intentId;
    expect(intentId).toBeTruthy();
    const refunds = await stripeOf(stack()).refunds.list({ payment_intent: intentId as string });
    expect(refunds.data.map((r) => [r.amount, r.status])).toEqual([[half, "succeeded"]]);

    // The ledger: the owner's earning is free again, less what the refund took back.
    const reversed = Math.min(half, earned);
    const payouts = await ok<{
      availableCents: number;
      heldCents: number;
      frozenCents: number;
      ledger: { jobId: string; status: string; reversedCents: number }[];
    }>(o, "GET", `/api/users/${robin.id}/payouts`);
    expect(payouts).toMatchObject({ availableCents: earned - reversed, heldCents: 0, frozenCents: 0 });
    expect(payouts.ledger.find((e) => e.jobId === order.orderId)).toMatchObject({ status: "available", reversedCents: reversed });
    await o.goto(`${url}/printer-tracking?tab=payouts`);
    await poll(() => balance(o, "Available")).toContain(formatCents(earned - reversed));
    expect(await balance(o, "Frozen")).toContain("$0.00");
    expect(await o.getByText("Taken back for refunds", { exact: true }).locator("xpath=..").innerText()).toContain(formatCents(-reversed));
    await expectNoSeriousA11yViolations(o, "payouts after the decision");
    await o.screenshot({ path: join(shots, "claims-payouts-after.png"), fullPage: true });

    // The customer reads the decision and its reason; the refund has landed.
    await c.reload();
    await poll(() => guarantee.getByText("Refunded", { exact: true }).count()).toBe(1);
    const decided = await guarantee.innerText();
    expect(decided).toContain(`Refunded in part: ${formatCents(half)} back to the customer's card`);
    expect(decided).toContain("Decided by Printhood");
    expect(decided).toContain(reason);
    await expectNoSeriousA11yViolations(c, "order page: the decision");
    await c.screenshot({ path: join(shots, "claims-customer-decided.png"), fullPage: true });

    // Both sides were e-mailed the decision with its reason and the amount.
    // Each is told of their own money: the customer's card, the owner's earning.
    for (const [address, words] of [
      [buyer.email, `${formatCents(half)} is refunded to your card.`],
      [robin.email, `${formatCents(half)} is refunded to the customer's card, and `],
    ] as const) {
      const mail = (await inboxOf(stack().endpoints.ses, address)).find((m) => m.subject.startsWith("Claim refunded in part"));
      expect(mail, address).toBeDefined();
      expect(mail?.body.text).toContain(reason);
      expect(mail?.body.text).toContain(words);
    }
    expect(
      (await inboxOf(stack().endpoints.ses, robin.email)).find((m) => m.subject.startsWith("Claim refunded in part"))?.body.text,
    ).toMatch(/of your earning for it is taken back\./);

    // The audit log: who decided, why, and how much, on this claim.
    const claimId = (await ok<{ claim: { id: string } }>(c, "GET", `/api/print-jobs/${order.orderId}`)).claim.id;
    const audit = await ok<{ entries: { action: string; staffEmail: string; reason: string; details: Record<string, unknown> }[] }>(
      s,
      "GET",
      `/api/staff/audit?targetId=${claimId}`,
    );
    expect(audit.entries).toHaveLength(1);
    expect(audit.entries[0]).toMatchObject({
      action: "claim.decide",
      staffEmail: DEMO_STAFF.email,
      reason,
      details: { outcome: "refund_partial", amountCents: half, orderId: order.orderId },
    });

    for (const p of [owner, customer, staff]) {
      expect(p.errors).toEqual([]);
      await p.context.close();
    }
  }, 420_000);
});
