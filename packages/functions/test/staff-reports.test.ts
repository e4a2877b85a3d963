import { describe, expect, it } from "vitest";
import { orderWithOwner, stranger } from "./orders.ts";
import { useStack } from "./stack.ts";
import { staffSignedIn } from "./staff.ts";

const stack = useStack({ seed: true });

describe("reporting a message or an account", () => {
  it("lets the order's people report once, lands in the staff queue with the thread, and staff close it with a note, audited", async () => {
    const o = await orderWithOwner(stack(), "Harmony Road Printing", "lena@printhood.local");
    const sent = await o.owner.c.post(`/api/print-jobs/${o.orderId}/messages`, { message: "Pay me on the side or I bin your part" });
    expect(sent.status).toBe(201);
    const mine = await o.customer.c.post(`/api/print-jobs/${o.orderId}/messages`, { message: "No, I paid on Printhood." });

    const report = await o.customer.c.post("/api/reports", {
      orderId: o.orderId,
      kind: "message",
      messageId: sent.json.id,
      reason: "scam",
      details: "Asked me to pay outside.",
    });
    expect(report.status).toBe(201);
    expect(report.json).toMatchObject({ kind: "message", reason: "scam", status: "open" });
    expect(report.json.message).toContain("Our staff will look at your report");

    // Once per message; never one's own; only the order's people; "other" needs words; the order's number works.
    const twice = await o.customer.c.post("/api/reports", { orderId: o.orderId, kind: "message", messageId: sent.json.id, reason: "spam" });
    expect(twice.json).toEqual({ code: "already_reported", message: "You have already reported this. Our staff will look at it." });
    const own = await o.customer.c.post("/api/reports", { orderId: o.orderId, kind: "message", messageId: mine.json.id, reason: "spam" });
    expect(own.json.code).toBe("cannot_report_self");
    const outsider = await (await stranger(stack())).c.post("/api/reports", { orderId: o.orderId, kind: "account", reason: "spam" });
    expect(outsider.status).toBe(404);
    const vague = await o.owner.c.post("/api/reports", { orderId: o.orderId, kind: "account", reason: "other" });
    expect(vague.status).toBe(400);
    expect(vague.json.message).toBe("Please tell us what is wrong.");
    const noMessage = await o.owner.c.post("/api/reports", { orderId: o.orderId, kind: "message", reason: "spam" });
    expect(noMessage.status).toBe(400);
    const number = (await o.owner.c.get(`/api/print-jobs/${o.orderId}`)).json.orderNumber as string;
    const account = await o.owner.c.post("/api/reports", { orderId: number, kind: "account", reason: "harassment" });
    expect(account.status).toBe(201);

    // The staff queue: oldest first, with the people, the message and the thread.
    const { c: staff, me: staffMe } = await staffSignedIn(stack());
    const queue = (await staff.get("/api/staff/reports")).json.reports as {
      id: string;
      kind: string;
      reasonWords: string;
      reporter: { email: string; role: string };
      reported: { email: string };
      message: { text: string } | null;
      thread: { text: string; senderRole: string }[];
      order: { orderNumber: string };
    }[];
    const ours = queue.filter((r) => r.order.orderNumber === number);
    expect(ours.map((r) => r.kind)).toEqual(["message", "account"]);
    const [onMessage, onAccount] = ours;
    expect(onMessage).toMatchObject({
      reasonWords: "A scam, or asking to pay outside Printhood",
      reporter: { email: o.customer.me.email, role: "customer" },
      reported: { email: "lena@printhood.local" },
      message: { text: "Pay me on the side or I bin your part" },
    });
    expect(onMessage?.thread.map((l) => [l.senderRole, l.text])).toEqual([
      ["owner", "Pay me on the side or I bin your part"],
      ["customer", "No, I paid on Printhood."],
    ]);
    expect(onAccount).toMatchObject({ reporter: { role: "owner" }, reported: { email: o.customer.me.email }, message: null });

    // Staff close it; it leaves the queue; closing again is refused; the log has it.
    const closed = await staff.post(`/api/staff/reports/${onMessage?.id}/resolution`, {
      outcome: "resolved",
      note: "Warned the owner by e-mail",
    });
    expect(closed.status).toBe(200);
    expect(closed.json).toMatchObject({ status: "resolved", note: "Warned the owner by e-mail", closedByEmail: staffMe.email });
    const again = await staff.post(`/api/staff/reports/${onMessage?.id}/resolution`, { outcome: "dismissed", note: "Changed my mind" });
    expect(again.json.code).toBe("report_closed");
    const left = (await staff.get("/api/staff/reports")).json.reports.map((r: { id: string }) => r.id);
    expect(left).not.toContain(onMessage?.id);
    expect(left).toContain(onAccount?.id);
    const log = (await staff.get(`/api/staff/audit?targetId=${onMessage?.id}`)).json.entries;
    expect(log).toEqual([
      expect.objectContaining({ action: "report.resolve", reason: "Warned the owner by e-mail", staffEmail: staffMe.email }),
    ]);

    // Not for anyone but staff.
    expect((await o.owner.c.get("/api/staff/reports")).status).toBe(404);
    expect((await o.customer.c.post(`/api/staff/reports/${onAccount?.id}/resolution`, { outcome: "dismissed", note: "mine" })).status).toBe(
      404,
    );
  });
});

describe("looking up accounts, printers and orders", () => {
  it("finds each by e-mail, number or id, with what is around it", async () => {
    const o = await orderWithOwner(stack(), "Loveland Bambu Farm", "tom@printhood.local");
    const { c: staff } = await staffSignedIn(stack());
    const number = (await o.customer.c.get(`/api/print-jobs/${o.orderId}`)).json.orderNumber as string;

    const byEmail = (await staff.get(`/api/staff/lookup?q=${encodeURIComponent("TOM@printhood.local")}`)).json;
    expect(byEmail.users.map((u: { email: string }) => u.email)).toEqual(["tom@printhood.local"]);
    expect(byEmail.printers.map((p: { name: string }) => p.name).sort()).toEqual(["Loveland Bambu Farm", "Tom's Ender"]);
    expect(byEmail.orders.map((j: { id: string }) => j.id)).toContain(o.orderId);
    expect(JSON.stringify(byEmail)).not.toMatch(/passwordHash|totpSecret|street/);

    const byOrder = (await staff.get(`/api/staff/lookup?q=${number}`)).json;
    expect(byOrder.orders[0]).toMatchObject({
      id: o.orderId,
      orderNumber: number,
      customerEmail: o.customer.me.email,
      ownerEmail: "tom@printhood.local",
    });
    expect(byOrder.users.map((u: { email: string }) => u.email).sort()).toEqual([o.customer.me.email, "tom@printhood.local"].sort());

    const printerNumber = o.printer.printerNumber as number;
    const byPrinter = (await staff.get(`/api/staff/lookup?q=%23${printerNumber}`)).json;
    expect(byPrinter.printers[0]).toMatchObject({ id: o.printer.printerId, ownerEmail: "tom@printhood.local" });

    const byId = (await staff.get(`/api/staff/lookup?q=${o.customer.me.id}`)).json;
    expect(byId.users[0]).toMatchObject({ email: o.customer.me.email, isStaff: false, suspension: null });

    // A customer's orders name the printer each went to (not "—"), though the printer is not theirs to list.
    const byCustomer = (await staff.get(`/api/staff/lookup?q=${encodeURIComponent(o.customer.me.email)}`)).json;
    expect(byCustomer.orders.find((j: { id: string }) => j.id === o.orderId)).toMatchObject({
      printerId: o.printer.printerId,
      printerName: "Loveland Bambu Farm",
      ownerEmail: "tom@printhood.local",
    });
    expect(byCustomer.printers).toEqual([]);
    const nothing = (await staff.get("/api/staff/lookup?q=nobody-here%40example.com")).json;
    expect(nothing).toMatchObject({ users: [], printers: [], orders: [] });
    expect((await staff.get("/api/staff/lookup?q=")).status).toBe(400);
  });
});
