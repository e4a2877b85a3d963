import { randomUUID } from "node:crypto";
import { type JobRecord, orderListItemSchema, orderSchema, type PrinterRecord } from "@printhood/core";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "./client.ts";
import { signedIn } from "./designs.ts";
import { useStack } from "./stack.ts";

/**
 * A page of 24 orders stays under issue 23's 64 KB budget for a body, with orders as people make
 * them: projects of four parts with their pictures (the most parts a list gives of an order: core
 * orders/list-item.ts), shipped, paid, with a note for the owner; and a page of single designs,
 * the most common order, well under it (48 KB). The order's page gives everything. The orders are
 * written with the real entities into DynamoDB Local (making them through checkout would test
 * checkout, not the lists' size).
 */
const BODY_BUDGET_BYTES = 64 * 1024;
const PAGE = 24;
const stack = useStack();

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
const settings = { quality: 0.2, infill: 20, supports: "auto" as const, numberOfColors: 1, printTimeMinutes: 94, scale: 1 };
const PART_NAMES = ["bracket-left-v3.stl", "bracket-right-v3.stl", "cable-clip.3mf", "enclosure-lid-rev-b.stl"];

function owner(ownerId: string): PrinterRecord {
  return {
    printerId: randomUUID(),
    ownerId,
    name: "Loveland Bambu Farm",
    model: "Bambu Lab P1S",
    city: "Loveland",
    state: "CO",
    zipCode: "80537",
    latitude: 40.4,
    longitude: -105.08,
    buildVolumeX: 256,
    buildVolumeY: 256,
    buildVolumeZ: 256,
    materials: ["PLA", "PETG"],
    pricePerGram: 0.05,
    isAvailable: true,
    ratingTotal: 0,
    totalReviews: 0,
    totalJobs: 0,
    printerNumber: 9000 + Math.floor(Math.random() * 1000),
    createdAt: at(10_000),
  } as PrinterRecord;
}

/** A project of four parts (2, 1, 6 and 1 copies), shipped to the customer, paid and printing; or a single design picked up. */
function project(customerId: string, printer: PrinterRecord, n: number, single = false): JobRecord {
  const parts = (single ? PART_NAMES.slice(0, 1) : PART_NAMES).map((fileName, i) => ({
    uploadId: randomUUID(),
    fileName,
    fileSize: 184_320 + i * 1000,
    fileFormat: fileName.endsWith(".3mf") ? ("3mf" as const) : ("stl" as const),
    quantity: single ? 1 : ([2, 1, 6, 1][i] as number),
    material: "PETG",
    filamentColor: "Black",
    printSettings: settings,
    estimatedWeight: 23.4,
    estimatedFromSize: false,
    printTimeMinutes: 94,
    numberOfColors: 1,
    boundingBox: { x: 42.5, y: 30.1, z: 12 },
    unitCents: 412,
    grossCents: 412,
    discountPercent: 0,
    discountCents: 0,
    lineTotalCents: 412,
    thumbnailId: randomUUID(),
  }));
  const stamp = at(PAGE * 2 - n);
  return {
    jobId: randomUUID(),
    customerId,
    printerId: printer.printerId,
    orderPrinterId: printer.printerId,
    orderOwnerId: printer.ownerId,
    uploadId: parts[0]?.uploadId as string,
    fileName: single ? "bracket-left-v3.stl" : "bracket-left-v3.stl + 3 more",
    fileSize: 184_320,
    fileFormat: "stl",
    material: "PETG",
    filamentColor: "Black",
    printSettings: settings,
    parts,
    deliveryMethod: single ? "pickup" : "shipping",
    specialInstructions: "Please print the brackets flat side down; the clips can go in any orientation. Thanks!",
    estimatedWeight: 234,
    estimatedFromSize: false,
    printTimeMinutes: 940,
    numberOfColors: 1,
    boundingBox: { x: 42.5, y: 30.1, z: 12 },
    pricing: {
      filamentCostPer1000gCents: 2500,
      materialCostCents: 1170,
      basePrintCostCents: 3000,
      multicolorPremiumCents: 0,
      timePremiumCents: 450,
      quantityDiscountCents: 120,
      subtotalCents: 4500,
      platformFeeCents: 450,
      printerProfitCents: 3880,
      customerPaysCents: 4950,
      deliveryFeeCents: 0,
      totalCents: 5795,
      weightTier: "medium",
    },
    shipping: single
      ? undefined
      : {
          optionId: "usps_ground_advantage",
          carrier: "USPS",
          service: "Ground Advantage",
          description: "USPS Ground Advantage, 2-5 business days",
          costCents: 845,
          zipFrom: "80537",
          zipTo: "80525",
          zone: 1,
          billableGrams: 454,
        },
    status: "printing",
    orderNumber: 70_000 + n,
    payment: { intentId: `pi_${randomUUID()}`, status: "captured", amountCents: 5795, authorizedAt: stamp, capturedAt: stamp },
    createdAt: stamp,
    updatedAt: stamp,
    submittedAt: stamp,
    confirmedAt: stamp,
    acceptedAt: stamp,
    printingStartedAt: stamp,
  } as JobRecord;
}

describe("a page of 24 orders, each a project of four parts (issue 23: bodies under 64 KB)", () => {
  let customer: { c: TestClient; me: { id: string } };
  let plain: { c: TestClient; me: { id: string } };
  let maker: { c: TestClient; me: { id: string } };
  let printer: PrinterRecord;
  let first: JobRecord;

  beforeAll(async () => {
    customer = await signedIn(stack());
    plain = await signedIn(stack());
    maker = await signedIn(stack());
    printer = owner(maker.me.id);
    const { printers, jobs } = stack().store.entities;
    await printers.put(printer).go();
    const orders = Array.from({ length: PAGE + 1 }, (_, n) => project(customer.me.id, printer, n));
    first = orders[0] as JobRecord;
    await jobs.put(orders).go();
    await jobs.put(Array.from({ length: PAGE }, (_, n) => project(plain.me.id, printer, n, true))).go();
  });

  const lists = () => [
    { name: "the customer's orders", c: customer.c, path: `/api/users/${customer.me.id}/jobs` },
    { name: "the owner's jobs", c: maker.c, path: `/api/users/${maker.me.id}/printer-jobs` },
    { name: "the printer's queue", c: maker.c, path: `/api/printers/${printer.printerId}/jobs` },
  ];

  it("answers each list's page of 24 projects under the budget, each order as its schema declares it", async () => {
    for (const list of lists()) {
      const res = await list.c.get(`${list.path}?limit=${PAGE}`);
      expect(res.status, list.name).toBe(200);
      const bytes = Buffer.byteLength(JSON.stringify(res.json));
      expect(bytes, `${list.name}: ${bytes} bytes`).toBeLessThan(BODY_BUDGET_BYTES);
      const items = (res.json as { items: unknown[] }).items;
      expect(items).toHaveLength(PAGE);
      // Nothing in the answer that its schema does not declare, nothing declared missing.
      for (const item of items) orderListItemSchema.strict().parse(item);
      expect(items[0]).toMatchObject({ partCount: 4, copyCount: 10, parts: [{ number: 1, quantity: 2 }, {}, {}, {}] });
    }
  });

  it("answers a page of 24 single designs with a quarter of the budget to spare", async () => {
    const res = await plain.c.get(`/api/users/${plain.me.id}/jobs?limit=${PAGE}`);
    expect((res.json as { items: unknown[] }).items).toHaveLength(PAGE);
    const bytes = Buffer.byteLength(JSON.stringify(res.json));
    expect(bytes, `${bytes} bytes`).toBeLessThan(BODY_BUDGET_BYTES * 0.75);
  });

  it("the order's own page keeps every part with its settings, figures and price line", async () => {
    const res = await customer.c.get(`/api/print-jobs/${first.jobId}`);
    expect(res.status).toBe(200);
    const order = orderSchema.parse(res.json);
    expect(order.parts.map((p) => [p.fileName, p.quantity, p.printSettings.supports, p.lineTotalCents])).toEqual(
      PART_NAMES.map((name, i) => [name, [2, 1, 6, 1][i], "auto", 412]),
    );
    expect(order.pricing.materialCost).toBe("11.70");
  });
});
