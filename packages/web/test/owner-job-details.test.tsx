import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Message, OwnerJob } from "../src/api/types";
import * as saveFile from "../src/lib/saveFile";
import { customer, jobPrinterFixture, type OrderFixture, orderFixture, ownerJobFixture, ownPrinterFixture, userFixture } from "./fixtures";
import { customerDashboardRoutes, type Handler, json, renderApp } from "./helpers";

const me = userFixture({ id: "o-1", username: "maria", firstName: "Maria", lastName: "Hernandez", userType: "both" });
const printer = ownPrinterFixture({ ownerId: me.id });

/** An order to Maria's Prusa, numbered PH-1000n, a 40 × 30 × 20 mm part printed at 150%. */
const order = (n: number, status: OwnerJob["status"], over: Partial<OrderFixture> = {}) =>
  ownerJobFixture({
    id: `j-${n}`,
    orderNumber: `PH-1000${n}`,
    fileName: `part${n}.stl`,
    status,
    material: "PETG",
    filamentColor: "Orange",
    printSettings: { quality: 0.2, infill: 20, supports: "auto", numberOfColors: 1, printTimeMinutes: 95, scale: 1.5 },
    printer: { ...jobPrinterFixture(printer), number: 1 },
    printedSize: { x: 60, y: 45, z: 30, text: "60 × 45 × 30 mm" },
    submittedAt: "2026-03-01T10:00:00.000Z",
    confirmedAt: "2026-03-01T10:01:00.000Z",
    ...over,
  });

const shipping = {
  optionId: "usps_ground",
  carrier: "USPS",
  service: "Ground Advantage",
  description: "2-5 business days",
  costCents: 640,
  cost: "6.40",
  zipFrom: "80513",
  zipTo: "10001",
};

/** The dashboard over a mutable list of the owner's orders (a move changes it, as the server would). */
function dashboard(jobs: OwnerJob[], routes: Record<string, Handler> = {}) {
  return renderApp("/printer-dashboard", {
    user: me,
    routes: {
      [`GET /api/users/${me.id}/printers`]: () => json([printer]),
      [`GET /api/users/${me.id}/printer-jobs`]: () => json(jobs),
      "GET /api/printers/p-1/jobs": () => json(jobs),
      ...routes,
    },
  });
}

const card = (number: string) => screen.findByRole("article", { name: number });
const dl = (dialog: HTMLElement, term: string) => within(dialog).getByText(term, { selector: "dt" }).nextElementSibling as HTMLElement;

describe("Job Details on /printer-dashboard (spec 2 §2)", () => {
  it("opens from the order's card, with what the owner needs: file, customer, material, printed size at its scale, money, delivery, notes, timeline", async () => {
    const jobs = [
      order(2, "confirmed", {
        deliveryMethod: "shipping",
        shipping,
        specialInstructions: "Please keep the seam at the back.",
      }),
    ];
    const r = dashboard(jobs);
    await r.user.click(within(await card("PH-10002")).getByRole("button", { name: "Job Details" }));
    const dialog = await screen.findByRole("dialog", { name: "Job Details" });
    expect(r.router.state.location.pathname).toBe("/printer-dashboard");
    expect(within(dialog).getByText("PH-10002 · part2.stl")).toBeInTheDocument();
    expect(dl(dialog, "File")).toHaveTextContent("part2.stl");
    expect(dl(dialog, "Printed size")).toHaveTextContent("60 × 45 × 30 mm (scale 150%)");
    expect(dl(dialog, "Material")).toHaveTextContent("PETG, Orange");
    expect(dl(dialog, "Quantity")).toHaveTextContent("1 print");
    expect(dl(dialog, "Delivery")).toHaveTextContent("Shipping: USPS Ground Advantage to 10001");
    const o = jobs[0] as OwnerJob;
    expect(dl(dialog, "Customer pays")).toHaveTextContent(`$${(o.pricing.totalCents / 100).toFixed(2)}`);
    expect(dl(dialog, "You earn")).toHaveTextContent("$");
    // The customer as the owner may see them: name and email.
    expect(within(dialog).getByText("Jamie Rivera")).toBeInTheDocument();
    expect(within(dialog).getByRole("link", { name: "jamie@example.com" })).toHaveAttribute("href", "mailto:jamie@example.com");
    expect(within(dialog).getByText("Please keep the seam at the back.")).toBeInTheDocument();
    const timeline = within(dialog).getByRole("list", { name: "Timeline" });
    expect(within(timeline).getAllByRole("listitem").length).toBeGreaterThanOrEqual(2);
    // The status moves and the file, never the id.
    expect(within(dialog).getByRole("button", { name: "Accept" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Reject" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Download 3D File" })).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent("j-2");
    await r.user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("a project's card shows its first parts and counts them all; Job Details reads every part from the order", async () => {
    const full = order(3, "confirmed");
    const first = full.parts[0] as OrderFixture["parts"][number];
    const parts = [1, 2, 3, 4, 5, 6].map((n) => ({ ...first, number: n, fileName: `part-${n}.stl`, quantity: n === 1 ? 5 : 1 }));
    const project: OrderFixture = { ...full, parts, partCount: 6, copyCount: 10 };
    // The list's copy (core orders/list-item.ts): the first four parts, the counts of all six.
    const listed = {
      ...project,
      parts: parts.slice(0, 4).map(({ number, fileName, quantity, thumbnailUrl }) => ({ number, fileName, quantity, thumbnailUrl })),
    };
    const r = dashboard([listed as unknown as OrderFixture], { "GET /api/print-jobs/j-3": () => json(project) });
    const item = await card("PH-10003");
    expect(within(item).getByText("+2")).toBeInTheDocument();
    expect(within(item).getByText("10 copies of 6 parts")).toBeInTheDocument();
    await r.user.click(within(item).getByRole("button", { name: "Job Details" }));
    const dialog = await screen.findByRole("dialog", { name: "Job Details" });
    // every copy of every part, from the list's counts (its parts are only the first four), never "1 print"
    expect(dl(dialog, "Quantity")).toHaveTextContent("10 copies of 6 parts");
    const list = await within(dialog).findByRole("list", { name: "Project parts" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(6);
    expect(within(list).getByRole("listitem", { name: "Part 6: part-6.stl" })).toHaveTextContent("supports auto");
    expect(r.calls.filter((c) => c.path === "/api/print-jobs/j-3")).toHaveLength(1);
  });

  it("the owner's order page of a project counts every copy of every part under Quantity", async () => {
    const full = order(4, "confirmed");
    const first = full.parts[0] as OrderFixture["parts"][number];
    const parts = [2, 3, 12].map((quantity, i) => ({ ...first, number: i + 1, fileName: `part-${i + 1}.stl`, quantity }));
    // the server names a project "its first file + N more"
    const { partCount: _p, copyCount: _c, ...page } = { ...full, fileName: "part-1.stl + 2 more", parts };
    renderApp("/order/j-4", {
      user: me,
      routes: { "GET /api/print-jobs/j-4": () => json(page), "GET /api/print-jobs/j-4/messages": () => json([]) },
    });
    const info = await screen.findByRole("region", { name: "Order Information" });
    expect(dl(info, "Quantity")).toHaveTextContent("17 copies of 3 parts");
    // the one-part facts are said to be the first part's; the parts list has each part's own
    expect(dl(info, "Part 1 material")).toHaveTextContent(`${page.material}, ${page.filamentColor}`);
    expect(dl(info, "Part 1 file")).toHaveTextContent(/^part-1\.stl$/);
    expect(within(info).queryByText("Colours")).toBeNull();
  });

  it("moves the order from inside the dialog (Accept with a message, then Start Printing) and stays open on the new status", async () => {
    const jobs = [order(2, "confirmed")];
    const r = dashboard(jobs, {
      "POST /api/print-jobs/j-2/respond": (body) => {
        jobs[0] = order(2, "accepted", {
          acceptedAt: "2026-03-01T11:00:00.000Z",
          ownerMessage: (body as { message?: string }).message ?? null,
        });
        return json({ message: "Order PH-10002 accepted.", order: jobs[0] });
      },
      "PUT /api/print-jobs/j-2": () => {
        jobs[0] = order(2, "printing", { acceptedAt: "2026-03-01T11:00:00.000Z", printingStartedAt: "2026-03-01T12:00:00.000Z" });
        return json(jobs[0]);
      },
    });
    await r.user.click(within(await card("PH-10002")).getByRole("button", { name: "Job Details" }));
    const details = await screen.findByRole("dialog", { name: "Job Details" });
    await r.user.click(within(details).getByRole("button", { name: "Accept" }));
    const accept = await screen.findByRole("dialog", { name: "Accept Order" });
    await r.user.type(within(accept).getByLabelText("Message to the customer (optional)"), "Printing it today.");
    await r.user.click(within(accept).getByRole("button", { name: "Accept Order" }));
    expect(await screen.findByText("Order PH-10002 accepted.")).toBeInTheDocument();
    expect(r.calls.find((c) => c.method === "POST")?.body).toEqual({ action: "accept", message: "Printing it today." });

    const live = await screen.findByRole("dialog", { name: "Job Details" });
    expect(await within(live).findByRole("button", { name: "Start Printing" })).toBeInTheDocument();
    expect(within(live).getByText("Printing it today.")).toBeInTheDocument();
    await r.user.click(within(live).getByRole("button", { name: "Start Printing" }));
    await waitFor(() => expect(r.calls.find((c) => c.method === "PUT")?.body).toEqual({ status: "printing" }));
    expect(
      await within(screen.getByRole("dialog", { name: "Job Details" })).findByRole("button", { name: "Mark Complete" }),
    ).toBeInTheDocument();
  });

  it("offers the handover by delivery method; Mark Shipped asks carrier and tracking, which the dialog then shows", async () => {
    const jobs = [
      order(5, "completed", { deliveryMethod: "delivery" }),
      order(8, "ready_for_shipping", { deliveryMethod: "shipping", shipping }),
    ];
    const r = dashboard(jobs, {
      "PUT /api/print-jobs/j-8": () => {
        jobs[1] = order(8, "shipped", { deliveryMethod: "shipping", shipping, carrier: "USPS", trackingNumber: "9400 1" });
        return json(jobs[1]);
      },
    });
    await r.user.click(within(await card("PH-10005")).getByRole("button", { name: "Job Details" }));
    let dialog = await screen.findByRole("dialog", { name: "Job Details" });
    // a local delivery goes through the pickup statuses, its button said as a delivery
    expect(within(dialog).getByRole("button", { name: "Ready for Delivery" })).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Ready for Shipping" })).toBeNull();
    await r.user.click(within(dialog).getAllByRole("button", { name: "Close" }).at(-1) as HTMLElement);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await r.user.click(within(await card("PH-10008")).getByRole("button", { name: "Job Details" }));
    dialog = await screen.findByRole("dialog", { name: "Job Details" });
    await r.user.click(within(dialog).getByRole("button", { name: "Mark Shipped" }));
    const ship = await screen.findByRole("dialog", { name: "Mark Shipped" });
    expect(within(ship).getByLabelText("Carrier")).toHaveValue("USPS");
    await r.user.type(within(ship).getByLabelText("Tracking number"), "9400 1");
    await r.user.click(within(ship).getByRole("button", { name: "Mark Shipped" }));
    await waitFor(() =>
      expect(r.calls.find((c) => c.path === "/api/print-jobs/j-8")?.body).toEqual({
        status: "shipped",
        carrier: "USPS",
        trackingNumber: "9400 1",
      }),
    );
    expect(
      await within(screen.getByRole("dialog", { name: "Job Details" })).findByText(/Shipped with USPS, tracking number/),
    ).toBeInTheDocument();
  });

  it("offers Download 3D File only while the order is the owner's to print (paid, not cancelled or rejected)", async () => {
    const r = dashboard([order(4, "submitted"), order(5, "confirmed")]);
    await r.user.click(within(await card("PH-10004")).getByRole("button", { name: "Job Details" }));
    const unpaid = await screen.findByRole("dialog", { name: "Job Details" });
    expect(within(unpaid).queryByRole("button", { name: "Download 3D File" })).toBeNull();
    await r.user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await r.user.click(within(await card("PH-10005")).getByRole("button", { name: "Job Details" }));
    const paid = await screen.findByRole("dialog", { name: "Job Details" });
    expect(within(paid).getByRole("button", { name: "Download 3D File" })).toBeInTheDocument();
  });

  it("Download 3D File fetches the order's link and saves the file under its name", async () => {
    const save = vi.spyOn(saveFile, "saveBlob").mockImplementation(() => {});
    const r = dashboard([order(3, "accepted")], {
      "GET /api/print-jobs/j-3/download": () =>
        json({ url: "http://localhost/files/part3.stl", fileName: "part3.stl", fileSize: 11, expiresAt: "2026-03-01T10:05:00.000Z" }),
      "GET /files/part3.stl": () => new Response("solid part3", { status: 200 }),
    });
    await r.user.click(within(await card("PH-10003")).getByRole("button", { name: "Job Details" }));
    const dialog = await screen.findByRole("dialog", { name: "Job Details" });
    await r.user.click(within(dialog).getByRole("button", { name: "Download 3D File" }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]?.[1]).toBe("part3.stl");
  });

  it("opens over the Print Queue too", async () => {
    const r = dashboard([order(3, "accepted"), order(2, "confirmed")]);
    await r.user.click(await screen.findByRole("button", { name: "Print queue for Maria's Prusa" }));
    const queue = await screen.findByRole("dialog", { name: "Print Queue" });
    const inQueue = await within(queue).findByRole("article", { name: "PH-10003" });
    await r.user.click(within(inQueue).getByRole("button", { name: "Job Details" }));
    const details = await screen.findByRole("dialog", { name: "Job Details" });
    expect(within(details).getByRole("button", { name: "Start Printing" })).toBeInTheDocument();
    await r.user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Job Details" })).toBeNull());
    expect(screen.getByRole("dialog", { name: "Print Queue" })).toBeInTheDocument();
  });
});

describe("Message History (spec 2 §2)", () => {
  const thread: Message[] = [
    {
      id: "m-1",
      jobId: "j-3",
      content: "Can it be orange?",
      message: "Can it be orange?",
      senderId: "c-1",
      senderType: "customer",
      sender: { firstName: "Jamie", lastName: "Rivera", username: "jamie" },
      customerId: "c-1",
      sentAt: "2026-03-01T10:05:00.000Z",
    },
  ];

  it("the owner's dialog is titled Message History, shows the thread and sends through /api/jobs/{id}/contact", async () => {
    const r = dashboard([order(3, "accepted")], {
      "GET /api/jobs/j-3/messages": () => json(thread),
      "POST /api/jobs/j-3/contact": (body) =>
        json(
          { ...thread[0], id: "m-2", senderId: me.id, senderType: "printer", content: (body as { message: string }).message } as Message,
          201,
        ),
    });
    await r.user.click(within(await card("PH-10003")).getByRole("button", { name: "Message Customer" }));
    const dialog = await screen.findByRole("dialog", { name: "Message History" });
    expect(screen.queryByRole("dialog", { name: "Contact Printer Owner" })).toBeNull();
    expect(dialog).toHaveTextContent("PH-10003 · part3.stl · Jamie Rivera");
    expect(await within(dialog).findByText("Can it be orange?")).toBeInTheDocument();
    await r.user.type(within(dialog).getByRole("textbox", { name: "Message" }), "Yes, orange PETG.{Enter}");
    await waitFor(() =>
      expect(r.calls.find((c) => c.method === "POST")).toMatchObject({
        path: "/api/jobs/j-3/contact",
        body: { message: "Yes, orange PETG." },
      }),
    );
    expect(await screen.findByText("Your message has been sent to the customer")).toBeInTheDocument();
  });

  it("Job Details opens it too", async () => {
    const r = dashboard([order(3, "accepted")], { "GET /api/jobs/j-3/messages": () => json(thread) });
    await r.user.click(within(await card("PH-10003")).getByRole("button", { name: "Job Details" }));
    const details = await screen.findByRole("dialog", { name: "Job Details" });
    await r.user.click(within(details).getByRole("button", { name: "Message Customer" }));
    expect(await screen.findByRole("dialog", { name: "Message History" })).toBeInTheDocument();
  });

  it("the customer's Contact Printer keeps the title Contact Printer Owner", async () => {
    const mine = orderFixture(10007, { status: "printing" });
    const r = renderApp("/dashboard", {
      user: customer,
      routes: {
        ...customerDashboardRoutes(customer.id, [mine]),
        [`GET /api/users/${customer.id}/drafts`]: () => json([]),
        "GET /api/jobs/o-10007/messages": () => json([]),
      },
    });
    const item = await screen.findByRole("listitem", { name: "Order PH-10007" });
    await r.user.click(within(item).getByRole("button", { name: "Contact Printer" }));
    expect(await screen.findByRole("dialog", { name: "Contact Printer Owner" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Message History" })).toBeNull();
  });
});
