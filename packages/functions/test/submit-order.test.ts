import { priceJob } from "@printhood/core/shared/pricing";
import { DEMO_PASSWORD } from "@printhood/local";
import { describe, expect, it } from "vitest";
import { TestClient } from "./client.ts";
import { draftBody, postToS3, printerNamed, signedIn, uploadDesign } from "./designs.ts";
import { useStack } from "./stack.ts";
import { boxStl, squareStl } from "./stl.ts";

const stack = useStack({ seed: true });

async function draftFor(bytes = boxStl(40, 30, 20), over: Record<string, unknown> = {}, name = "box.stl") {
  const { c, me } = await signedIn(stack());
  const uploadId = await uploadDesign(stack(), c, bytes, name);
  const res = await c.post("/api/save-draft", draftBody(uploadId, over));
  expect(res.status).toBe(201);
  return { c, me, draftId: res.json.jobId as string };
}

/** Submit a draft to Maria's Prusa for pickup, in black. */
async function submitToMaria(c: TestClient, draftId: string) {
  const maria = await printerNamed(stack(), "Maria's Prusa");
  return c.post("/api/submit-order", { printerId: maria.printerId, draftId, filamentColor: "Black", deliveryMethod: "pickup" });
}

async function signIn(email: string) {
  const c = new TestClient(stack().url);
  expect((await c.post("/api/login", { email, password: DEMO_PASSWORD })).status).toBe(200);
  return c;
}

describe("POST /api/submit-order", () => {
  it("turns the draft into a submitted order priced by the server from its analysis and the printer", async () => {
    const { c, me, draftId } = await draftFor();
    const maria = await printerNamed(stack(), "Maria's Prusa");
    const before = (await c.get("/api/stats")).json.printsThisMonth;
    const draft = (await c.get(`/api/drafts/${draftId}`)).json;

    const res = await c.post("/api/submit-order", {
      printerId: maria.printerId,
      draftId,
      filamentColor: "Red",
      deliveryMethod: "delivery",
      specialInstructions: "  Leave at the door  ",
    });
    expect(res.status).toBe(201);
    expect(res.json.orderId).toBe(draftId);
    expect(res.json.status).toBe("submitted");

    const order = (await c.get(`/api/print-jobs/${draftId}`)).json;
    const expected = priceJob({
      grams: draft.estimatedWeight,
      pricePerGram: maria.pricePerGram,
      numberOfColors: 1,
      printTimeMinutes: order.printTimeMinutes,
      deliveryMethod: "delivery",
    });
    expect(order).toMatchObject({
      id: draftId,
      status: "submitted",
      customerId: me.id,
      printerId: maria.printerId,
      filamentColor: "Red",
      deliveryMethod: "delivery",
      specialInstructions: "Leave at the door",
      totalCost: (expected.totalCents / 100).toFixed(2),
      printer: { name: "Maria's Prusa", model: "Prusa MK4", location: "Berthoud, CO", owner: { username: "maria_prints" } },
    });
    expect(order.pricing.deliveryFeeCents).toBe(500);
    // The printer's price per gram is the filament price of the quote (spec 2 §9).
    expect(order.pricing.filamentCostPer1000gCents).toBe(Math.round(maria.pricePerGram * 100_000));
    expect(order.submittedAt).toBeTruthy();
    expect(res.json.totalCost).toBe(order.totalCost);
    // The answer carries the one quote's figures, the same the order shows.
    expect(res.json.pricing).toEqual(order.pricing);

    // counted in this month's orders, gone from the saved prints, and not submittable twice
    expect((await c.get("/api/stats")).json.printsThisMonth).toBe(before + 1);
    expect((await c.get(`/api/users/${me.id}/drafts`)).json).toEqual([]);
    expect((await c.get(`/api/drafts/${draftId}`)).status).toBe(404);
    const again = await c.post("/api/submit-order", {
      printerId: maria.printerId,
      draftId,
      filamentColor: "Red",
      deliveryMethod: "pickup",
    });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe("This print has already been submitted.");
    expect((await c.del(`/api/drafts/${draftId}`)).status).toBe(404);

    // the printer's owner sees the order; anyone else gets a 404
    const owner = await signIn("maria@printhood.local");
    expect((await owner.get(`/api/print-jobs/${draftId}`)).json.status).toBe("submitted");
    const stranger = await signedIn(stack());
    expect((await stranger.c.get(`/api/print-jobs/${draftId}`)).status).toBe(404);
    expect((await new TestClient(stack().url).get(`/api/print-jobs/${draftId}`)).status).toBe(401);

    // the owner is told about the new request
    await stack().idle();
    const ownerMe = (await owner.get("/api/auth/user")).json;
    const notes = (await owner.get(`/api/users/${ownerMe.id}/notifications`)).json as { title: string }[];
    expect(notes.some((n) => n.title === "New order request")).toBe(true);
  });

  it("lets exactly one of two racing submits of one draft win", async () => {
    const { c, draftId } = await draftFor();
    const maria = await printerNamed(stack(), "Maria's Prusa");
    const body = { printerId: maria.printerId, draftId, filamentColor: "Black", deliveryMethod: "pickup" };
    const results = await Promise.all([
      c.post("/api/submit-order", body),
      c.post("/api/submit-order", body),
      c.post("/api/submit-order", body),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.json.code).toBe("already_submitted");
  });

  it("prices the draft chosen for a printer and the order on it the same", async () => {
    const maria = await printerNamed(stack(), "Maria's Prusa");
    const { c, draftId } = await draftFor(boxStl(40, 30, 20), { printerId: maria.printerId, deliveryMethod: "shipping" });
    const draft = (await c.get(`/api/drafts/${draftId}`)).json;
    const res = await c.post("/api/submit-order", {
      printerId: maria.printerId,
      draftId,
      filamentColor: "Black",
      deliveryMethod: "shipping",
    });
    expect(res.status).toBe(201);
    expect(res.json.pricing).toEqual(draft.pricing);
    expect(res.json.totalCost).toBe(draft.totalCost);
  });

  it("ignores any total the client sends (unknown fields are refused)", async () => {
    const { c, draftId } = await draftFor();
    const maria = await printerNamed(stack(), "Maria's Prusa");
    const res = await c.post("/api/submit-order", {
      printerId: maria.printerId,
      draftId,
      filamentColor: "Black",
      deliveryMethod: "pickup",
      totalCost: "0.01",
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe("Unexpected field: totalCost.");
    const ok = await c.post("/api/submit-order", { printerId: maria.printerId, draftId, filamentColor: "Black", deliveryMethod: "pickup" });
    expect(ok.status).toBe(201);
    expect(Number(ok.json.totalCost)).toBeGreaterThan(2);
  });

  it("fits a design turned on the bed (X and Y swapped)", async () => {
    const { c, draftId } = await draftFor(boxStl(205, 245, 20));
    const maria = await printerNamed(stack(), "Maria's Prusa"); // 250 × 210 × 220
    const res = await c.post("/api/submit-order", {
      printerId: maria.printerId,
      draftId,
      filamentColor: "Black",
      deliveryMethod: "pickup",
    });
    expect(res.status).toBe(201);
  });

  it.each([
    [
      "an offline printer",
      "Tom's Ender",
      {},
      "White",
      "printer_offline",
      "Tom's Ender is offline and not taking orders right now. Please choose another printer.",
    ],
    [
      "a printer too small for the design",
      "Maria's Prusa",
      { bytes: boxStl(260, 100, 100) },
      "Black",
      "too_big_for_printer",
      "Your design (260 × 100 × 100 mm) does not fit Maria's Prusa's build volume of 250 × 210 × 220 mm. Please choose a larger printer or scale the design down.",
    ],
    [
      "a printer that does not print the material",
      "Maria's Prusa",
      { draft: { material: "ABS" } },
      "Black",
      "material_not_offered",
      "Maria's Prusa does not print ABS. Please choose a printer that offers it.",
    ],
    [
      "a colour out of stock",
      "Maria's Prusa",
      {},
      "Green",
      "color_out_of_stock",
      "Maria's Prusa has no Green PLA in stock. Please choose another colour or printer.",
    ],
    [
      "a colour marked out of stock",
      "Loveland Bambu Farm",
      { draft: { material: "PETG" } },
      "Red",
      "color_out_of_stock",
      "Loveland Bambu Farm has no Red PETG in stock. Please choose another colour or printer.",
    ],
  ] as const)("refuses %s with a clear message", async (_what, printerName, opts, color, code, message) => {
    const o = opts as { bytes?: Uint8Array; draft?: Record<string, unknown> };
    const { c, draftId, me } = await draftFor(o.bytes, o.draft ?? {});
    const printer = await printerNamed(stack(), printerName);
    const res = await c.post("/api/submit-order", {
      printerId: printer.printerId,
      draftId,
      filamentColor: color,
      deliveryMethod: "pickup",
    });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ code, message });
    // still a draft
    expect((await c.get(`/api/users/${me.id}/drafts`)).json[0].status).toBe("draft");
  });

  it("refuses another user's draft, unknown ids and a draft whose analysis failed", async () => {
    const { draftId } = await draftFor();
    const maria = await printerNamed(stack(), "Maria's Prusa");
    const other = await signedIn(stack());
    const res = await other.c.post("/api/submit-order", {
      printerId: maria.printerId,
      draftId,
      filamentColor: "Black",
      deliveryMethod: "pickup",
    });
    expect(res.status).toBe(404);
    expect(res.json.message).toBe("We could not find that saved print.");

    // integer ids (the spec's shape) are read as text: not found here
    const ints = await other.c.post("/api/submit-order", { printerId: 1, draftId: 2, filamentColor: "Black", deliveryMethod: "pickup" });
    expect(ints.status).toBe(404);

    const { c } = await signedIn(stack());
    const bytes = new TextEncoder().encode("%PDF-1.7 not a mesh, just a document pretending to be one".repeat(20));
    const up = await c.post("/api/uploads", { fileName: "doc.stl", size: bytes.length });
    await postToS3(up.json, bytes, "doc.stl");
    await stack().idle();
    const saved = await c.post("/api/save-draft", draftBody(up.json.uploadId));
    expect(saved.status).toBe(201);
    const failed = await c.post("/api/submit-order", {
      printerId: maria.printerId,
      draftId: saved.json.jobId,
      filamentColor: "Black",
      deliveryMethod: "pickup",
    });
    expect(failed.status).toBe(400);
    expect(failed.json.code).toBe("design_not_analysed");
    expect(failed.json.message).toMatch(/^We could not analyse this design, so it cannot be ordered: .+ Please upload a repaired file\.$/);
  });

  it("refuses a design with no volume (a flat surface): the fee for nothing printed", async () => {
    const { c, draftId } = await draftFor(squareStl(40), {}, "sketch.stl");
    const res = await submitToMaria(c, draftId);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      code: "design_has_no_volume",
      message:
        "sketch.stl has nothing to print: it has no measurable volume (a flat surface, faces that do not enclose anything, or a part too small to print, often one drawn in inches, centimetres or metres and read as millimetres). Please upload a solid model, or rescale it.",
    });
  });

  it("refuses a solid too small to weigh without calling it flat: it names the size and the rescale", async () => {
    // A 0.8 mm cube: a 0.8 inch cube read as millimetres. Solid, but it rounds to 0 g.
    const { c, draftId } = await draftFor(boxStl(0.8, 0.8, 0.8), {}, "cube-in-inches.stl");
    const res = await submitToMaria(c, draftId);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("design_has_no_volume");
    expect(res.json.message).toMatch(/too small to print/);
    expect(res.json.message).toMatch(/rescale/);
  });

  it.each([
    [{ filamentColor: undefined }, "Please select a filament color."],
    [{ filamentColor: "Plaid" }, "Please select a filament color."],
    [{ deliveryMethod: "drone" }, "Delivery method must be pickup, delivery or shipping."],
    [{ draftId: undefined }, "Draft is required."],
    [{ printerId: "" }, "Printer is required."],
    [{ specialInstructions: "y".repeat(1001) }, "Special instructions can be at most 1000 characters."],
  ])("refuses malformed input %j", async (over, message) => {
    const { c } = await signedIn(stack());
    const body = JSON.parse(JSON.stringify({ printerId: "p", draftId: "d", filamentColor: "Black", deliveryMethod: "pickup", ...over }));
    const res = await c.post("/api/submit-order", body);
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(message);
  });

  it("needs a signed-in customer and JSON", async () => {
    expect(
      (await new TestClient(stack().url).post("/api/submit-order", { printerId: "p", draftId: "d", filamentColor: "Black" })).status,
    ).toBe(401);
    const { c } = await signedIn(stack());
    expect((await c.post("/api/submit-order", "not json", { "content-type": "text/plain" })).status).toBe(400);
  });
});
