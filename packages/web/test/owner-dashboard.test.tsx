import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Job } from "../src/api/types";
import { figuresFixture, jobPrinterFixture, ownerJobFixture, ownPrinterFixture, userFixture } from "./fixtures";
import { json, pagedAnswer, renderApp } from "./helpers";

const me = userFixture({ userType: "both" });

const printer = ownPrinterFixture({ ownerId: me.id, filamentInventory: [] });

/**
 * A job sent to Maria's Prusa whose printer earns `profitCents`: at $0.08 per gram the printer
 * earns 2 × 8 cents per gram, so the job weighs profitCents / 16 grams.
 */
const job = (id: string, status: Job["status"], profitCents: number) =>
  ownerJobFixture({
    id,
    customerId: "c-1",
    printerId: "p-1",
    fileName: `${id}.stl`,
    estimatedWeight: profitCents / 16,
    status,
    printer: { ...jobPrinterFixture(printer), number: 1 },
    submittedAt: "2026-03-01T10:00:00.000Z",
  });

const jobs = [
  job("req", "submitted", 500),
  job("acc", "accepted", 700),
  job("prn", "printing", 900),
  job("done", "completed", 1000),
  job("gone", "picked_up", 250),
  job("nope", "cancelled", 4000),
];

describe("/printer-dashboard with jobs", () => {
  it("counts pending, active and completed jobs, and its earnings add up: Total Earnings = the lists' totals = the cards", async () => {
    renderApp("/printer-dashboard", {
      user: me,
      routes: {
        [`GET /api/users/${me.id}/printers`]: () => json([printer]),
        [`GET /api/users/${me.id}/printer-jobs`]: (_, url) => json(pagedAnswer(jobs, url)),
        [`GET /api/users/${me.id}/printer-jobs/figures`]: () => json(figuresFixture(jobs)),
      },
    });
    const card = (label: string) => screen.getByText(label).parentElement?.parentElement as HTMLElement;
    await screen.findByRole("heading", { name: "Active Orders" });
    await waitFor(() => expect(card("Total Jobs")).toHaveTextContent(/\d$/));
    expect(card("Pending Orders")).toHaveTextContent(/Pending Orders\s*1$/);
    expect(card("Total Jobs")).toHaveTextContent(/Total Jobs\s*6$/);
    // What the owner earns from accepted orders (shared/earnings.ts): not the request, not the cancelled one.
    expect(card("Total Earnings")).toHaveTextContent(/Total Earnings\s*\$28\.50What you earn from accepted orders$/);
    const active = screen.getByRole("heading", { name: "Active Orders" }).closest("section") as HTMLElement;
    expect(within(active).getByText("acc.stl")).toBeInTheDocument();
    expect(within(active).getByText("prn.stl")).toBeInTheDocument();
    const requests = screen.getByRole("heading", { name: "New Order Requests" }).closest("section") as HTMLElement;
    expect(within(requests).getByText("req.stl")).toBeInTheDocument();
    expect(within(requests).getByText(/Jamie Rivera/)).toBeInTheDocument();
    const completed = screen.getByRole("heading", { name: "Completed Orders" }).closest("section") as HTMLElement;
    expect(within(completed).getByText("You earn in total: $12.50")).toBeInTheDocument();
    expect(within(active).getByText("You earn in total: $16.00")).toBeInTheDocument();
    // Each card says what the owner earns from it, and the cards add up to their list's total.
    const cardsTotal = (section: HTMLElement) =>
      within(section)
        .getAllByText("You earn")
        .map((label) => Number(label.nextElementSibling?.textContent?.replace("$", "")))
        .reduce((a, b) => a + b, 0);
    expect(cardsTotal(completed)).toBeCloseTo(12.5);
    expect(cardsTotal(active)).toBeCloseTo(16);
    expect(within(completed).queryByText("nope.stl")).toBeNull();
  });

  it("shows the printer's queue: accepted or printing as active, submitted as pending", async () => {
    const r = renderApp("/printer-dashboard", {
      user: me,
      routes: {
        [`GET /api/users/${me.id}/printers`]: () => json([printer]),
        [`GET /api/users/${me.id}/printer-jobs`]: () => json(jobs),
        "GET /api/printers/p-1/jobs": () => json(jobs),
      },
    });
    await r.user.click(await screen.findByRole("button", { name: "Print queue for Maria's Prusa" }));
    const dialog = await screen.findByRole("dialog", { name: "Print Queue" });
    expect(await within(dialog).findByText("Active Queue (2)")).toBeInTheDocument();
    expect(within(dialog).getByText("Pending Requests (1)")).toBeInTheDocument();
    expect(within(dialog).getByText("req.stl")).toBeInTheDocument();
    expect(within(dialog).queryByText("done.stl")).toBeNull();
  });
});

describe("/printer-dashboard with many orders (issue 23: read a page at a time)", () => {
  it("counts every request from the server's figures and shows the requests 24 at a time with Show more orders", async () => {
    const many = Array.from({ length: 30 }, (_, i) => job(`r${String(i).padStart(2, "0")}`, "submitted", 160));
    const asked: string[] = [];
    const r = renderApp("/printer-dashboard", {
      user: me,
      routes: {
        [`GET /api/users/${me.id}/printers`]: () => json([printer]),
        [`GET /api/users/${me.id}/printer-jobs`]: (_, url) => {
          asked.push(url.search);
          return json(pagedAnswer(url.searchParams.get("group") === "completed" ? [] : many, url));
        },
        [`GET /api/users/${me.id}/printer-jobs/figures`]: () => json(figuresFixture(many)),
        "GET /api/printers/p-1/jobs": (_, url) => json(pagedAnswer(many, url)),
        "GET /api/printers/p-1/jobs/figures": () => json(figuresFixture(many)),
      },
    });
    const requests = (await screen.findByRole("heading", { name: "New Order Requests" })).closest("section") as HTMLElement;
    await waitFor(() => expect(within(requests).getAllByRole("article")).toHaveLength(24));
    const card = (label: string) => screen.getByText(label).parentElement?.parentElement as HTMLElement;
    await waitFor(() => expect(card("Pending Orders")).toHaveTextContent(/Pending Orders\s*30$/));
    expect(card("Total Jobs")).toHaveTextContent(/Total Jobs\s*30$/);
    // Only the groups are read, never the whole list.
    expect(asked.every((q) => /group=(open|completed)/.test(q) && /limit=24/.test(q))).toBe(true);
    await r.user.click(screen.getByRole("button", { name: "Show more orders" }));
    await waitFor(() => expect(within(requests).getAllByRole("article")).toHaveLength(30));
    expect(screen.queryByRole("button", { name: "Show more orders" })).toBeNull();

    // The Print Queue says how many wait in all while it shows the first page.
    await r.user.click(screen.getByRole("button", { name: "Print queue for Maria's Prusa" }));
    const dialog = await screen.findByRole("dialog", { name: "Print Queue" });
    expect(await within(dialog).findByText("Pending Requests (30)")).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getAllByRole("article")).toHaveLength(24));
    await r.user.click(within(dialog).getByRole("button", { name: "Show more orders" }));
    await waitFor(() => expect(within(dialog).getAllByRole("article")).toHaveLength(30));
  });
});

describe("/printer-dashboard and the quality test", () => {
  it.each([
    ["awaiting_test", "Print our test piece", "Take the quality test"],
    ["awaiting_review", "Your test is with our team", "See your quality test"],
    ["retry_requested", "Our team asked for a new attempt", "Send a new attempt"],
  ] as const)("a printer %s is marked Awaiting quality test with what to do next", async (verification, next, action) => {
    const waiting = ownPrinterFixture({ ownerId: me.id, verification });
    renderApp("/printer-dashboard", {
      user: me,
      routes: { [`GET /api/users/${me.id}/printers`]: () => json([waiting]), [`GET /api/users/${me.id}/printer-jobs`]: () => json([]) },
    });
    const row = await screen.findByTestId("owner-printer");
    expect(within(row).getByText("Awaiting quality test")).toBeInTheDocument();
    expect(within(row).getByText(/Customers do not see this printer yet/)).toHaveTextContent(next);
    expect(within(row).getByRole("link", { name: `${action}: Maria's Prusa` })).toHaveAttribute("href", "/quality-test/p-1");
    expect(within(row).queryByText("Verified")).toBeNull();
    const card = (label: string) => screen.getByText(label).parentElement?.parentElement as HTMLElement;
    expect(card("Active Printers")).toHaveTextContent(/Active Printers\s*0$/);
  });

  it("a verified printer carries the Verified badge and no quality test notice", async () => {
    renderApp("/printer-dashboard", {
      user: me,
      routes: { [`GET /api/users/${me.id}/printers`]: () => json([printer]), [`GET /api/users/${me.id}/printer-jobs`]: () => json([]) },
    });
    const row = await screen.findByTestId("owner-printer");
    expect(within(row).getByText("Verified")).toBeInTheDocument();
    expect(screen.queryByTestId("quality-test-status")).toBeNull();
  });
});

describe("/printer-dashboard: the owner's own printer", () => {
  it("shows its price per gram as precisely as the owner set it ($0.025, not $0.03)", async () => {
    // The Add Your 3D Printer dialog works out $0.0250 from a $24.99 1 kg spool; the owner's list must not say $0.03.
    const set = ownPrinterFixture({ ownerId: me.id, pricePerGram: 0.025 });
    renderApp("/printer-dashboard", {
      user: me,
      routes: { [`GET /api/users/${me.id}/printers`]: () => json([set]), [`GET /api/users/${me.id}/printer-jobs`]: () => json([]) },
    });
    const row = await screen.findByTestId("owner-printer");
    expect(row).toHaveTextContent("$0.025/gram ($25.00/kg)");
    expect(row).not.toHaveTextContent("$0.03/gram");
  });
});
