import { describe, expect, it } from "vitest";
import { fitWithin, MAX_PHOTO_BYTES, photoProblemCode, sniffImageType } from "../../src/shared/photos.ts";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe("a photo's type, by its bytes", () => {
  it.each([
    ["a JPEG (JFIF)", bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], "JFIF"), "jpeg"],
    ["a JPEG (EXIF)", bytes([0xff, 0xd8, 0xff, 0xe1], "Exif"), "jpeg"],
    ["a PNG", bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], "IHDR"), "png"],
    ["a WebP", bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 "), "webp"],
    ["text named photo.jpg", bytes("Dear diary, this is not an image"), null],
    ["a GIF", bytes("GIF89a"), null],
    ["a PDF", bytes("%PDF-1.7"), null],
    ["a RIFF that is a WAV", bytes("RIFF", [0x24, 0, 0, 0], "WAVEfmt "), null],
    ["a PNG signature cut short", bytes([0x89], "PNG", [0x0d, 0x0a]), null],
    ["two bytes of a JPEG", bytes([0xff, 0xd8]), null],
    ["nothing", new Uint8Array(), null],
  ])("%s → %s", (_, b, type) => {
    expect(sniffImageType(b)).toBe(type);
  });
});

describe("what the browser declares, before anything is signed", () => {
  it.each([
    ["image/jpeg", 3_000_000, null],
    ["IMAGE/PNG ", 1, null],
    ["image/webp", MAX_PHOTO_BYTES, null],
    ["image/gif", 1000, "photo_type_not_allowed"],
    ["image/heic", 1000, "photo_type_not_allowed"],
    ["text/plain", 1000, "photo_type_not_allowed"],
    ["image/jpeg", MAX_PHOTO_BYTES + 1, "photo_too_large"],
    ["image/jpeg", 0, "photo_empty"],
  ])("%s of %s bytes → %s", (type, size, problem) => {
    expect(photoProblemCode(type, size)).toBe(problem);
  });
});

describe("the size an image is scaled to", () => {
  it.each([
    [4000, 3000, 2048, { width: 2048, height: 1536 }],
    [3000, 4000, 2048, { width: 1536, height: 2048 }],
    [1000, 800, 2048, { width: 1000, height: 800 }],
    [2048, 10, 320, { width: 320, height: 2 }],
    [10000, 1, 320, { width: 320, height: 1 }],
  ])("%s × %s within %s px", (w, h, edge, size) => {
    expect(fitWithin(w, h, edge)).toEqual(size);
  });
});
