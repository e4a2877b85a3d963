/**
 * Photo rules shared by the browser and the server (issue 21 point 2): which images, how big, what
 * they are for and how they are told apart by their bytes. Pure, so the web's photo widget checks
 * a file before sending it with the same rule the server applies after (the server's check, on the
 * stored bytes, is the one that counts).
 */

/** At most 10 MB per photo (a phone's full-size JPEG is 2-6 MB). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const MAX_PHOTO_MB = MAX_PHOTO_BYTES / (1024 * 1024);

/** The image types taken, as the browser declares them. The stored bytes decide (`sniffImageType`). */
export const PHOTO_CONTENT_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export type PhotoContentType = (typeof PHOTO_CONTENT_TYPES)[number];
export type ImageType = "jpeg" | "png" | "webp";

/**
 * What a photo is uploaded for. A photo is linked once, to the thing of its purpose: a printer's
 * quality test (`verification`), an order's Mark Complete (`completion`) or a claim (`claim`).
 */
export const PHOTO_PURPOSES = ["verification", "completion", "claim"] as const;
export type PhotoPurpose = (typeof PHOTO_PURPOSES)[number];

export const PHOTO_STATUSES = ["pending", "ready", "failed"] as const;
export type PhotoStatus = (typeof PHOTO_STATUSES)[number];

/** The longest edge of the stored image, and of its thumbnail, in pixels. */
export const PHOTO_MAX_EDGE = 2048;
export const THUMBNAIL_EDGE = 320;
/**
 * Decoding refuses images of more pixels than this (a decompression bomb is a small file of a huge
 * image): 100 megapixels is above every phone camera (48-50 MP at most today).
 */
export const MAX_PHOTO_PIXELS = 100_000_000;

/** Photos one thing (a quality test, a completion, a claim) may carry. */
export const MAX_PHOTOS_PER_LINK = 10;
/** Photos one account may register per day (each is up to 10 MB and is decoded and resized). */
export const MAX_PHOTOS_PER_DAY = 100;

export type PhotoProblem = "photo_type_not_allowed" | "photo_too_large" | "photo_empty";

/** Why a photo cannot be sent (an error code of the registry), from what the browser declares; null when it can. */
export function photoProblemCode(contentType: string, size: number): PhotoProblem | null {
  if (!(PHOTO_CONTENT_TYPES as readonly string[]).includes(contentType.trim().toLowerCase())) return "photo_type_not_allowed";
  if (size > MAX_PHOTO_BYTES) return "photo_too_large";
  if (size <= 0) return "photo_empty";
  return null;
}

const startsWith = (bytes: Uint8Array, at: number, expected: readonly number[]) =>
  bytes.length >= at + expected.length && expected.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The image type by its first bytes (its magic number), never by its name or declared type:
 * JPEG `FF D8 FF`, PNG's 8-byte signature, WebP `RIFF….WEBP`. Anything else is null.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, 0, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, 0, ascii("RIFF")) && startsWith(bytes, 8, ascii("WEBP"))) return "webp";
  return null;
}

/** The declared type a sniffed type goes with (a browser's `File.type`). */
export const CONTENT_TYPE_OF: Record<ImageType, PhotoContentType> = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp" };

/** The size of an image scaled to fit within `edge` × `edge`, never enlarged (what the resize makes). */
export function fitWithin(width: number, height: number, edge: number): { width: number; height: number } {
  const scale = Math.min(1, edge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
