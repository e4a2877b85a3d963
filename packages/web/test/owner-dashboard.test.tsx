import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { User } from "../src/api/types";
import { customer, json, renderApp } from "./helpers";

const me: User = { ...customer, userType: "both" };

const printer = {
  id: "p-1",
  ownerId: me.id,
  name: "Maria's Prusa",
  model: "Prusa MK4",
  location: "Berthoud, CO",
  buildVolumeX: 250,
  buildVolumeY: 210,
  buildVolumeZ: 220,
  materials: ["PLA"],
  pricePerGram: 0.08,
  isAvailable: true,
};

const pricing = (profitCents: number) => ({
  filamentCostPer1000gCents: 8000,
  materialCostCents: 100,
  basePrintCostCents: profitCents,
  multicolorPremiumCents: 0,
  timePremiumCents: 0,
  subtotalCents: profitCents,
  platformFeeCents: 300,
  printerProfitCents: profitCents,
  customerPaysCents: profitCents + 300,
  deliveryFeeCents: 0,
  totalCents: profitCents + 300,
  weightTier: "0-25g",
});

/** A job as GET /api/users/{id}/printer-jobs answers it: the presented job plus the customer's name. */
const job = (id: string, status: string, profitCents: number) => ({
  id,
  jobId: id,
  customerId: "c-1",
  printerId: "p-1",
  uploadId: "up-1",
  fileName: `${id}.stl`,
  fileSize: 1000,
  fileFormat: "stl",
  material: "PLA",
  filamentColor: "Black",
  printSettings: { quality: 0.2, infill: 20, supports: "auto", numberOfColors: 1, printTimeMinutes: 60, scale: 1 },
  deliveryMethod: "pickup",
  specialInstructions: "",
  estimatedWeight: 12,
  estimatedFromSize: false,
  numberOfColors: 1,
  printTimeMinutes: 60,
  boundingBox: null,
  pricing: pricing(profitCents),
  totalCost: ((profitCents + 300) / 100).toFixed(2),
  status,
  printer: { id: "p-1", name: "Maria's Prusa", model: "Prusa MK4", location: "Berthoud, CO", pricePerGram: 0.08, owner: null },
  createdAt: "2026-03-01T10:00:00.000Z",
  updatedAt: "2026-03-01T10:00:00.000Z",
  submittedAt: "2026-03-01T10:00:00.000Z",
  customer: { firstName: "Jamie", lastName: "Rivera" },
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
  it("counts pending, active and completed jobs and sums the printer profit of completed ones", async () => {
    renderApp("/printer-dashboard", {
      user: me,
      routes: { [`GET /api/users/${me.id}/printers`]: () => json([printer]), [`GET /api/users/${me.id}/printer-jobs`]: () => json(jobs) },
    });
    const card = (label: string) => screen.getByText(label).parentElement?.parentElement as HTMLElement;
    await screen.findByRole("heading", { name: "Active Orders" });
    expect(card("Pending Orders")).toHaveTextContent(/Pending Orders\s*1$/);
    expect(card("Total Jobs")).toHaveTextContent(/Total Jobs\s*6$/);
    expect(card("Total Earnings")).toHaveTextContent("$12.50");
    const active = screen.getByRole("heading", { name: "Active Orders" }).closest("section") as HTMLElement;
    expect(within(active).getByText("acc.stl")).toBeInTheDocument();
    expect(within(active).getByText("prn.stl")).toBeInTheDocument();
    const requests = screen.getByRole("heading", { name: "New Order Requests" }).closest("section") as HTMLElement;
    expect(within(requests).getByText("req.stl")).toBeInTheDocument();
    expect(within(requests).getByText(/Jamie Rivera/)).toBeInTheDocument();
    const completed = screen.getByRole("heading", { name: "Completed Orders" }).closest("section") as HTMLElement;
    expect(within(completed).getByText("Total: $12.50")).toBeInTheDocument();
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
