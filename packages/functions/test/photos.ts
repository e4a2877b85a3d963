import type { LocalStack } from "@printhood/local";
import sharp from "sharp";
import { expect } from "vitest";
import type { TestClient } from "./client.ts";
import { postToS3 } from "./designs.ts";

/** Helpers for the photo tests: real images made with sharp, sent through the real presigned POST. */

/** Fort Collins, as a phone writes it (degrees, minutes, seconds as rationals). */
export const HOME_GPS = {
  GPSLatitudeRef: "N",
  GPSLatitude: "40/1 35/1 1234/100",
  GPSLongitudeRef: "W",
  GPSLongitude: "105/1 4/1 4321/100",
};

/** A photo-like JPEG (a gradient with a shape, so it is not trivially compressible) of `width` × `height`. */
export async function testJpeg(width = 1200, height = 900, options: { gps?: boolean; label?: string } = {}): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2563eb"/><stop offset="1" stop-color="#f59e0b"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <rect x="${width / 4}" y="${height / 3}" width="${width / 2}" height="${height / 3}" fill="#e5e7eb" stroke="#111827" stroke-width="8"/>
    <text x="${width / 2}" y="${height / 2}" font-size="${Math.round(height / 12)}" text-anchor="middle" fill="#111827">${options.label ?? "test piece"}</text>
  </svg>`;
  let image = sharp(Buffer.from(svg)).jpeg({ quality: 85 });
  if (options.gps) image = image.withExif({ IFD0: { Make: "PhoneCo", Model: "Pocket 12" }, IFD3: HOME_GPS });
  return new Uint8Array(await image.toBuffer());
}

/** True when these EXIF bytes have a GPS directory (tag 0x8825, either byte order). */
export function hasGpsPointer(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}

/** Register a photo, send its bytes to S3 as the browser does, and wait for its processing. */
export async function uploadPhoto(
  stack: LocalStack,
  c: TestClient,
  bytes: Uint8Array,
  over: { fileName?: string; contentType?: string; purpose?: string } = {},
): Promise<string> {
  const fileName = over.fileName ?? "photo.jpg";
  const res = await c.post("/api/photos", {
    fileName,
    size: bytes.length,
    contentType: over.contentType ?? "image/jpeg",
    purpose: over.purpose ?? "verification",
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  await postToS3(res.json, bytes, fileName);
  await stack.idle();
  return res.json.photoId as string;
}

/** Download a short-lived link's bytes. */
export async function fetchBytes(url: string): Promise<Buffer> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}
