import { inboxOf } from "@printhood/local/ses";
import { describe, expect, it } from "vitest";
import { newUser, TestClient } from "./client.ts";
import { draftBody, printerNamed, uploadDesign } from "./designs.ts";
import { moneyEvents, orderWithOwner, ownerSignedIn, ownerStep, pay, signIn } from "./orders.ts";
import { useStack } from "./stack.ts";
import { staffSignedIn } from "./staff.ts";

const stack = useStack({ seed: true });
const inbox = (address: string) => inboxOf(stack().endpoints.ses, address);

/** An order to `printer` moved by its owner to `status` (pay, accept, start printing, complete). */
async function orderAt(status: "submitted" | "confirmed" | "accepted" | "printing" | "completed", printer: string, ownerEmail: string) {
  const o = await orderWithOwner(stack(), printer, ownerEmail);
  const steps = ["confirmed", "accepted", "printing", "completed"] as const;
  let intentId: string | undefined;
  for (const step of steps.slice(0, steps.indexOf(status as never) + 1)) {
    if (step === "confirmed") {
      const paid = await pay(stack(), o.customer.c, o.orderId);
      expect(paid.status).toBe(200);
      intentId = paid.intent.paymentIntentId;
    } else if (step === "accepted")
      expect((await o.owner.c.post(`/api/print-jobs/${o.orderId}/respond`, { action: "accept" })).status).toBe(200);
    else expect((await ownerStep(stack(), o.owner.c, o.orderId, { status: step })).status).toBe(200);
  }
  const now = await o.customer.c.get(`/api/print-jobs/${o.orderId}`);
  expect(now.json.status).toBe(status);
  return { ...o, intentId, orderNumber: now.json.orderNumber as string };
}

const listedNames = async () => ((await new TestClient(stack().url).get("/api/printers")).json as { name: string }[]).map((p) => p.name);

describe("suspending an owner's account", () => {
  it("ends their sessions, hides their printers, cancels their orders until printing with the money back, tells both sides and writes the log", async () => {
    const SAM = "sam@printhood.local";
    const orders = {
      submitted: await orderAt("submitted", "Old Town Print Shop", SAM),
      confirmed: await orderAt("confirmed", "Old Town Print Shop", SAM),
      accepted: await orderAt("accepted", "Old Town Print Shop", SAM),
      printing: await orderAt("printing", "Old Town Print Shop", SAM),
      completed: await orderAt("completed", "Old Town Print Shop", SAM),
    };
    const sam = await ownerSignedIn(stack(), SAM);
    const statsBefore = (await sam.c.get("/api/stats")).json;
    const oldTown = await printerNamed(stack(), "Old Town Print Shop");
    const { c: staff, me: staffMe } = await staffSignedIn(stack());

    const res = await staff.post(`/api/staff/users/${sam.me.id}/suspension`, {
      suspended: true,
      reason: "Took payments outside Printhood",
    });
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({ email: SAM, suspension: { reason: "Took payments outside Printhood" } });
    const outcome = Object.fromEntries(res.json.orders.map((o: { jobId: string; outcome: string }) => [o.jobId, o.outcome]));
    for (const s of ["submitted", "confirmed", "accepted", "printing"] as const) expect(outcome[orders[s].orderId], s).toBe("cancelled");
    expect(outcome[orders.completed.orderId]).toBe("kept");
    await stack().idle();

    // Their session ends and they cannot sign in.
    expect((await sam.c.get("/api/auth/user")).json).toBeNull();
    const again = await new TestClient(stack().url).post("/api/login", { email: SAM, password: "printhood-demo" });
    expect(again.status).toBe(403);
    expect(again.json.code).toBe("account_suspended");

    // Their printers leave the list, the finder, the printer's page, the figures and submit-order.
    await expect.poll(listedNames, { timeout: 15_000, interval: 500 }).not.toContain("Old Town Print Shop");
    const names = await listedNames();
    expect(names).not.toContain("Sam's A1 mini");
    expect(names).toContain("Maria's Prusa");
    const finder = (await new TestClient(stack().url).get("/api/printers?zip=80521&material=PLA")).json as { name: string }[];
    expect(finder.map((p) => p.name)).not.toContain("Old Town Print Shop");
    expect((await new TestClient(stack().url).get(`/api/printers/${oldTown.printerId}`)).status).toBe(404);
    const totalPrinters = async () => (await new TestClient(stack().url).get("/api/stats")).json.totalPrinters;
    await expect.poll(totalPrinters, { timeout: 15_000, interval: 500 }).toBe(statsBefore.totalPrinters - 2);
    const buyer = new TestClient(stack().url);
    await buyer.post("/api/register", newUser());
    const draft = await buyer.post("/api/save-draft", draftBody(await uploadDesign(stack(), buyer)));
    const refused = await buyer.post("/api/submit-order", {
      printerId: oldTown.printerId,
      draftId: draft.json.jobId,
      filamentColor: "Black",
      deliveryMethod: "pickup",
    });
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual({
      code: "printer_suspended",
      message: "Old Town Print Shop is not taking orders on Printhood right now. Please choose another printer.",
    });

    // Each order: cancelled by staff, the money back as its state needs, both sides told.
    for (const s of ["submitted", "confirmed", "accepted", "printing"] as const) {
      const o = orders[s];
      const page = (await o.customer.c.get(`/api/print-jobs/${o.orderId}`)).json;
      expect(page.status, s).toBe("cancelled");
      expect(page.cancelReason, s).toBe("owner_suspended");
      const bell = (await o.customer.c.get(`/api/users/${o.customer.me.id}/notifications`)).json as { title: string; message: string }[];
      expect(
        bell.some((n) => n.title === "Order cancelled by Printhood"),
        s,
      ).toBe(true);
      const mail = (await inbox(o.customer.me.email)).filter((m) => m.subject === "Order cancelled by Printhood: box.stl");
      expect(mail, s).toHaveLength(1);
      expect(mail[0]?.body.text).toContain("the printer's owner can no longer take orders on Printhood");
      // Staff's own words are for the log only.
      expect(mail[0]?.body.text).not.toContain("outside Printhood");
    }
    const ownerMail = (await inbox(SAM)).filter((m) => m.subject === "Order cancelled by Printhood: box.stl");
    expect(ownerMail).toHaveLength(4);
    expect(orders.submitted.intentId).toBeUndefined();
    expect(moneyEvents(stack(), orders.confirmed.intentId ?? "")).toMatchObject({ captures: 0, cancels: 1 });
    for (const s of ["accepted", "printing"] as const) {
      expect(moneyEvents(stack(), orders[s].intentId ?? ""), s).toMatchObject({ captures: 1, refunds: 1 });
      const { data: entry } = await stack().store.entities.ledgerEntries.get({ ownerId: sam.me.id, jobId: orders[s].orderId }).go();
      expect(entry?.status, s).toBe("void");
    }
    // The finished part is left to its customer and owner.
    expect((await orders.completed.customer.c.get(`/api/print-jobs/${orders.completed.orderId}`)).json.status).toBe("completed");

    // The log: the suspension and each cancelled order, by this staff member, with the reason.
    const log = (await staff.get(`/api/staff/audit?limit=200`)).json.entries as {
      action: string;
      targetId: string;
      staffEmail: string;
      reason: string;
    }[];
    const mine = log.filter((l) => l.staffEmail === staffMe.email);
    expect(mine.filter((l) => l.action === "user.suspend" && l.targetId === sam.me.id)).toHaveLength(1);
    const cancelled = mine.filter((l) => l.action === "order.cancel").map((l) => l.targetId);
    expect(cancelled.sort()).toEqual(
      ["submitted", "confirmed", "accepted", "printing"].map((s) => orders[s as "submitted"].orderId).sort(),
    );
    expect(mine.every((l) => l.reason === "Took payments outside Printhood")).toBe(true);

    // Twice is a conflict; lifting it lets them in again and brings the printers back.
    expect((await staff.post(`/api/staff/users/${sam.me.id}/suspension`, { suspended: true, reason: "again" })).json.code).toBe(
      "already_suspended",
    );
    const lift = await staff.post(`/api/staff/users/${sam.me.id}/suspension`, { suspended: false, reason: "Appeal accepted" });
    expect(lift.status).toBe(200);
    expect(lift.json.user.suspension).toBeNull();
    await expect.poll(listedNames, { timeout: 15_000, interval: 500 }).toContain("Old Town Print Shop");
    expect((await signIn(stack(), SAM)).me.id).toBe(sam.me.id);
    const lines = (await staff.get(`/api/staff/audit?targetId=${sam.me.id}`)).json.entries.map((l: { action: string }) => l.action);
    expect(lines).toEqual(["user.unsuspend", "user.suspend"]);
  });

  it("refuses a staff member suspending themself, and an account that does not exist, in words", async () => {
    const { c, me } = await staffSignedIn(stack());
    const self = await c.post(`/api/staff/users/${me.id}/suspension`, { suspended: true, reason: "testing" });
    expect(self.json).toEqual({ code: "cannot_suspend_self", message: "You cannot suspend your own account." });
    const none = await c.post("/api/staff/users/00000000-0000-4000-8000-000000000000/suspension", { suspended: true, reason: "testing" });
    expect(none.status).toBe(404);
    const noReason = await c.post(`/api/staff/users/${me.id}/suspension`, { suspended: true, reason: "" });
    expect(noReason.status).toBe(400);
  });
});

describe("suspending a printer", () => {
  it("hides that printer only (its owner still sees it), cancels its open orders and comes back when lifted", async () => {
    const o = await orderAt("confirmed", "Maria's Prusa", "maria@printhood.local");
    const { c: staff } = await staffSignedIn(stack());
    const res = await staff.post(`/api/staff/printers/${o.printer.printerId}/suspension`, {
      suspended: true,
      reason: "Prints failed the test",
    });
    expect(res.status).toBe(200);
    expect(res.json.printer).toMatchObject({
      name: "Maria's Prusa",
      suspension: { reason: "Prints failed the test" },
      ownerSuspended: false,
    });
    expect(res.json.orders).toEqual([expect.objectContaining({ jobId: o.orderId, outcome: "cancelled" })]);
    await stack().idle();
    await expect.poll(listedNames, { timeout: 15_000, interval: 500 }).not.toContain("Maria's Prusa");
    const own = (await o.owner.c.get(`/api/users/${o.owner.me.id}/printers`)).json as { name: string }[];
    expect(own.map((p) => p.name)).toContain("Maria's Prusa");
    expect((await o.customer.c.get(`/api/print-jobs/${o.orderId}`)).json.cancelReason).toBe("printer_suspended");
    expect((await inbox(o.owner.me.email)).some((m) => m.body.text?.includes("your printer is suspended"))).toBe(true);

    const lift = await staff.post(`/api/staff/printers/${o.printer.printerId}/suspension`, {
      suspended: false,
      reason: "Passed a new test",
    });
    expect(lift.json.printer.suspension).toBeNull();
    // The public list is shared through a cache of a few seconds (api/public-cache.ts).
    await expect.poll(listedNames, { timeout: 15_000, interval: 500 }).toContain("Maria's Prusa");
  });
});

describe("suspending a customer", () => {
  it("cancels their orders not yet printing, refunded, and tells the owner why", async () => {
    const accepted = await orderAt("accepted", "North Loveland Workshop", "priya@printhood.local");
    const { c: staff } = await staffSignedIn(stack());
    const res = await staff.post(`/api/staff/users/${accepted.customer.me.id}/suspension`, { suspended: true, reason: "Abusive messages" });
    expect(res.status).toBe(200);
    expect(res.json.orders).toEqual([expect.objectContaining({ jobId: accepted.orderId, outcome: "cancelled" })]);
    await stack().idle();
    const page = (await accepted.owner.c.get(`/api/print-jobs/${accepted.orderId}`)).json;
    expect(page).toMatchObject({ status: "cancelled", cancelReason: "customer_suspended" });
    expect(page.payment).toMatchObject({ status: "refunded" });
    expect(moneyEvents(stack(), accepted.intentId ?? "")).toMatchObject({ captures: 1, refunds: 1 });
    const ownerBell = (await accepted.owner.c.get(`/api/users/${accepted.owner.me.id}/notifications`)).json as { message: string }[];
    expect(ownerBell.some((n) => n.message.includes("the customer's account is suspended"))).toBe(true);
    expect((await accepted.customer.c.get("/api/auth/user")).json).toBeNull();
  });
});
