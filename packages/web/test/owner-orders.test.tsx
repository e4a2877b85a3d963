import { TRACKING_RULES, type TrackingGroup } from "@printhood/core/shared/job-groups";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { LedgerLine, OwnerJob, PayoutRecord, PayoutSummary } from "../src/api/types";
import { figuresFixture, jobPrinterFixture, type OrderFixture, ownerJobFixture, ownPrinterFixture, userFixture } from "./fixtures";
import { apiError, json, pagedAnswer, renderApp } from "./helpers";

const me = userFixture({ id: "o-1", userType: "both" });
const printer = ownPrinterFixture({ ownerId: me.id });
const size = { x: 40, y: 30, z: 20, text: "40 × 30 × 20 mm" };

/** An order to Maria's Prusa, numbered PH-1000n. */
const order = (n: number, status: OwnerJob["status"], over: Partial<OrderFixture> = {}) =>
  ownerJobFixture({
    id: `j-${n}`,
    orderNumber: `PH-1000${n}`,
    fileName: `part${n}.stl`,
    status,
    printer: { ...jobPrinterFixture(printer), number: 1 },
    printedSize: size,
    ...over,
  });

const dashboard = (jobs: OwnerJob[], routes = {}) =>
  renderApp("/printer-dashboard", {
    user: me,
    routes: {
      [`GET /api/users/${me.id}/printers`]: () => json([printer]),
      [`GET /api/users/${me.id}/printer-jobs`]: () => json(jobs),
      ...routes,
    },
  });

const card = async (number: string) => screen.findByRole("article", { name: number });
/** The card's lifecycle moves (every card also has Job Details and Message Customer). */
const buttons = (el: HTMLElement) =>
  within(el)
    .queryAllByRole("button")
    .map((b) => b.textContent)
    .filter((t) => t !== "Job Details" && t !== "Message Customer");

describe("the owner's moves on /printer-dashboard", () => {
  it("offers each order the moves core's lifecycle gives the owner, by status and delivery method", async () => {
    dashboard([
      order(1, "submitted"),
      order(2, "confirmed"),
      order(3, "accepted"),
      order(4, "printing"),
      order(5, "completed"),
      order(6, "completed", { deliveryMethod: "shipping" }),
      order(7, "ready_for_pickup", { deliveryMethod: "delivery" }),
      order(8, "ready_for_shipping", { deliveryMethod: "shipping" }),
    ]);
    const unpaid = await card("PH-10001");
    expect(buttons(unpaid)).toEqual(["Reject"]);
    expect(within(unpaid).getByText("Awaiting the customer's payment")).toBeInTheDocument();
    expect(unpaid).toHaveTextContent("Printed size: 40 × 30 × 20 mm");
    expect(unpaid).toHaveTextContent("Jamie Rivera");
    expect(unpaid).not.toHaveTextContent("j-1");
    expect(buttons(await card("PH-10002"))).toEqual(["Accept", "Reject"]);
    expect(buttons(await card("PH-10003"))).toEqual(["Start Printing"]);
    expect(buttons(await card("PH-10004"))).toEqual(["Mark Complete"]);
    expect(buttons(await card("PH-10005"))).toEqual(["Ready for Pickup"]);
    expect(buttons(await card("PH-10006"))).toEqual(["Ready for Shipping"]);
    // a local delivery goes through the pickup statuses: the owner brings it
    expect(buttons(await card("PH-10007"))).toEqual(["Mark Delivered"]);
    expect(buttons(await card("PH-10008"))).toEqual(["Mark Shipped"]);
    const ready = screen.getByRole("region", { name: "Ready for Pickup or Shipping" });
    expect(within(ready).getAllByRole("article")).toHaveLength(2);
  });

  it("Accept asks for an optional message and sends it with respond; the server's sentence is the toast", async () => {
    const r = dashboard([order(2, "confirmed")], {
      "POST /api/print-jobs/j-2/respond": () => json({ message: "Order PH-10002 accepted.", order: order(2, "accepted") }),
    });
    await r.user.click(within(await card("PH-10002")).getByRole("button", { name: "Accept" }));
    const dialog = await screen.findByRole("dialog", { name: "Accept Order" });
    await r.user.type(within(dialog).getByLabelText("Message to the customer (optional)"), "  Printing it today.  ");
    await r.user.click(within(dialog).getByRole("button", { name: "Accept Order" }));
    expect(await screen.findByText("Order PH-10002 accepted.")).toBeInTheDocument();
    expect(r.calls.find((c) => c.method === "POST")).toMatchObject({ body: { action: "accept", message: "Printing it today." } });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("a refused respond shows Failed to respond with the server's message", async () => {
    const r = dashboard([order(2, "confirmed")], {
      "POST /api/print-jobs/j-2/respond": () =>
        apiError(409, "This order is cancelled, so it cannot be accepted now.", "invalid_transition"),
    });
    await r.user.click(within(await card("PH-10002")).getByRole("button", { name: "Reject" }));
    const dialog = await screen.findByRole("dialog", { name: "Reject Order" });
    await r.user.click(within(dialog).getByRole("button", { name: "Reject Order" }));
    expect(await screen.findByText("Failed to respond")).toBeInTheDocument();
    expect(screen.getByText("This order is cancelled, so it cannot be accepted now.")).toBeInTheDocument();
    expect(r.calls.find((c) => c.method === "POST")?.body).toEqual({ action: "reject" });
  });

  it("Start Printing is one step by its status; Mark Shipped needs the carrier and the tracking number", async () => {
    const shipping = order(8, "ready_for_shipping", {
      deliveryMethod: "shipping",
      shipping: {
        optionId: "usps_ground",
        carrier: "USPS",
        service: "Ground Advantage",
        description: "2-5 business days",
        costCents: 640,
        cost: "6.40",
        zipFrom: "80513",
        zipTo: "10001",
      },
    });
    const r = dashboard([order(3, "accepted"), shipping], {
      "PUT /api/print-jobs/j-3": () => json(order(3, "printing")),
      "PUT /api/print-jobs/j-8": () => json({ ...shipping, status: "shipped", carrier: "USPS", trackingNumber: "9400 1" }),
    });
    await r.user.click(within(await card("PH-10003")).getByRole("button", { name: "Start Printing" }));
    expect(await screen.findByText("Status updated")).toBeInTheDocument();
    expect(r.calls.find((c) => c.path === "/api/print-jobs/j-3")?.body).toEqual({ status: "printing" });

    await r.user.click(within(await card("PH-10008")).getByRole("button", { name: "Mark Shipped" }));
    const dialog = await screen.findByRole("dialog", { name: "Mark Shipped" });
    expect(within(dialog).getByLabelText("Carrier")).toHaveValue("USPS");
    await r.user.click(within(dialog).getByRole("button", { name: "Mark Shipped" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent(
      "Please enter the carrier and the tracking number to mark the order shipped.",
    );
    expect(r.calls.some((c) => c.path === "/api/print-jobs/j-8")).toBe(false);
    await r.user.type(within(dialog).getByLabelText("Tracking number"), "9400 1");
    await r.user.click(within(dialog).getByRole("button", { name: "Mark Shipped" }));
    await waitFor(() =>
      expect(r.calls.find((c) => c.path === "/api/print-jobs/j-8")?.body).toEqual({
        status: "shipped",
        carrier: "USPS",
        trackingNumber: "9400 1",
      }),
    );
  });

  it("deleting a printer with open orders shows the server's sentence and offers setting it offline", async () => {
    const sentence =
      "Maria's Prusa has 2 open orders, so it cannot be deleted. Finish or cancel them first, or set the printer offline to stop new orders.";
    const r = dashboard([order(3, "accepted")], {
      "DELETE /api/printers/p-1": () => apiError(409, sentence, "printer_has_open_orders"),
      "PUT /api/printers/p-1": () => json({ ...printer, isAvailable: false, availability: false }),
    });
    await r.user.click(await screen.findByRole("button", { name: "Delete Maria's Prusa" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete Printer" });
    await r.user.click(within(dialog).getByRole("button", { name: "Delete Printer" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(sentence);
    expect(screen.queryByText("Failed to delete printer.")).toBeNull();
    await r.user.click(within(dialog).getByRole("button", { name: "Set Offline Instead" }));
    await waitFor(() => expect(r.calls.find((c) => c.method === "PUT")?.body).toEqual({ isAvailable: false }));
  });
});

const payouts = (over: Partial<PayoutSummary> = {}): PayoutSummary => ({
  pendingCents: 150,
  heldCents: 0,
  frozenCents: 0,
  availableCents: 734,
  requestedCents: 0,
  paidCents: 0,
  pending: "1.50",
  held: "0.00",
  frozen: "0.00",
  available: "7.34",
  requested: "0.00",
  paid: "0.00",
  currency: "usd",
  stripeConnected: false,
  payouts: [],
  ledger: [
    {
      jobId: "j-2",
      orderNumber: "PH-10002",
      fileName: "part2.stl",
      customerPaidCents: 400,
      platformFeeCents: 250,
      ownerEarningsCents: 150,
      status: "pending",
      reversedCents: 0,
      heldUntil: null,
      createdAt: "2026-03-01T11:00:00.000Z",
      availableAt: null,
    },
    {
      jobId: "j-1",
      orderNumber: "PH-10001",
      fileName: "part1.stl",
      customerPaidCents: 1200,
      platformFeeCents: 466,
      ownerEarningsCents: 734,
      status: "available",
      reversedCents: 0,
      heldUntil: null,
      createdAt: "2026-03-01T10:00:00.000Z",
      availableAt: "2026-03-02T10:00:00.000Z",
    },
  ],
  ...over,
});

describe("/printer-tracking", () => {
  const tracking = (path: string, jobs: OwnerJob[], routes = {}) =>
    renderApp(path, {
      user: me,
      routes: {
        [`GET /api/users/${me.id}/printers`]: () => json([printer]),
        // the tracking tabs ask the server for their own orders (group=pickup|shipping), as the API filters them
        "GET /api/printers/p-1/jobs": (_, url) => {
          const group = url.searchParams.get("group") as TrackingGroup | null;
          return json(pagedAnswer(group ? jobs.filter(TRACKING_RULES[group]) : jobs, url));
        },
        "GET /api/printers/p-1/jobs/figures": () => json(figuresFixture(jobs)),
        [`GET /api/users/${me.id}/payouts`]: () => json(payouts()),
        ...routes,
      },
    });

  it("counts pickups, shipments and completed orders, says what the owner earns from handed-over ones and what their customers paid, and hints", async () => {
    const jobs = [
      order(1, "completed"),
      order(2, "picked_up"),
      order(3, "shipped", { deliveryMethod: "shipping" }),
      order(4, "completed", { deliveryMethod: "shipping" }),
      order(5, "printing"),
    ];
    tracking("/printer-tracking", jobs);
    const stat = async (label: string) => (await screen.findByText(label, { selector: "p" })).parentElement?.parentElement as HTMLElement;
    const handedOver = [jobs[1], jobs[2]].map((j) => j?.pricing ?? { totalCents: 0, printerProfitCents: 0, deliveryFeeCents: 0 });
    const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    const earned = money(handedOver.reduce((sum, p) => sum + p.printerProfitCents + p.deliveryFeeCents, 0));
    const paid = money(handedOver.reduce((sum, p) => sum + p.totalCents, 0));
    await waitFor(async () =>
      expect(await stat("Earnings")).toHaveTextContent(
        `Earnings${earned}What you earn from picked-up and shipped orders; their customers paid ${paid}`,
      ),
    );
    expect(await stat("Pickup Orders")).toHaveTextContent(/2$/);
    expect(await stat("Shipping Orders")).toHaveTextContent(/2$/);
    expect(await stat("Completed")).toHaveTextContent(/2$/);
    expect(within(await card("PH-10001")).getByText("Print completed - notify customer it's ready for pickup")).toBeInTheDocument();
    expect(screen.queryByRole("article", { name: "PH-10005" })).toBeNull();
    expect(screen.queryByRole("article", { name: "PH-10004" })).toBeNull();
    fireEvent.click(screen.getByRole("tab", { name: "Shipping Orders (2)" }));
    expect(within(await card("PH-10004")).getByText("Print completed - prepare for shipping and update tracking")).toBeInTheDocument();
    expect(await card("PH-10003")).toBeInTheDocument();
    expect(screen.queryByRole("article", { name: "PH-10001" })).toBeNull();
  });

  it("puts each tab's list under its own h2, so the cards' h3 order numbers do not follow the h1 directly (axe heading-order)", async () => {
    tracking("/printer-tracking", [order(1, "completed"), order(3, "shipped", { deliveryMethod: "shipping" })]);
    const levelsBefore = async (number: string) => {
      const h3 = within(await card(number)).getByRole("heading", { level: 3, name: number });
      const all = screen.getAllByRole("heading");
      return all.slice(0, all.indexOf(h3)).map((h) => `${h.tagName} ${h.textContent}`);
    };
    expect((await levelsBefore("PH-10001")).at(-1)).toBe("H2 Pickup Orders");
    fireEvent.click(screen.getByRole("tab", { name: "Shipping Orders (1)" }));
    expect((await levelsBefore("PH-10003")).at(-1)).toBe("H2 Shipping Orders");
  });

  it("tracks the first printer, and an owner of two may choose the other (its figures and orders, kept in the address)", async () => {
    const second = { ...printer, id: "p-2", name: "Second Farm" };
    const theirs = [order(7, "completed", { printerId: "p-2" })];
    const r = tracking("/printer-tracking", [], {
      [`GET /api/users/${me.id}/printers`]: () => json([printer, second]),
      "GET /api/printers/p-2/jobs": (_: unknown, url: URL) => json(pagedAnswer(theirs.filter(TRACKING_RULES.pickup), url)),
      "GET /api/printers/p-2/jobs/figures": () => json(figuresFixture(theirs)),
    });
    const select = await screen.findByLabelText("Printer");
    expect(select).toHaveValue("p-1");
    expect(screen.getByText(`Pickups, shipments and payouts for ${printer.name}.`)).toBeInTheDocument();
    fireEvent.change(select, { target: { value: "p-2" } });
    expect(await screen.findByText("Pickups, shipments and payouts for Second Farm.")).toBeInTheDocument();
    expect(await card("PH-10007")).toBeInTheDocument();
    expect(r.calls.some((c) => c.path === "/api/printers/p-2/jobs/figures")).toBe(true);
    await waitFor(() => expect(r.router.state.location.href).toContain("printer=p-2"));
  });

  it("says No Printer Registered without a printer", async () => {
    renderApp("/printer-tracking", { user: me, routes: { [`GET /api/users/${me.id}/printers`]: () => json([]) } });
    expect(await screen.findByRole("heading", { name: "No Printer Registered" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Dashboard" })).toHaveAttribute("href", "/dashboard");
  });

  it("?tab=payouts shows the balances, Connect Stripe for payouts, the ledger, and requests a payout", async () => {
    const r = tracking("/printer-tracking?tab=payouts", [], {
      [`POST /api/users/${me.id}/payouts`]: () =>
        json(
          { id: "po-1", amountCents: 734, amount: "7.34", status: "requested", transferId: null, createdAt: "2026-03-02T11:00:00.000Z" },
          201,
        ),
    });
    const balances = await screen.findByRole("region", { name: "Balances" });
    expect(within(balances).getByText("$7.34")).toBeInTheDocument();
    expect(within(balances).getByText("$1.50")).toBeInTheDocument();
    // The balances add up to what the ledger says the owner earned, the dashboard's Total Earnings.
    expect(within(balances).getByText("$8.84").parentElement).toHaveTextContent(/^Earned in all: \$8\.84, what you earn/);
    expect(screen.getByRole("heading", { name: "Connect Stripe for payouts" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Connect Stripe" })).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Earnings by Order" })).getByText("PH-10001")).toBeInTheDocument();
    await r.user.click(screen.getByRole("button", { name: "Request Payout" }));
    expect(await screen.findByText("Payout Requested")).toBeInTheDocument();
    expect(screen.getByText("$7.34 will be paid once you connect Stripe.")).toBeInTheDocument();
  });

  it("?tab=payouts shows the first page of payouts and of the ledger from the summary, and the next pages on Show more", async () => {
    const [newest, older] = payouts().ledger as [LedgerLine, LedgerLine];
    const line = (n: number): LedgerLine => ({ ...older, jobId: `j-old-${n}`, orderNumber: `PH-2000${n}`, fileName: `old${n}.stl` });
    const payout = (n: number): PayoutRecord => ({
      id: `po-${n}`,
      amountCents: 100 * n,
      amount: `${n}.00`,
      status: "paid",
      transferId: null,
      failure: null,
      createdAt: `2026-02-0${n}T10:00:00.000Z`,
      paidAt: null,
    });
    const asked: string[] = [];
    const r = tracking("/printer-tracking?tab=payouts", [], {
      [`GET /api/users/${me.id}/payouts`]: (_body: unknown, url: URL) => {
        asked.push(url.search);
        return json(payouts({ payouts: [payout(9)], payoutsNextCursor: "p-2", ledger: [newest, older], ledgerNextCursor: "l-2" }));
      },
      [`GET /api/users/${me.id}/payouts/history`]: (_body: unknown, url: URL) => {
        asked.push(`history${url.search}`);
        return json({ items: [payout(8)] });
      },
      [`GET /api/users/${me.id}/ledger`]: (_body: unknown, url: URL) => {
        asked.push(`ledger${url.search}`);
        return url.searchParams.get("cursor") === "l-2" ? json({ items: [line(1)], nextCursor: "l-3" }) : json({ items: [line(2)] });
      },
    });
    const ledger = await screen.findByRole("region", { name: "Earnings by Order" });
    expect(within(ledger).getByText("PH-10001")).toBeInTheDocument();
    expect(within(ledger).queryByText("PH-20001")).toBeNull();
    // Earned in all is the balances' sum, never the sum of the page of the ledger shown.
    expect(screen.getByText(/^Earned in all:/)).toHaveTextContent("Earned in all: $8.84");

    await r.user.click(within(ledger).getByRole("button", { name: "Show more ledger entries" }));
    expect(await within(ledger).findByText("PH-20001")).toBeInTheDocument();
    await r.user.click(within(ledger).getByRole("button", { name: "Show more ledger entries" }));
    expect(await within(ledger).findByText("PH-20002")).toBeInTheDocument();
    // The last page has no marker: the button goes.
    expect(within(ledger).queryByRole("button", { name: "Show more ledger entries" })).toBeNull();
    expect(within(ledger).getAllByRole("listitem")).toHaveLength(4);

    const history = screen.getByRole("region", { name: "Payout History" });
    expect(within(history).getAllByRole("row")).toHaveLength(2);
    await r.user.click(within(history).getByRole("button", { name: "Show more payouts" }));
    await waitFor(() => expect(within(history).getAllByRole("row")).toHaveLength(3));
    expect(within(history).queryByRole("button", { name: "Show more payouts" })).toBeNull();
    expect(asked).toEqual(["?limit=24", "ledger?limit=24&cursor=l-2", "ledger?limit=24&cursor=l-3", "history?limit=24&cursor=p-2"]);
  });
});
