import { claimPhotos, writeTransaction } from "@printhood/core";
import { inboxOf } from "@printhood/local/ses";
import { describe, expect, it } from "vitest";
import { newPrinter, newUser, TestClient } from "./client.ts";
import { draftBody } from "./designs.ts";
import { customerWithUpload, orderWithOwner, stranger } from "./orders.ts";
import { testJpeg, uploadPhoto } from "./photos.ts";
import { useStack } from "./stack.ts";
import { measurements, sendQualityTest, staffClient, testPiecePhotos } from "./verify.ts";

const stack = useStack({ seed: true });
const inbox = (address: string) => inboxOf(stack().endpoints.ses, address);

const printerPayload = (name: string) => newPrinter(name, { model: "Prusa MK4", buildVolumeZ: 220 });

/** A new owner with a new printer (unverified), signed in. */
async function ownerWithPrinter(name = `Test Bench ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`) {
  const c = new TestClient(stack().url);
  const payload = newUser({ firstName: "Ana", lastName: "Silva" });
  const reg = await c.post("/api/register", payload);
  expect(reg.status).toBe(201);
  const printer = await c.post("/api/printers", printerPayload(name));
  expect(printer.status).toBe(201);
  return { c, me: reg.json as { id: string; email: string }, printer: printer.json as { id: string; name: string } };
}

describe("a new printer starts unverified", () => {
  it("is not listed, is not counted, and refuses orders with a 409 until it passes; its owner sees what to do", async () => {
    const owner = await ownerWithPrinter();
    expect(owner.printer).toMatchObject({ verified: false, verification: "awaiting_test" });
    const listed = (await new TestClient(stack().url).get("/api/printers")).json as { id: string; verified: boolean }[];
    expect(listed.map((p) => p.id)).not.toContain(owner.printer.id);
    expect(listed.every((p) => p.verified)).toBe(true);

    const mine = (await owner.c.get(`/api/users/${owner.me.id}/printers`)).json;
    expect(mine).toMatchObject([{ id: owner.printer.id, verification: "awaiting_test", verified: false }]);
    const state = await owner.c.get(`/api/printers/${owner.printer.id}/verification`);
    expect(state.json).toMatchObject({ state: "awaiting_test", latest: null, verifiedAt: null });
    expect(state.json.nextStep).toMatch(/^Print our test piece/);
    const { c: other } = await stranger(stack());
    expect((await other.get(`/api/printers/${owner.printer.id}/verification`)).status).toBe(404);

    const customer = await customerWithUpload(stack());
    const draft = await customer.c.post("/api/save-draft", draftBody(customer.uploadId));
    const refused = await customer.c.post("/api/submit-order", {
      printerId: owner.printer.id,
      draftId: draft.json.jobId,
      filamentColor: "Black",
      deliveryMethod: "pickup",
    });
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual({
      code: "printer_not_verified",
      message: `${owner.printer.name} has not passed the quality test yet, so it cannot take orders. Please choose another printer.`,
    });
  });

  it("answers the test piece: its download, eight dimensions on three axes, and the tolerance", async () => {
    const res = await new TestClient(stack().url).get("/api/quality-test");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      fileName: "printhood-quality-test.stl",
      downloadUrl: "/downloads/printhood-quality-test.stl",
      minimumPhotos: 2,
      tolerance: { minimumMm: 0.5, percent: 1 },
    });
    expect(res.json.dimensions.map((d: { key: string; axis: string; nominalMm: number }) => `${d.key}${d.axis}${d.nominalMm}`)).toEqual([
      "AX50",
      "BY30",
      "CX35",
      "DY20",
      "EX20",
      "FY10",
      "GZ4",
      "HZ20",
    ]);
  });
});

describe("sending the quality test", () => {
  it("refuses too few photos, missing or bad measurements, someone else's printer or photos, and photos for something else", async () => {
    const owner = await ownerWithPrinter();
    const [a, b] = await testPiecePhotos(stack(), owner.c);
    const path = `/api/printers/${owner.printer.id}/verification`;
    const cases: [unknown, number, string][] = [
      [{ photoIds: [a], measurements: measurements() }, 400, "too_few_photos"],
      [{ photoIds: [a, a], measurements: measurements() }, 400, "photo_listed_twice"],
      [{ photoIds: [a, b], measurements: { ...measurements(), H: undefined } }, 400, "invalid_input"],
      [{ photoIds: [a, b], measurements: { ...measurements(), C: -3 } }, 400, "invalid_input"],
      [{ photoIds: [a, b], measurements: { ...measurements(), Z: 1 } }, 400, "unknown_field"],
      [{ photoIds: [a, b] }, 400, "invalid_input"],
    ];
    for (const [body, status, code] of cases) {
      const res = await owner.c.post(path, body);
      expect({ body, status: res.status, code: res.json?.code }).toEqual({ body, status, code });
    }
    const missingH = await owner.c.post(path, { photoIds: [a, b], measurements: { ...measurements(), H: undefined } });
    expect(missingH.json.message).toBe("Measurement H (total height) is required, in millimetres.");
    const none = await owner.c.post(path, { photoIds: [a, b] });
    expect(none.json.message).toBe("Measurements are required: one number per letter of the test piece (A to H).");

    const other = await ownerWithPrinter();
    expect((await other.c.post(path, { photoIds: await testPiecePhotos(stack(), other.c), measurements: measurements() })).json.code).toBe(
      "not_your_printer",
    );
    const theirs = await other.c.post(`/api/printers/${other.printer.id}/verification`, { photoIds: [a, b], measurements: measurements() });
    expect(theirs.status).toBe(404);
    expect(theirs.json.code).toBe("photo_not_found");
    const claimPhoto = await uploadPhoto(stack(), owner.c, await testJpeg(400, 300), { purpose: "claim" });
    const wrong = await owner.c.post(path, { photoIds: [a, claimPhoto], measurements: measurements() });
    expect(wrong.json.code).toBe("photo_wrong_purpose");
    // Nothing was attached by the refusals: the same photos still go through.
    expect((await owner.c.post(path, { photoIds: [a, b], measurements: measurements() })).status).toBe(201);
  });

  it("judges each dimension, waits for staff, who ask for a new attempt with a note, then approve: listed, e-mailed, audited", async () => {
    const owner = await ownerWithPrinter();
    const staff = await staffClient(stack());
    const photoIds = await testPiecePhotos(stack(), owner.c);
    const measured = { ...measurements(), A: 50.8, B: "29.6", G: 4.5 };
    const sent = await owner.c.post(`/api/printers/${owner.printer.id}/verification`, { photoIds, measurements: measured });
    expect(sent.status).toBe(201);
    expect(sent.json.state).toBe("awaiting_review");
    const first = sent.json.latest;
    expect(first).toMatchObject({ attempt: 1, status: "pending", allWithinTolerance: false, photoIds, note: null });
    expect(first.results.slice(0, 2)).toEqual([
      {
        key: "A",
        label: "Base length",
        axis: "X",
        nominalMm: 50,
        measuredMm: 50.8,
        deviationMm: 0.8,
        toleranceMm: 0.5,
        withinTolerance: false,
      },
      {
        key: "B",
        label: "Base width",
        axis: "Y",
        nominalMm: 30,
        measuredMm: 29.6,
        deviationMm: -0.4,
        toleranceMm: 0.5,
        withinTolerance: true,
      },
    ]);
    expect(first.results.find((r: { key: string }) => r.key === "G")).toMatchObject({ deviationMm: 0.5, withinTolerance: true });

    // One attempt at a time; the photos are attached now, and shown to staff.
    const again = await owner.c.post(`/api/printers/${owner.printer.id}/verification`, { photoIds, measurements: measurements() });
    expect(again.json.code).toBe("verification_under_review");
    expect((await staff.get(`/api/photos/${photoIds[0]}`)).json.status).toBe("ready");
    expect((await (await stranger(stack())).c.get(`/api/photos/${photoIds[0]}`)).status).toBe(404);

    // Staff's queue: the attempt, dimension by dimension, with its printer, owner and photos.
    const queue = await staff.get("/api/staff/verifications");
    expect(queue.status).toBe(200);
    const queued = queue.json.find((q: { verification: { id: string } }) => q.verification.id === first.id);
    expect(queued).toMatchObject({
      printer: { id: owner.printer.id, name: owner.printer.name, location: "Loveland, CO" },
      owner: { id: owner.me.id, name: "Ana Silva", email: owner.me.email },
    });
    expect(queued.photos.map((p: { id: string; thumbnail: { url: string } }) => p.id)).toEqual(photoIds);
    expect(queued.photos[0].thumbnail.url).toMatch(/^http/);
    // Oldest first.
    const times = queue.json.map((q: { verification: { submittedAt: string } }) => q.verification.submittedAt);
    expect([...times].sort()).toEqual(times);

    // A new attempt needs a note.
    const noNote = await staff.post(`/api/staff/verifications/${first.id}`, { decision: "retry" });
    expect(noNote.status).toBe(400);
    expect(noNote.json.code).toBe("retry_note_required");
    const note = "Base length is 0.8 mm long: check your X steps/mm and belt tension, then print the piece again.";
    const retry = await staff.post(`/api/staff/verifications/${first.id}`, { decision: "retry", note });
    expect(retry.status).toBe(200);
    expect(retry.json).toMatchObject({ status: "retry", note });
    expect((await staff.post(`/api/staff/verifications/${first.id}`, { decision: "approve" })).json.code).toBe("verification_decided");
    await stack().idle();
    const retryMail = (await inbox(owner.me.email)).find((m) => m.subject === `Quality test for ${owner.printer.name}: please try again`);
    expect(retryMail?.body.text).toContain(note);
    const after = (await owner.c.get(`/api/printers/${owner.printer.id}/verification`)).json;
    expect(after).toMatchObject({ state: "retry_requested", latest: { id: first.id, status: "retry", note } });

    // The second attempt passes.
    const second = await sendQualityTest(stack(), owner.c, owner.printer.id, 0.1);
    const approve = await staff.post(`/api/staff/verifications/${second}`, { decision: "approve" });
    expect(approve.status).toBe(200);
    await stack().idle();
    const verified = (await owner.c.get(`/api/printers/${owner.printer.id}/verification`)).json;
    expect(verified).toMatchObject({ state: "verified", latest: { id: second, attempt: 2, status: "approved" } });
    expect(verified.verifiedAt).toBeTruthy();
    const listed = (await new TestClient(stack().url).get("/api/printers")).json.find((p: { id: string }) => p.id === owner.printer.id);
    expect(listed).toMatchObject({ verified: true });
    expect((await inbox(owner.me.email)).map((m) => m.subject)).toContain(`${owner.printer.name} passed the quality test`);
    const bell = (await owner.c.get(`/api/users/${owner.me.id}/notifications`)).json.map((n: { title: string }) => n.title);
    expect(bell).toEqual(expect.arrayContaining(["Quality test passed", "New quality test needed"]));
    expect(
      (await owner.c.post(`/api/printers/${owner.printer.id}/verification`, { photoIds, measurements: measurements() })).json.code,
    ).toBe("printer_already_verified");

    // The audit log: one line per decision, with its reason.
    const audit = (await staff.get(`/api/staff/audit?targetId=${first.id}`)).json;
    expect(audit.entries).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: "verification.retry", reason: note, targetKind: "verification" })]),
    );
    const approvedLine = (await staff.get(`/api/staff/audit?targetId=${second}`)).json;
    expect(approvedLine.entries).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: "verification.approve", reason: "Quality test approved." })]),
    );
  });

  it("lets one of two staff members deciding the same attempt at once win", async () => {
    const owner = await ownerWithPrinter();
    const attempt = await sendQualityTest(stack(), owner.c, owner.printer.id);
    const staff = await staffClient(stack());
    const answers = await Promise.all([
      staff.post(`/api/staff/verifications/${attempt}`, { decision: "approve" }),
      staff.post(`/api/staff/verifications/${attempt}`, { decision: "retry", note: "Please print it again." }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const state = (await owner.c.get(`/api/printers/${owner.printer.id}/verification`)).json.state;
    const winner = answers.find((a) => a.status === 200)!.json.status;
    expect(state).toBe(winner === "approved" ? "verified" : "retry_requested");
  });
});

describe("the staff side of the quality test is staff's only", () => {
  it("answers 404 to signed-out visitors, customers and owners", async () => {
    const owner = await ownerWithPrinter();
    const attempt = await sendQualityTest(stack(), owner.c, owner.printer.id);
    for (const c of [new TestClient(stack().url), owner.c, (await stranger(stack())).c]) {
      expect((await c.get("/api/staff/verifications")).status).toBe(404);
      expect((await c.post(`/api/staff/verifications/${attempt}`, { decision: "approve" })).status).toBe(404);
    }
    expect((await owner.c.get(`/api/printers/${owner.printer.id}/verification`)).json.state).toBe("awaiting_review");
  });
});

describe("who sees a photo attached to an order", () => {
  it("the order's customer and its printer's owner, and staff; nobody else", async () => {
    const { orderId, customer, owner } = await orderWithOwner(stack());
    const photoId = await uploadPhoto(stack(), owner.c, await testJpeg(640, 480), { purpose: "completion" });
    // Attached with core's claimPhotos, as Mark Complete will do.
    const photos = await claimPhotos(stack().store, {
      photoIds: [photoId],
      ownerUserId: owner.me.id,
      purpose: "completion",
      link: { kind: "order", id: orderId, subject: "completion" },
    });
    expect((await writeTransaction(stack().store, (e) => photos.items(e))).ok).toBe(true);
    expect((await owner.c.get(`/api/photos/${photoId}`)).json).toMatchObject({ status: "ready", attached: true });
    expect((await customer.c.get(`/api/photos/${photoId}`)).status).toBe(200);
    expect((await (await staffClient(stack())).get(`/api/photos/${photoId}`)).status).toBe(200);
    expect((await (await stranger(stack())).c.get(`/api/photos/${photoId}`)).status).toBe(404);

    // Attached once: a second attempt (a race's loser) fails its condition.
    const again = await claimPhotos(stack().store, {
      photoIds: [photoId],
      ownerUserId: owner.me.id,
      purpose: "completion",
      link: { kind: "order", id: orderId, subject: "completion" },
    }).catch((e: { code?: string }) => e.code);
    expect(again).toBe("photo_already_used");
  });
});
