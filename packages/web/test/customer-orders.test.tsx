import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Order } from "../src/api/types";
import { authorisedPaymentFixture, customer, jobFixture, orderFixture } from "./fixtures";
import { apiError, customerDashboardRoutes, json, pagedAnswer, renderApp, waitForShell } from "./helpers";

const paid = authorisedPaymentFixture;

const orders: Order[] = [
  orderFixture(10001, { status: "submitted" }),
  orderFixture(10002, { status: "confirmed", confirmedAt: "2026-03-02T10:01:00.000Z" }, { payment: paid(1234) }),
  orderFixture(10003, { status: "printing" }, { payment: { ...paid(2000), status: "captured" } }),
  orderFixture(10004, { status: "shipped" }, { payment: { ...paid(500), status: "captured" } }),
  orderFixture(10005, { status: "cancelled" }, { cancelReason: "customer" }),
];

const jobsPath = `GET /api/users/${customer.id}/jobs`;
const draftsPath = `GET /api/users/${customer.id}/drafts`;
const dashboardRoutes = (list: Order[], asked: string[] = []) => customerDashboardRoutes(customer.id, list, asked);

describe("/orders", () => {
  it("lists the orders by number, offers Cancel Order only while the customer may cancel, and finds one by its number", async () => {
    const { user } = renderApp("/orders", { user: customer, routes: { [jobsPath]: () => json(orders) } });
    await waitForShell();
    const list = await screen.findByRole("list", { name: "Orders" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(5);
    const cancellable = orders.filter((o) =>
      within(screen.getByRole("listitem", { name: `Order ${o.orderNumber}` })).queryByRole("button", { name: "Cancel Order" }),
    );
    expect(cancellable.map((o) => o.status)).toEqual(["submitted", "confirmed"]);
    expect(screen.getByRole("main")).not.toHaveTextContent("o-1");

    // (while a partial entry matches nothing the list gives way to a "No order matches" line: read it again)
    await user.type(screen.getByLabelText("Find an order"), "ph10003");
    expect(within(screen.getByRole("list", { name: "Orders" })).getAllByRole("listitem")).toHaveLength(1);
    expect(screen.getByRole("listitem", { name: "Order PH-10003" })).toBeInTheDocument();
    await user.clear(screen.getByLabelText("Find an order"));
    await user.type(screen.getByLabelText("Find an order"), "#10005");
    expect(within(screen.getByRole("list", { name: "Orders" })).getAllByRole("listitem")).toHaveLength(1);
    expect(screen.getByRole("listitem", { name: "Order PH-10005" })).toBeInTheDocument();
    await user.clear(screen.getByLabelText("Find an order"));
    await user.type(screen.getByLabelText("Find an order"), "PH-99");
    expect(screen.getByText("No order matches “PH-99”.")).toBeInTheDocument();
  });

  it("reads the orders a page at a time, newest first: Show more orders reads the next page until there is none", async () => {
    const many = Array.from({ length: 30 }, (_, i) => orderFixture(20000 + i, { status: "submitted" }));
    const asked: string[] = [];
    const { user } = renderApp("/orders", {
      user: customer,
      routes: {
        [jobsPath]: (_, url) => {
          asked.push(url.search);
          return json(pagedAnswer(many, url));
        },
      },
    });
    await waitForShell();
    const list = await screen.findByRole("list", { name: "Orders" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(24);
    expect(asked[0]).toContain("limit=24");
    await user.click(screen.getByRole("button", { name: "Show more orders" }));
    await waitFor(() => expect(within(screen.getByRole("list", { name: "Orders" })).getAllByRole("listitem")).toHaveLength(30));
    expect(asked.at(-1)).toContain("cursor=24");
    expect(screen.queryByRole("button", { name: "Show more orders" })).not.toBeInTheDocument();
    expect(screen.getByRole("listitem", { name: "Order PH-20029" })).toBeInTheDocument();
  });

  it("cancels after the confirmation: Keep Order closes it, Cancel Order cancels", async () => {
    let cancelled = false;
    const first = orders[0] as Order;
    const { user, calls } = renderApp("/orders", {
      user: customer,
      routes: {
        [jobsPath]: () => json(cancelled ? [{ ...first, status: "cancelled" }] : [first]),
        "POST /api/orders/o-10001/cancel": () => {
          cancelled = true;
          return json({ message: "Your order has been cancelled successfully", order: { ...first, status: "cancelled" } });
        },
      },
    });
    await waitForShell();
    await user.click(await screen.findByRole("button", { name: "Cancel Order" }));
    let dialog = await screen.findByRole("dialog", { name: "Cancel Order" });
    expect(dialog).toHaveTextContent("cannot be undone");
    await user.click(within(dialog).getByRole("button", { name: "Keep Order" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    await user.click(screen.getByRole("button", { name: "Cancel Order" }));
    dialog = await screen.findByRole("dialog", { name: "Cancel Order" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel Order" }));
    expect(await screen.findByText("Order Cancelled")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Cancel Order" })).not.toBeInTheDocument());
  });

  it("shows No Orders Yet, and Error loading orders with Try Again", async () => {
    let fail = true;
    const { user } = renderApp("/orders", {
      user: customer,
      routes: { [jobsPath]: () => (fail ? apiError(500, "Something went wrong.") : json([])) },
    });
    await waitForShell();
    expect(await screen.findByText("Error loading orders")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("heading", { name: "No Orders Yet" })).toBeInTheDocument();
    expect(within(screen.getByRole("main")).getByRole("link", { name: "Upload Design" })).toHaveAttribute("href", "/upload");
  });
});

describe("/dashboard", () => {
  it("counts real orders, opens on Active Orders and groups the tabs as the spec says", async () => {
    const draft = jobFixture({ id: "d-9", fileName: "draft.stl" });
    const { user } = renderApp("/dashboard", {
      user: customer,
      routes: { ...dashboardRoutes(orders), [draftsPath]: () => json([draft]) },
    });
    await waitForShell();
    const main = screen.getByRole("main");
    const active = await screen.findByRole("tab", { name: "Active Orders (3)" });
    expect(active).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "Drafts (1)" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Completed (1)" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "All Orders (6)" })).toBeInTheDocument();
    const card = (label: string) => within(main).getByText(label).parentElement?.parentElement;
    expect(card("Total Orders")).toHaveTextContent("5");
    expect(card("Total Spent")).toHaveTextContent("$37.34");

    const printing = await screen.findByRole("listitem", { name: "Order PH-10003" });
    expect(printing).toHaveTextContent("Currently being printed");
    expect(printing).toHaveTextContent("Estimated completion in 6-12 hours");
    expect(within(printing).getByRole("button", { name: "Contact Printer" })).toBeInTheDocument();
    expect(within(printing).queryByRole("button", { name: "Cancel" })).not.toBeInTheDocument();
    const unpaid = screen.getByRole("listitem", { name: "Order PH-10001" });
    expect(within(unpaid).getByRole("link", { name: "Pay Now" })).toHaveAttribute("href", "/checkout?orderId=o-10001");
    expect(within(unpaid).getByRole("button", { name: "Cancel" })).toBeInTheDocument();

    await user.click(within(printing).getByRole("button", { name: "Job Details" }));
    const dialog = await screen.findByRole("dialog", { name: "Job Details" });
    expect(dialog).toHaveTextContent("PH-10003");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await user.click(screen.getByRole("tab", { name: "Drafts (1)" }));
    expect(await screen.findByRole("link", { name: "Edit Draft" })).toHaveAttribute("href", "/upload?draft=d-9");
  });

  it("counts every order from the server's figures and reads each tab 24 at a time with Show more orders", async () => {
    const many = Array.from({ length: 60 }, (_, i) =>
      orderFixture(20000 + i, { status: i % 2 ? "shipped" : "printing" }, { payment: { ...paid(1000), status: "captured" } }),
    );
    const asked: string[] = [];
    const { user } = renderApp("/dashboard", {
      user: customer,
      routes: { ...dashboardRoutes(many, asked), [draftsPath]: () => json([]) },
    });
    await waitForShell();
    const main = screen.getByRole("main");
    expect(await screen.findByRole("tab", { name: "Active Orders (30)" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "Completed (30)" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "All Orders (60)" })).toBeInTheDocument();
    const card = (label: string) => within(main).getByText(label).parentElement?.parentElement;
    expect(card("Total Orders")).toHaveTextContent("60");
    expect(card("Total Spent")).toHaveTextContent("$600.00");

    const panel = () => screen.getByRole("tabpanel");
    await waitFor(() => expect(within(panel()).getAllByRole("listitem")).toHaveLength(24));
    await user.click(screen.getByRole("button", { name: "Show more orders" }));
    await waitFor(() => expect(within(panel()).getAllByRole("listitem")).toHaveLength(30));
    expect(
      within(panel())
        .getAllByRole("listitem")
        .every((li) => /printing/i.test(li.textContent ?? "")),
    ).toBe(true);
    expect(screen.queryByRole("button", { name: "Show more orders" })).toBeNull();

    await user.click(screen.getByRole("tab", { name: "Completed (30)" }));
    await waitFor(() => expect(within(panel()).getAllByRole("listitem")).toHaveLength(24));
    // Only the open tabs were read, a page at a time; never the whole list.
    expect(asked.every((q) => /limit=24/.test(q))).toBe(true);
    expect(asked.filter((q) => /group=active/.test(q))).toHaveLength(2);
    expect(asked.filter((q) => /group=completed/.test(q))).toHaveLength(1);
    expect(asked.some((q) => !/group=/.test(q))).toBe(false);
  });

  it("stops at the tab's count even where the server would read on, and reads past an empty page by itself", async () => {
    const two = [orderFixture(30001, { status: "submitted" }), orderFixture(30002, { status: "submitted" })];
    const asked: string[] = [];
    renderApp("/dashboard", {
      user: customer,
      routes: {
        ...dashboardRoutes(two),
        [draftsPath]: () => json([]),
        // As a tab's page that looked at its most orders: one empty page, then the tab's two with a marker.
        [jobsPath]: (_: unknown, url: URL) => {
          asked.push(url.search);
          return json(url.searchParams.get("cursor") ? { items: two, nextCursor: "more" } : { items: [], nextCursor: "on" });
        },
      },
    });
    await waitFor(() => expect(within(screen.getByRole("tabpanel")).getAllByRole("listitem")).toHaveLength(2));
    expect(asked).toHaveLength(2);
    expect(screen.queryByRole("button", { name: "Show more orders" })).toBeNull();
  });

  it("reads on past an empty page only once when reading on fails, and offers Try Again", async () => {
    const asked: string[] = [];
    renderApp("/dashboard", {
      user: customer,
      routes: {
        ...dashboardRoutes([orderFixture(30003, { status: "submitted" })]),
        [draftsPath]: () => json([]),
        // As over a network: the answer comes a moment later, so the screen sees the read under way.
        [jobsPath]: async (_: unknown, url: URL) => {
          asked.push(url.search);
          await new Promise((r) => setTimeout(r, 20));
          return url.searchParams.get("cursor")
            ? apiError(400, "That page marker is no longer valid. Start again from the first page.", "stale_cursor")
            : json({ items: [], nextCursor: "on" });
        },
      },
    });
    expect(await screen.findByRole("button", { name: "Try Again" })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 300));
    expect(asked).toHaveLength(2);
  });
});
