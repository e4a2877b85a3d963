import { UPLOAD_WAIT_SECONDS } from "@printhood/core";
import { describe, expect, it } from "vitest";
import { newUser, TestClient } from "./client.ts";
import { postToS3 } from "./designs.ts";
import { useStack } from "./stack.ts";
import { boxStl } from "./stl.ts";

const stack = useStack();

async function signedIn() {
  const c = new TestClient(stack().url);
  const me = (await c.post("/api/register", newUser())).json;
  return { c, me };
}

describe("uploads", () => {
  it("presigns a POST whose policy pins the key and caps the size at 50 MB", async () => {
    const { c, me } = await signedIn();
    const res = await c.post("/api/uploads", { fileName: "../../etc/passwd; rm -rf.stl", size: 1234 });
    expect(res.status).toBe(201);
    const { uploadId, fields } = res.json;
    expect(fields.key).toBe(`uploads/${me.id}/${uploadId}.stl`);
    const policy = JSON.parse(Buffer.from(fields.Policy, "base64").toString("utf8"));
    expect(policy.conditions).toContainEqual(["content-length-range", 1, 52428800]);
    expect(policy.conditions).toContainEqual(["eq", "$key", fields.key]);
    expect(Date.parse(policy.expiration) - Date.now()).toBeLessThanOrEqual(15 * 60 * 1000 + 5000);
    const stored = await c.get(`/api/uploads/${uploadId}`);
    expect(stored.json.fileName).toBe("passwd; rm -rf.stl");
    expect(stored.json.status).toBe("pending");
  });

  it("analyses an uploaded STL through the S3 event and stores the result", async () => {
    const { c } = await signedIn();
    const bytes = boxStl(20, 30, 10);
    const res = await c.post("/api/uploads", { fileName: "box.stl", size: bytes.length });
    await postToS3(res.json, bytes, "box.stl");
    await stack().idle();
    const up = await c.get(`/api/uploads/${res.json.uploadId}`);
    expect(up.json.status).toBe("analyzed");
    expect(up.json.size).toBe(bytes.length);
    const { geometry, estimate } = up.json.analysis;
    expect(geometry.triangles).toBe(12);
    expect(geometry.volumeMm3).toBeCloseTo(6000, 3);
    expect(geometry.watertight).toBe(true);
    expect(estimate.fileFormat).toBe("stl");
    expect(estimate.volume).toBeCloseTo(6, 3);
    expect(estimate.boundingBox).toEqual({ x: 20, y: 30, z: 10 });
    expect(estimate.estimatedWeight).toBeGreaterThan(1);
    // how sure it is (issue 25): a range around the estimate, in the answer
    expect(estimate.range.grams.low).toBeLessThan(estimate.estimatedWeight);
    expect(estimate.range.grams.high).toBeGreaterThan(estimate.estimatedWeight);
    expect(estimate.range.level).toBe("typical");
    expect(Number.isInteger(estimate.materialCostCents)).toBe(true);
  });

  it("stores a clear error for a file that is not what its extension says", async () => {
    const { c } = await signedIn();
    const bytes = new TextEncoder().encode("%PDF-1.7 this is not a mesh at all, just some text pretending");
    const res = await c.post("/api/uploads", { fileName: "part.stl", size: bytes.length });
    await postToS3(res.json, bytes, "part.stl");
    await stack().idle();
    const up = await c.get(`/api/uploads/${res.json.uploadId}`);
    expect(up.json.status).toBe("failed");
    expect(up.json.analysis).toBeNull();
    expect(up.json.error.message.length).toBeGreaterThan(10);
  });

  it("re-checks the stored object's size, since s3rver does not enforce the policy", async () => {
    const { c } = await signedIn();
    const res = await c.post("/api/uploads", { fileName: "small.stl", size: 100 });
    const big = new Uint8Array(52_428_800 + 10);
    await postToS3(res.json, big, "small.stl");
    await stack().idle();
    const up = await c.get(`/api/uploads/${res.json.uploadId}`);
    expect(up.json.status).toBe("failed");
    expect(up.json.error.message).toBe("File size exceeds 50MB limit.");
  });

  it("refuses other file types and files over 50 MB with the spec's messages", async () => {
    const { c } = await signedIn();
    const type = await c.post("/api/uploads", { fileName: "photo.png", size: 100 });
    expect(type.status).toBe(400);
    expect(type.json.message).toBe("Invalid file type. Only STL, OBJ, and 3MF files are allowed.");
    const size = await c.post("/api/uploads", { fileName: "huge.3mf", size: 52_428_801 });
    expect(size.status).toBe(413);
    expect(size.json.message).toBe("File size exceeds 50MB limit.");
    const extra = await c.post("/api/uploads", { fileName: "a.stl", size: 10, key: "uploads/x" });
    expect(extra.status).toBe(400);
  });

  it("gives up an upload whose file never arrived once its time is past: failed with a message, and the file arriving later changes nothing", async () => {
    const { c } = await signedIn();
    const res = await c.post("/api/uploads", { fileName: "never-sent.stl", size: 684 });
    // registered 21 minutes ago: the form's 15 and the analysis's longest run are past
    const createdAt = new Date(Date.now() - (UPLOAD_WAIT_SECONDS + 60) * 1000).toISOString();
    const { uploads } = stack().store.entities;
    const { data: record } = await uploads.get({ uploadId: res.json.uploadId }).go();
    await uploads.put({ ...record!, createdAt }).go();
    const up = await c.get(`/api/uploads/${res.json.uploadId}`);
    expect(up.json).toMatchObject({
      status: "failed",
      error: { code: "upload_not_received", message: expect.stringMatching(/^Your file did not reach us/) },
    });
    // the file arriving after that changes nothing: the analysis ignores an upload that is not pending
    await postToS3(res.json, boxStl(10, 10, 10), "never-sent.stl");
    await stack().idle();
    expect((await c.get(`/api/uploads/${res.json.uploadId}`)).json.status).toBe("failed");
    // a fresh one still waits
    const fresh = await c.post("/api/uploads", { fileName: "on-its-way.stl", size: 684 });
    expect((await c.get(`/api/uploads/${fresh.json.uploadId}`)).json.status).toBe("pending");
  });

  it("shows an upload only to its owner", async () => {
    const { c } = await signedIn();
    const res = await c.post("/api/uploads", { fileName: "mine.obj", size: 10 });
    const { c: other } = await signedIn();
    expect((await other.get(`/api/uploads/${res.json.uploadId}`)).status).toBe(404);
    expect((await new TestClient(stack().url).get(`/api/uploads/${res.json.uploadId}`)).status).toBe(401);
    expect((await new TestClient(stack().url).post("/api/uploads", { fileName: "a.stl", size: 10 })).status).toBe(401);
    expect((await c.get(`/api/uploads/not-a-uuid`)).status).toBe(404);
  });
});
