import { quoteDesign, quoteProject } from "@printhood/core";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import type { TestClient } from "./client.ts";
import { draftBody, printerNamed, uploadDesign } from "./designs.ts";
import { ownerSignedIn, ownerStep, pay, signIn } from "./orders.ts";
import { useStack } from "./stack.ts";
import { boxStl } from "./stl.ts";

/**
 * Projects of several parts (issue 22): a draft and an order hold parts with quantities, priced by
 * the one quote from the server's own analyses, made by one printer that can make every part, paid
 * once, downloaded part by part or as one zip, and ordered again. A project of one part and one
 * copy reads exactly as a single design did.
 */
const stack = useStack({ seed: true });

const FILES = [
  { name: "bracket.stl", bytes: boxStl(40, 30, 20), quantity: 3 },
  { name: "lid.stl", bytes: boxStl(60, 50, 4), quantity: 1 },
  { name: "clip.stl", bytes: boxStl(12, 8, 6), quantity: 12 },
];

type Part = {
  number: number;
  uploadId: string;
  fileName: string;
  quantity: number;
  estimatedWeight: number;
  printTimeMinutes: number;
  numberOfColors: number;
  lineTotalCents: number;
  lineTotal: string;
  unitPriceCents: number;
  discountPercent: number;
  thumbnailUrl: string | null;
  printedSize: string | null;
};

/** A new customer with the three parts uploaded and analysed. */
async function customerWithParts() {
  const { c } = await signIn(stack(), "customer@printhood.local");
  const ids: string[] = [];
  for (const f of FILES) ids.push(await uploadDesign(stack(), c, f.bytes, f.name));
  return { c, ids };
}

const projectBody = (ids: string[], over: Record<string, unknown> = {}) =>
  draftBody(ids[0]!, { uploadId: undefined, parts: ids.map((uploadId, i) => ({ uploadId, quantity: FILES[i]!.quantity })), ...over });

/** What core's one quote says for these parts on this printer (the answers must agree with it). */
function expectedQuote(
  parts: Part[],
  printer: { pricePerGram: number; quantityDiscounts?: { minQuantity: number; percent: number }[] } | null,
  deliveryMethod = "pickup" as const,
) {
  return quoteProject(
    parts.map((p) => ({ measured: p, material: "PLA", quantity: p.quantity })),
    { deliveryMethod },
    printer,
  );
}

async function saveProject(c: TestClient, ids: string[], over: Record<string, unknown> = {}) {
  const saved = await c.post("/api/save-draft", projectBody(ids, over));
  expect(saved.status, JSON.stringify(saved.json)).toBe(201);
  return saved.json as {
    jobId: string;
    draft: {
      parts: Part[];
      fileName: string;
      pricing: { totalCents: number; subtotalCents: number };
      estimatedWeight: number;
      printTimeMinutes: number;
    };
  };
}

describe("a project of three parts, quantities 3, 1 and 12", () => {
  it("is saved with its parts, each with its quantity, figures, price line and picture; the draft's own fields are the totals", async () => {
    const { c, ids } = await customerWithParts();
    const { jobId, draft } = await saveProject(c, ids);
    expect(draft.fileName).toBe("bracket.stl + 2 more");
    expect(draft.parts.map((p) => [p.number, p.fileName, p.quantity])).toEqual([
      [1, "bracket.stl", 3],
      [2, "lid.stl", 1],
      [3, "clip.stl", 12],
    ]);
    const quote = expectedQuote(draft.parts, null);
    expect(draft.parts.map((p) => p.lineTotalCents)).toEqual(quote.lines.map((l) => l.lineTotalCents));
    expect(draft.parts[0]!.lineTotalCents).toBe(draft.parts[0]!.unitPriceCents * 3);
    expect(draft.pricing.totalCents).toBe(quote.pricing.totalCents);
    expect(draft.pricing.subtotalCents).toBe(draft.parts.reduce((n, p) => n + p.lineTotalCents, 0));
    expect(draft.estimatedWeight).toBeCloseTo(
      draft.parts.reduce((n, p) => n + p.estimatedWeight * p.quantity, 0),
      6,
    );
    expect(draft.printTimeMinutes).toBe(draft.parts.reduce((n, p) => n + p.printTimeMinutes * p.quantity, 0));
    expect(draft.parts[0]!.printedSize).toBe("40 × 30 × 20 mm");

    // GET /api/drafts/{id} and the saved prints list say the same.
    const read = await c.get(`/api/drafts/${jobId}`);
    expect(read.json.parts).toEqual(draft.parts);
    const me = (await c.get("/api/auth/user")).json as { id: string };
    const list = (await c.get(`/api/users/${me.id}/drafts`)).json as { id: string; parts: Part[] }[];
    expect(list.find((d) => d.id === jobId)?.parts).toEqual(draft.parts);

    // Every part has its picture: a PNG rendered from its mesh, served to whoever has its address.
    for (const p of draft.parts) {
      expect(p.thumbnailUrl).toMatch(/^\/api\/thumbnails\/[0-9a-f-]{36}$/);
      const png = await fetch(`${stack().url}${p.thumbnailUrl}`);
      expect(png.status).toBe(200);
      expect(png.headers.get("content-type")).toBe("image/png");
      const bytes = new Uint8Array(await png.arrayBuffer());
      expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    }
    expect((await fetch(`${stack().url}/api/thumbnails/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
  });

  it("refuses quantities outside 1 to 1,000 and more than 20 parts, with a sentence", async () => {
    const { c, ids } = await customerWithParts();
    for (const quantity of [0, 1001, 2.5]) {
      const res = await c.post("/api/save-draft", projectBody(ids, { parts: [{ uploadId: ids[0], quantity }] }));
      expect(res.status, String(quantity)).toBe(400);
      expect(res.json.message).toContain("Quantity must be a whole number from 1 to 1,000.");
    }
    const tooMany = await c.post("/api/save-draft", projectBody(ids, { parts: Array.from({ length: 21 }, () => ({ uploadId: ids[0] })) }));
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.message).toContain("A project can have at most 20 parts.");
  });

  it("adds and removes a part on a saved print, re-priced", async () => {
    const { c, ids } = await customerWithParts();
    const { jobId, draft } = await saveProject(c, ids.slice(0, 2), {
      parts: ids.slice(0, 2).map((uploadId) => ({ uploadId, quantity: 2 })),
    });
    expect(draft.parts).toHaveLength(2);
    const added = await c.put(`/api/drafts/${jobId}`, projectBody(ids));
    expect(added.status).toBe(200);
    expect(added.json.parts.map((p: Part) => p.fileName)).toEqual(["bracket.stl", "lid.stl", "clip.stl"]);
    const removed = await c.put(`/api/drafts/${jobId}`, projectBody(ids, { parts: [{ uploadId: ids[2], quantity: 5 }] }));
    expect(removed.status).toBe(200);
    expect(removed.json.fileName).toBe("clip.stl");
    expect(removed.json.parts.map((p: Part) => [p.fileName, p.quantity])).toEqual([["clip.stl", 5]]);
    expect(removed.json.pricing.totalCents).toBe(expectedQuote(removed.json.parts, null).pricing.totalCents);
  });
});

describe("one printer for the whole project", () => {
  it("a printer too small for one part refuses the order and names the part", async () => {
    const { c } = await signIn(stack(), "customer@printhood.local");
    const small = await uploadDesign(stack(), c, boxStl(20, 20, 20), "peg.stl");
    const tall = await uploadDesign(stack(), c, boxStl(100, 100, 200), "tower.stl");
    const { jobId } = await saveProject(c, [small, tall], {
      filamentColor: "White",
      parts: [{ uploadId: small, quantity: 2 }, { uploadId: tall }],
    });
    const mini = await printerNamed(stack(), "Sam's A1 mini");
    const res = await c.post("/api/submit-order", { printerId: mini.printerId, draftId: jobId, filamentColor: "White" });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe("part_too_big_for_printer");
    expect(res.json.message).toBe(
      "Part 2 (tower.stl) (100 × 100 × 200 mm) does not fit Sam's A1 mini's build volume of 180 × 180 × 180 mm. Please choose a larger printer, or scale that part down.",
    );
  });

  it("is priced, paid, printed and handed over as one order; the owner downloads each part and the zip; the queue counts every copy", async () => {
    const { c, ids } = await customerWithParts();
    const { jobId, draft } = await saveProject(c, ids);
    const printer = await printerNamed(stack(), "Old Town Print Shop");
    const owner = await ownerSignedIn(stack());
    // The owner's quantity discount: 10% off a line from 10 copies (the clip's 12), shown on the printer.
    const discounts = await owner.c.put(`/api/printers/${printer.printerId}`, { quantityDiscounts: [{ minQuantity: 10, percent: 10 }] });
    expect(discounts.status, JSON.stringify(discounts.json)).toBe(200);
    const listed = (await c.get(`/api/printers/${printer.printerId}`)).json;
    expect(listed.quantityDiscounts).toEqual([{ minQuantity: 10, percent: 10 }]);
    const queueBefore = listed.queueMinutes as number;

    const quote = expectedQuote(draft.parts, { pricePerGram: printer.pricePerGram, quantityDiscounts: [{ minQuantity: 10, percent: 10 }] });
    expect(quote.lines.map((l) => l.discountPercent)).toEqual([0, 0, 10]);
    const submitted = await c.post("/api/submit-order", {
      printerId: printer.printerId,
      draftId: jobId,
      filamentColor: "Black",
      expectedTotal: (quote.pricing.totalCents / 100).toFixed(2),
    });
    expect(submitted.status, JSON.stringify(submitted.json)).toBe(201);
    expect(submitted.json.pricing.totalCents).toBe(quote.pricing.totalCents);
    expect(submitted.json.pricing.quantityDiscountCents).toBe(quote.lines[2]!.discountCents);
    const orderId = submitted.json.orderId as string;

    const paid = await pay(stack(), c, orderId);
    expect(paid.status).toBe(200);
    expect(paid.intent.amountCents).toBe(quote.pricing.totalCents);

    const ownerView = (await owner.c.get(`/api/print-jobs/${orderId}`)).json;
    expect(ownerView.parts.map((p: Part) => [p.fileName, p.quantity, p.printedSize, p.discountPercent])).toEqual([
      ["bracket.stl", 3, "40 × 30 × 20 mm", 0],
      ["lid.stl", 1, "60 × 50 × 4 mm", 0],
      ["clip.stl", 12, "12 × 8 × 6 mm", 10],
    ]);
    const ownerList = (await owner.c.get(`/api/users/${owner.me.id}/printer-jobs`)).json as { id: string; parts: Part[] }[];
    expect(ownerList.find((o) => o.id === orderId)?.parts).toHaveLength(3);

    // Each part's download is exactly the uploaded bytes; part 4 does not exist; the customer may not.
    for (const [i, f] of FILES.entries()) {
      const link = await owner.c.get(`/api/print-jobs/${orderId}/download?part=${i + 1}`);
      expect(link.status).toBe(200);
      expect(link.json.fileName).toBe(f.name);
      expect(new Uint8Array(await (await fetch(link.json.url)).arrayBuffer())).toEqual(f.bytes);
    }
    const first = await owner.c.get(`/api/print-jobs/${orderId}/download`);
    expect(first.json.fileName).toBe("bracket.stl");
    const missing = await owner.c.get(`/api/print-jobs/${orderId}/download?part=4`);
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBe("This order has 3 parts; please ask for a part from 1 to 3.");
    expect((await c.get(`/api/print-jobs/${orderId}/download?part=all`)).status).toBe(403);

    // All of them in one zip: the same bytes, and the list of what to print.
    const zipLink = await owner.c.get(`/api/print-jobs/${orderId}/download?part=all`);
    expect(zipLink.status, JSON.stringify(zipLink.json)).toBe(200);
    expect(zipLink.json.fileName).toMatch(/^PH-\d+\.zip$/);
    const zip = unzipSync(new Uint8Array(await (await fetch(zipLink.json.url)).arrayBuffer()));
    for (const f of FILES) expect(zip[f.name]).toEqual(f.bytes);
    const list = new TextDecoder().decode(zip[`${zipLink.json.fileName.replace(".zip", "")} parts.txt`]);
    expect(list).toContain("3. clip.stl × 12: PLA, Black, 0.2 mm layers, 20% infill, supports auto, scale 100%, 12 × 8 × 6 mm");

    // The owner's queue adds every copy while the order is accepted or printing.
    expect((await owner.c.post(`/api/print-jobs/${orderId}/respond`, { action: "accept" })).status).toBe(200);
    const queued = (await c.get(`/api/printers/${printer.printerId}`)).json.queueMinutes as number;
    expect(queued - queueBefore).toBe(draft.printTimeMinutes);
    for (const status of ["printing", "completed", "ready_for_pickup", "picked_up"]) {
      expect((await ownerStep(stack(), owner.c, orderId, { status })).status, status).toBe(200);
    }
    expect((await c.get(`/api/printers/${printer.printerId}`)).json.queueMinutes).toBe(queueBefore);
    const picked = (await c.get(`/api/print-jobs/${orderId}`)).json;
    expect(picked.status).toBe("picked_up");
    expect(picked.parts.map((p: Part) => p.lineTotalCents)).toEqual(quote.lines.map((l) => l.lineTotalCents));

    // Ordered again in one call: the same parts, files and quantities, priced at today's prices.
    expect((await owner.c.put(`/api/printers/${printer.printerId}`, { pricePerGram: 0.03, quantityDiscounts: [] })).status).toBe(200);
    const again = await c.post(`/api/print-jobs/${orderId}/reorder`, {});
    expect(again.status, JSON.stringify(again.json)).toBe(201);
    const redraft = again.json.draft;
    expect(redraft.status).toBe("draft");
    expect(redraft.printerId).toBe(printer.printerId);
    expect(redraft.parts.map((p: Part) => [p.uploadId, p.quantity])).toEqual(ids.map((id, i) => [id, FILES[i]!.quantity]));
    expect(redraft.pricing.totalCents).toBe(expectedQuote(redraft.parts, { pricePerGram: 0.03 }).pricing.totalCents);
    expect(redraft.pricing.totalCents).not.toBe(quote.pricing.totalCents);
    const elsewhere = await c.post(`/api/print-jobs/${orderId}/reorder`, { printerId: null });
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.json.draft.printerId).toBeNull();
    expect((await owner.c.post(`/api/print-jobs/${orderId}/reorder`, {})).status).toBe(404);
    expect((await owner.c.put(`/api/printers/${printer.printerId}`, { pricePerGram: printer.pricePerGram })).status).toBe(200);
  });

  it("an order still in progress cannot be ordered again yet", async () => {
    const { c, ids } = await customerWithParts();
    const { jobId } = await saveProject(c, ids);
    const printer = await printerNamed(stack(), "Old Town Print Shop");
    const submitted = await c.post("/api/submit-order", { printerId: printer.printerId, draftId: jobId, filamentColor: "Black" });
    const res = await c.post(`/api/print-jobs/${submitted.json.orderId}/reorder`, {});
    expect(res.status).toBe(409);
    expect(res.json.code).toBe("not_reorderable");
  });
});

describe("a single design reads exactly as before", () => {
  it("save-draft with uploadId is one part of one copy, priced by quoteDesign", async () => {
    const { c } = await signIn(stack(), "customer@printhood.local");
    const uploadId = await uploadDesign(stack(), c);
    const saved = await c.post("/api/save-draft", draftBody(uploadId));
    expect(saved.status).toBe(201);
    const d = saved.json.draft;
    expect(d.uploadId).toBe(uploadId);
    expect(d.fileName).toBe("box.stl");
    expect(d.parts).toHaveLength(1);
    expect(d.parts[0]).toMatchObject({ number: 1, uploadId, fileName: "box.stl", quantity: 1, lineTotalCents: d.pricing.subtotalCents });
    expect(d.pricing.totalCents).toBe(quoteDesign(d, { material: "PLA", deliveryMethod: "pickup" }).totalCents);
    expect(d.pricing.quantityDiscountCents).toBe(0);
  });
});
