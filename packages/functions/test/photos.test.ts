import { BUCKET_NAME } from "@printhood/local";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { newUser, TestClient } from "./client.ts";
import { postToS3 } from "./designs.ts";
import { fetchBytes, hasGpsPointer, testJpeg, uploadPhoto } from "./photos.ts";
import { useStack } from "./stack.ts";

const stack = useStack();

async function signedIn() {
  const c = new TestClient(stack().url);
  const me = (await c.post("/api/register", newUser())).json as { id: string };
  return { c, me };
}

/** The bucket's keys under a prefix, as S3's ListObjects answers (XML). */
const listKeys = (prefix: string) => fetch(`${stack().endpoints.s3}/${BUCKET_NAME}?prefix=${prefix}`).then((r) => r.text());

describe("photos", () => {
  it("presigns a POST of its own: the key under photos/, at most 10 MB", async () => {
    const { c, me } = await signedIn();
    const res = await c.post("/api/photos", {
      fileName: "../../side view.jpg",
      size: 2_000_000,
      contentType: "image/jpeg",
      purpose: "verification",
    });
    expect(res.status).toBe(201);
    const { photoId, fields } = res.json;
    expect(fields.key).toBe(`photos/${me.id}/${photoId}`);
    const policy = JSON.parse(Buffer.from(fields.Policy, "base64").toString("utf8"));
    expect(policy.conditions).toContainEqual(["content-length-range", 1, 10 * 1024 * 1024]);
    expect(policy.conditions).toContainEqual(["eq", "$key", fields.key]);
    const photo = await c.get(`/api/photos/${photoId}`);
    expect(photo.json).toMatchObject({ id: photoId, status: "pending", fileName: "side view.jpg", image: null, thumbnail: null });
  });

  it.each([
    [{ contentType: "image/gif", size: 1000 }, 400, "photo_type_not_allowed"],
    [{ contentType: "text/plain", size: 1000 }, 400, "photo_type_not_allowed"],
    [{ contentType: "image/jpeg", size: 10 * 1024 * 1024 + 1 }, 413, "photo_too_large"],
    [{ contentType: "image/png", size: 0 }, 400, "photo_empty"],
  ])("refuses %o before anything is signed", async (over, status, code) => {
    const { c } = await signedIn();
    const res = await c.post("/api/photos", { fileName: "a.jpg", purpose: "claim", ...over });
    expect(res.status).toBe(status);
    expect(res.json.code).toBe(code);
  });

  it("keeps no trace of a phone's GPS position: the stored image and thumbnail carry no EXIF at all", async () => {
    const { c } = await signedIn();
    const original = await testJpeg(3000, 2000, { gps: true });
    const before = await sharp(original).metadata();
    expect(hasGpsPointer(before.exif)).toBe(true);

    const photoId = await uploadPhoto(stack(), c, original, { fileName: "IMG_2041.jpg" });
    const photo = (await c.get(`/api/photos/${photoId}`)).json;
    expect(photo.status).toBe("ready");
    expect(photo.image).toMatchObject({ width: 2048, height: 1365 });
    expect(photo.thumbnail).toMatchObject({ width: 320, height: 213 });

    for (const url of [photo.image.url, photo.thumbnail.url]) {
      const bytes = await fetchBytes(url);
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe("jpeg");
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(bytes.includes(Buffer.from("Exif\0\0"))).toBe(false);
      expect(bytes.includes(Buffer.from("PhoneCo"))).toBe(false);
    }
    // The original (with its GPS) is deleted once processed; only the processed copies stay.
    expect(await listKeys("photos/")).not.toContain(photoId);
    expect(await listKeys("photos-ready/")).toContain(`${photoId}/image.jpg`);
  });

  it("refuses a text file renamed photo.jpg, by its bytes", async () => {
    const { c } = await signedIn();
    const bytes = new TextEncoder().encode("Dear diary, today I printed a benchy. This is not an image at all.\n".repeat(20));
    const photoId = await uploadPhoto(stack(), c, bytes, { fileName: "photo.jpg", contentType: "image/jpeg" });
    const photo = (await c.get(`/api/photos/${photoId}`)).json;
    expect(photo.status).toBe("failed");
    expect(photo.error.code).toBe("photo_not_an_image");
    expect(photo.image).toBeNull();
  });

  it("refuses bytes that start like a JPEG but are not one", async () => {
    const { c } = await signedIn();
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new TextEncoder().encode("not really a jpeg, only its first bytes")]);
    const photoId = await uploadPhoto(stack(), c, bytes);
    const photo = (await c.get(`/api/photos/${photoId}`)).json;
    expect(photo.status).toBe("failed");
    expect(photo.error.code).toBe("photo_unreadable");
  });

  it("takes a PNG declared as a JPEG (the bytes decide) and keeps a small one at its size", async () => {
    const { c } = await signedIn();
    const png = new Uint8Array(
      await sharp({ create: { width: 400, height: 300, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } } })
        .png()
        .toBuffer(),
    );
    const photoId = await uploadPhoto(stack(), c, png, { fileName: "shot.jpg", contentType: "image/jpeg" });
    const photo = (await c.get(`/api/photos/${photoId}`)).json;
    expect(photo.status).toBe("ready");
    expect(photo.image).toMatchObject({ width: 400, height: 300 });
  });

  it("is shown to its uploader only until it is attached; a stranger gets the 404 of a missing photo", async () => {
    const owner = await signedIn();
    const stranger = await signedIn();
    const photoId = await uploadPhoto(stack(), owner.c, await testJpeg(640, 480));
    expect((await owner.c.get(`/api/photos/${photoId}`)).status).toBe(200);
    const theirs = await stranger.c.get(`/api/photos/${photoId}`);
    expect(theirs.status).toBe(404);
    expect(theirs.json.code).toBe("photo_not_found");
    expect((await stranger.c.get("/api/photos/not-a-uuid")).status).toBe(404);
    expect((await new TestClient(stack().url).get(`/api/photos/${photoId}`)).status).toBe(401);
  });

  it("ignores a second post through the same form once processed, and deletes what it sent", async () => {
    const { c } = await signedIn();
    const first = await testJpeg(800, 600);
    const res = await c.post("/api/photos", { fileName: "a.jpg", size: first.length, contentType: "image/jpeg", purpose: "claim" });
    await postToS3(res.json, first, "a.jpg");
    await stack().idle();
    const ready = (await c.get(`/api/photos/${res.json.photoId}`)).json;
    expect(ready.status).toBe("ready");
    await postToS3(res.json, await testJpeg(1600, 1200, { gps: true }), "a.jpg");
    await stack().idle();
    const after = (await c.get(`/api/photos/${res.json.photoId}`)).json;
    expect(after.image).toMatchObject({ width: 800, height: 600 });
    expect(await listKeys("photos/")).not.toContain(res.json.photoId);
  });
});
