import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { postToS3, signedIn } from "./designs.ts";
import { OWNER_EMAIL, pay, signIn, submitDraft } from "./orders.ts";
import { useStack } from "./stack.ts";
import { boxStl } from "./stl.ts";

/**
 * Issue 12 point 3: the file an order prints is the file that was priced. The presigned form can
 * be posted again for its whole lifetime (s3rver does not even enforce its policy), so a small cube
 * is priced and a big model posted over it; the order must still price and download the cube.
 */
const stack = useStack({ seed: true });
const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

describe("the priced file is the printed file", () => {
  it("a second post through the same form changes nothing that was priced: the order prices and downloads the small file", async () => {
    const { c } = await signedIn(stack());
    const small = boxStl(10, 10, 10);
    const big = boxStl(180, 180, 180);
    const form = await c.post("/api/uploads", { fileName: "cube.stl", size: small.length });
    expect(form.status).toBe(201);
    const uploadId = form.json.uploadId as string;
    await postToS3(form.json, small, "cube.stl");
    await stack().idle();
    const priced = (await c.get(`/api/uploads/${uploadId}`)).json;
    expect(priced.status).toBe("analyzed");
    expect(priced.analysis.estimate.boundingBox).toEqual({ x: 10, y: 10, z: 10 });

    // The same form again, with a big model: s3rver stores it under the form's key and fires its event.
    const bigBytes = new Uint8Array(big.length + 4096);
    bigBytes.set(big);
    await postToS3(form.json, bigBytes, "cube.stl");
    await stack().idle();
    const after = (await c.get(`/api/uploads/${uploadId}`)).json;
    expect(after).toEqual(priced);
    const record = (await stack().store.entities.uploads.get({ uploadId }).go()).data!;
    expect(record.sha256).toBe(sha(small));
    expect(record.size).toBe(small.length);
    expect(record.storedKey).toBe(`analysed/${record.userId}/${uploadId}/${sha(small)}.stl`);

    // Draft and order price the cube, and once it is paid the owner downloads exactly its bytes.
    const order = await submitDraft(stack(), c, uploadId);
    expect((await pay(stack(), c, order.orderId)).status).toBe(200);
    const job = (await c.get(`/api/print-jobs/${order.orderId}`)).json;
    expect(job.fileSize).toBe(small.length);
    expect(job.boundingBox).toEqual({ x: 10, y: 10, z: 10 });
    const owner = await signIn(stack(), OWNER_EMAIL);
    const link = await owner.c.get(`/api/print-jobs/${order.orderId}/download`);
    expect(link.status).toBe(200);
    expect(link.json.fileSize).toBe(small.length);
    const file = new Uint8Array(await (await fetch(link.json.url)).arrayBuffer());
    expect(sha(file)).toBe(sha(small));
    expect(file.length).toBe(small.length);
  });

  it("the download refuses a stored copy that no longer matches the analysis's size and checksum", async () => {
    const { c } = await signedIn(stack());
    const small = boxStl(12, 12, 12);
    const form = await c.post("/api/uploads", { fileName: "cube.stl", size: small.length });
    await postToS3(form.json, small, "cube.stl");
    await stack().idle();
    const order = await submitDraft(stack(), c, form.json.uploadId);
    expect((await pay(stack(), c, order.orderId)).status).toBe(200);
    // Something (not a form: none can write there) changed the copy's record: the link is refused.
    await stack()
      .store.entities.uploads.patch({ uploadId: form.json.uploadId })
      .set({ sha256: "0".repeat(64) })
      .go();
    const owner = await signIn(stack(), OWNER_EMAIL);
    const link = await owner.c.get(`/api/print-jobs/${order.orderId}/download`);
    expect(link.status).toBe(404);
    expect(link.json.code).toBe("file_missing");
  });
});
