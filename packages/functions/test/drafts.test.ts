import { priceJob } from "@printhood/core/shared/pricing";
import { describe, expect, it } from "vitest";
import { TestClient } from "./client.ts";
import { draftBody, postToS3, printerNamed, signedIn, uploadDesign } from "./designs.ts";
import { useStack } from "./stack.ts";
import { boxStl } from "./stl.ts";

const stack = useStack({ seed: true });

/** Multipart exactly as the spec's form: printSettings as JSON text, numbers as text. */
function multipart(fields: Record<string, unknown>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, typeof v === "string" ? v : JSON.stringify(v));
  return form;
}

async function sendForm(c: TestClient, method: string, path: string, form: FormData) {
  const req = new Request("http://x", { method, body: form });
  const body = await req.text();
  return c.request(method, path, body, { "content-type": req.headers.get("content-type")! });
}

describe("POST /api/save-draft", () => {
  it("saves a draft from the upload's id, priced by the server's analysis (client figures ignored)", async () => {
    const { c, me } = await signedIn(stack());
    const uploadId = await uploadDesign(stack(), c);
    const res = await c.post("/api/save-draft", draftBody(uploadId, { estimatedWeight: 0.01, totalCost: "0.01" }));
    expect(res.status).toBe(201);
    expect(typeof res.json.jobId).toBe("string");

    const draft = (await c.get(`/api/drafts/${res.json.jobId}`)).json;
    expect(draft).toMatchObject({ id: res.json.jobId, customerId: me.id, status: "draft", fileName: "box.stl", material: "PLA", uploadId });
    expect(draft.estimatedWeight).toBeGreaterThan(1);
    expect(draft.boundingBox).toEqual({ x: 40, y: 30, z: 20 });
    const expected = priceJob({
      grams: draft.estimatedWeight,
      material: "PLA",
      numberOfColors: 1,
      printTimeMinutes: draft.printTimeMinutes,
    });
    expect(draft.pricing.totalCents).toBe(expected.totalCents);
    expect(draft.totalCost).toBe((expected.totalCents / 100).toFixed(2));
    expect(draft.totalCost).not.toBe("0.01");
  });

  it("saves the same draft through the spec's upload-design path", async () => {
    const { c } = await signedIn(stack());
    const uploadId = await uploadDesign(stack(), c);
    const res = await c.post("/api/upload-design", draftBody(uploadId));
    expect(res.status).toBe(201);
    expect((await c.get(`/api/drafts/${res.json.jobId}`)).json).toMatchObject({ status: "draft", uploadId });
    expect((await new TestClient(stack().url).post("/api/upload-design", draftBody(uploadId))).status).toBe(401);
  });

  it("takes the spec's multipart form (printSettings as JSON text) with the same rules", async () => {
    const { c } = await signedIn(stack());
    const uploadId = await uploadDesign(stack(), c);
    const res = await sendForm(c, "POST", "/api/save-draft", multipart({ ...draftBody(uploadId), estimatedWeight: "12.5" }));
    expect(res.status).toBe(201);
    const bad = await sendForm(c, "POST", "/api/save-draft", multipart({ ...draftBody(uploadId), printSettings: "{not json" }));
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe("printSettings must be JSON text.");
    const extra = await sendForm(c, "POST", "/api/save-draft", multipart({ ...draftBody(uploadId), customerId: "someone-else" }));
    expect(extra.status).toBe(400);
    expect(extra.json.message).toBe("Unexpected field: customerId.");
  });

  it("refuses a multipart file: designs go to S3 through /api/uploads", async () => {
    const { c } = await signedIn(stack());
    const uploadId = await uploadDesign(stack(), c);
    const form = multipart(draftBody(uploadId));
    form.append("file", new Blob([boxStl(1, 1, 1) as Uint8Array<ArrayBuffer>]), "box.stl");
    const res = await sendForm(c, "POST", "/api/save-draft", form);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("file_not_accepted");
  });

  it.each([
    [{ material: "Unobtainium" }, "Material must be PLA, PETG, ABS or TPU."],
    [{ printSettings: { quality: 0.25, infill: 20, supports: "auto" } }, "Layer height must be 0.1, 0.2 or 0.3 mm."],
    [{ printSettings: { quality: 0.2, infill: 42, supports: "auto" } }, "Infill must be 10, 15, 20, 30, 50 or 100 percent."],
    [{ printSettings: { quality: 0.2, infill: 20, supports: "maybe" } }, "Supports must be no, auto or yes."],
    [{ printSettings: { quality: 0.2, infill: 20, supports: "auto", scale: -1 } }, "Scale is too small."],
    [{ filamentColor: "Plaid" }, "Please choose one of the offered filament colours."],
    [{ deliveryMethod: "teleport" }, "Delivery method must be pickup, delivery or shipping."],
    [{ status: "submitted" }, "Saving writes only status draft."],
    [{ totalCents: 1 }, "Unexpected field: totalCents."],
    [{ specialInstructions: "x".repeat(1001) }, "Special instructions can be at most 1000 characters."],
    [{ uploadId: "not-a-uuid" }, "Please upload a design file first (uploadId)."],
  ])("refuses malformed input %j", async (over, message) => {
    const { c } = await signedIn(stack());
    const res = await c.post("/api/save-draft", draftBody("6f9619ff-8b86-4d11-b42d-00c04fc964ff", over));
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(message);
  });

  it("refuses invalid JSON, signed-out callers and another user's upload", async () => {
    const { c } = await signedIn(stack());
    const uploadId = await uploadDesign(stack(), c);
    expect((await c.post("/api/save-draft", "{oops")).status).toBe(400);
    expect((await new TestClient(stack().url).post("/api/save-draft", draftBody(uploadId))).status).toBe(401);
    const other = await signedIn(stack());
    const res = await other.c.post("/api/save-draft", draftBody(uploadId));
    expect(res.status).toBe(404);
    expect(res.json.code).toBe("upload_not_found");
  });

  it("asks to wait while the server's analysis is still running", async () => {
    const { c } = await signedIn(stack());
    const res = await c.post("/api/uploads", { fileName: "later.stl", size: 684 });
    const saved = await c.post("/api/save-draft", draftBody(res.json.uploadId));
    expect(saved.status).toBe(409);
    expect(saved.json.message).toBe("Your design is still being analysed. Please wait a moment and try again.");
  });

  it("saves a design whose analysis failed with the size-based estimate", async () => {
    const { c } = await signedIn(stack());
    const bytes = new TextEncoder().encode("solid broken\n this is not really an stl file at all\nendsolid broken\n".repeat(200));
    const res = await c.post("/api/uploads", { fileName: "broken.stl", size: bytes.length });
    await postToS3(res.json, bytes, "broken.stl");
    await stack().idle();
    expect((await c.get(`/api/uploads/${res.json.uploadId}`)).json.status).toBe("failed");
    const saved = await c.post("/api/save-draft", draftBody(res.json.uploadId));
    expect(saved.status).toBe(201);
    const draft = (await c.get(`/api/drafts/${saved.json.jobId}`)).json;
    expect(draft.estimatedFromSize).toBe(true);
    expect(draft.estimatedWeight).toBe(Math.max(1, Math.round((bytes.length / 5000) * 10) / 10));
    expect(draft.printTimeMinutes).toBe(60);
    expect(draft.boundingBox).toBeNull();
  });

  it("prices with a chosen printer's price per gram and rescales with printSettings.scale", async () => {
    const { c } = await signedIn(stack());
    const uploadId = await uploadDesign(stack(), c);
    const maria = await printerNamed(stack(), "Maria's Prusa");
    const res = await c.post(
      "/api/save-draft",
      draftBody(uploadId, { printerId: maria.printerId, printSettings: { quality: 0.2, infill: 20, supports: "auto", scale: 2 } }),
    );
    expect(res.status).toBe(201);
    const draft = (await c.get(`/api/drafts/${res.json.jobId}`)).json;
    expect(draft.printerId).toBe(maria.printerId);
    expect(draft.printer).toMatchObject({ name: "Maria's Prusa", location: "Berthoud, CO" });
    expect(draft.boundingBox).toEqual({ x: 80, y: 60, z: 40 });
    // The printer's price per gram is the filament price (spec 2 §9): $/g × 1000 g, in cents.
    const perKgCents = Math.round(maria.pricePerGram * 100_000);
    expect(draft.pricing.filamentCostPer1000gCents).toBe(perKgCents);
    expect(draft.pricing.materialCostCents).toBe(Math.round((draft.estimatedWeight * perKgCents) / 1000));
    const unknown = await c.post("/api/save-draft", draftBody(uploadId, { printerId: "6f9619ff-8b86-4d11-b42d-00c04fc964ff" }));
    expect(unknown.status).toBe(404);
  });
});

describe("drafts: read, list, update, delete, only by their owner", () => {
  it("the owner reads, lists, updates (re-priced) and deletes; nobody else can", async () => {
    const { c, me } = await signedIn(stack());
    const other = await signedIn(stack());
    const uploadId = await uploadDesign(stack(), c);
    const { jobId } = (await c.post("/api/save-draft", draftBody(uploadId))).json;

    const list = await c.get(`/api/users/${me.id}/drafts`);
    expect(list.status).toBe(200);
    expect(list.json.map((d: { id: string }) => d.id)).toEqual([jobId]);
    expect((await other.c.get(`/api/users/${me.id}/drafts`)).status).toBe(403);
    expect((await other.c.get(`/api/users/${other.me.id}/drafts`)).json).toEqual([]);

    // another user: the same 404 as a missing draft, and nothing changes
    for (const res of [
      await other.c.get(`/api/drafts/${jobId}`),
      await other.c.put(`/api/drafts/${jobId}`, draftBody(uploadId, { material: "PETG" })),
      await other.c.del(`/api/drafts/${jobId}`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.json.message).toBe("We could not find that saved print.");
    }
    expect((await new TestClient(stack().url).get(`/api/drafts/${jobId}`)).status).toBe(401);

    const before = (await c.get(`/api/drafts/${jobId}`)).json;
    expect(before.material).toBe("PLA");
    const { uploadId: _u, ...withoutUpload } = draftBody(uploadId, {
      material: "PETG",
      filamentColor: "Red",
      deliveryMethod: "delivery",
      specialInstructions: "Matte please",
    });
    const put = await c.put(`/api/drafts/${jobId}`, withoutUpload);
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({
      id: jobId,
      material: "PETG",
      filamentColor: "Red",
      deliveryMethod: "delivery",
      specialInstructions: "Matte please",
      status: "draft",
    });
    const after = (await c.get(`/api/drafts/${jobId}`)).json;
    expect(after.pricing.filamentCostPer1000gCents).toBe(2800);
    expect(after.pricing.deliveryFeeCents).toBe(500);
    expect(after.pricing.totalCents).toBe(after.pricing.customerPaysCents + 500);

    // replace the file
    const second = await uploadDesign(stack(), c, boxStl(10, 10, 10), "cube.stl");
    const swapped = await c.put(`/api/drafts/${jobId}`, draftBody(second));
    expect(swapped.json).toMatchObject({ fileName: "cube.stl", uploadId: second, boundingBox: { x: 10, y: 10, z: 10 } });
    expect((await c.put(`/api/drafts/${jobId}`, { ...draftBody(second), surprise: 1 })).status).toBe(400);

    const del = await c.del(`/api/drafts/${jobId}`);
    expect(del.status).toBe(200);
    expect((await c.get(`/api/drafts/${jobId}`)).status).toBe(404);
    expect((await c.del(`/api/drafts/${jobId}`)).status).toBe(404);
    expect((await c.get(`/api/users/${me.id}/drafts`)).json).toEqual([]);
    expect((await c.get(`/api/drafts/not-an-id`)).status).toBe(404);
  });

  it("lists newest first", async () => {
    const { c, me } = await signedIn(stack());
    const uploadId = await uploadDesign(stack(), c);
    const a = (await c.post("/api/save-draft", draftBody(uploadId))).json.jobId;
    const b = (await c.post("/api/save-draft", draftBody(uploadId, { material: "ABS" }))).json.jobId;
    const list = (await c.get(`/api/users/${me.id}/drafts`)).json;
    expect(list.map((d: { id: string }) => d.id)).toEqual([b, a]);
    expect(list[0]).toMatchObject({ fileName: "box.stl", material: "ABS", status: "draft" });
    expect(typeof list[0].fileSize).toBe("number");
    expect(list[0].totalCost).toMatch(/^\d+\.\d\d$/);
    const one = (await c.get(`/api/drafts/${b}`)).json;
    expect(list[0]).toEqual(one);
  });
});
