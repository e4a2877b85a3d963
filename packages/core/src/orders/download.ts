import { createHash } from "node:crypto";
import type { Store } from "../db/store.ts";
import { partsOf, type StoredPart } from "../jobs/parts.ts";
import { log } from "../ops/log.ts";
import { formatOrderNumber } from "../refs/numbers.ts";
import { fail } from "../shared/errors.ts";
import { mayDownloadDesign, STATUS_WORDS } from "../shared/lifecycle.ts";
import { type LoadedOrder, loadOrderForOwner } from "./load.ts";
import { zipManifest, zipNames } from "./zip-names.ts";

/** One file of a zip: a stored object, or a short text the zip carries (the parts list). */
export type ZipEntry = { name: string; objectKey: string } | { name: string; text: string };

/**
 * Where a stored design can be fetched: a short-lived signed link (S3 presigned GET in AWS and on
 * s3rver; the adapter is packages/functions/src/lib/s3.ts).
 */
export interface FileLinks {
  /** A GET link to `objectKey` that saves as `fileName`, valid for `seconds`. */
  downloadUrl(objectKey: string, fileName: string, seconds: number): Promise<string>;
  /** The stored object's size and recorded SHA-256 (metadata), or null when it is missing. */
  describe(objectKey: string): Promise<{ size: number; sha256: string | null } | null>;
  /** A GET link to a processed photo (`photos-ready/…`, JPEG) shown inline, valid for `seconds`. */
  imageUrl(objectKey: string, seconds: number): Promise<string>;
  /** A small stored object's bytes (a design's thumbnail), or null when it is missing. */
  readSmall(objectKey: string): Promise<Uint8Array | null>;
  /** Writes a zip of `entries` to `objectKey`, streamed (never the whole archive in memory); answers its size. */
  writeZip(objectKey: string, entries: readonly ZipEntry[]): Promise<{ size: number }>;
}

export const DOWNLOAD_SECONDS = 300;
/** Where an order's zips are written; they expire (stacks/Storage.ts) and are written again when asked for. */
export const ZIPS_PREFIX = "zips/";

/** The owner's order, checked as every download is: theirs, and theirs to print now. */
async function downloadableOrder(store: Store, userId: string, ref: string): Promise<LoadedOrder> {
  const loaded = await loadOrderForOwner(store, userId, ref);
  if (!mayDownloadDesign(loaded.job.status)) throw fail("design_not_downloadable", { status: STATUS_WORDS[loaded.job.status] });
  return loaded;
}

/**
 * The stored copy of a part's design, checked against the size and SHA-256 its analysis recorded:
 * exactly the bytes that were analysed and priced (`storedKey`, which no presigned form can write).
 */
async function storedDesign(store: Store, files: FileLinks, jobId: string, part: StoredPart): Promise<{ key: string; size: number }> {
  const { data: upload } = await store.entities.uploads.get({ uploadId: part.uploadId }).go();
  if (upload?.status !== "analyzed") throw fail("file_missing");
  // Uploads analysed before the copy existed fall back to the form's key, held to the analysed size.
  const key = upload.storedKey ?? upload.objectKey;
  const found = await files.describe(key);
  if (!found || found.size !== upload.size || (upload.sha256 !== undefined && found.sha256 !== upload.sha256)) {
    log.error("stored design does not match its analysis", { jobId, key });
    throw fail("file_missing");
  }
  return { key, size: found.size };
}

const expiresAt = () => new Date(Date.now() + DOWNLOAD_SECONDS * 1000).toISOString();

/**
 * GET /api/print-jobs/{id}/download[?part=N]: the printer's owner only (the customer and strangers
 * get 403/404), and only while the order is theirs to print (paid, and not cancelled or rejected:
 * DESIGN_DOWNLOAD_STATUSES in shared/lifecycle.ts; otherwise 409 design_not_downloadable), a link
 * to part N's design (from 1; the first without `part`), saved under its file name. Answered as
 * JSON (DECISIONS.md "Download"): the site fetches the URL and saves the blob.
 */
export async function orderDownload(store: Store, files: FileLinks, userId: string, ref: string, partNumber = 1) {
  const { job } = await downloadableOrder(store, userId, ref);
  const parts = partsOf(job);
  const part = parts[partNumber - 1];
  if (!part) throw fail("part_not_found", { count: parts.length });
  const { key, size } = await storedDesign(store, files, job.jobId, part);
  return {
    url: await files.downloadUrl(key, part.fileName, DOWNLOAD_SECONDS),
    fileName: part.fileName,
    fileSize: size,
    expiresAt: expiresAt(),
  };
}

/**
 * GET /api/print-jobs/{id}/download?part=all: every part's design in one zip, with a list of the
 * parts (copies, material, colour, settings, printed size). The zip is written once per set of
 * files (its key is named by what it holds) and streamed from the stored copies, each checked as a
 * single download is; later asks sign the same zip again.
 */
export async function orderZip(store: Store, files: FileLinks, userId: string, ref: string) {
  const { job } = await downloadableOrder(store, userId, ref);
  const parts = partsOf(job);
  const stored = await Promise.all(parts.map((p) => storedDesign(store, files, job.jobId, p)));
  const label = formatOrderNumber(job.orderNumber) ?? `order-${job.jobId.slice(0, 8)}`;
  const names = zipNames(parts.map((p) => p.fileName));
  const entries: ZipEntry[] = [
    ...parts.map((_, i) => ({ name: names[i]!, objectKey: stored[i]!.key })),
    { name: `${label} parts.txt`, text: zipManifest(label, parts, names) },
  ];
  const digest = createHash("sha256").update(JSON.stringify(entries)).digest("hex").slice(0, 32);
  const key = `${ZIPS_PREFIX}${job.jobId}/${digest}.zip`;
  const fileName = `${label}.zip`;
  const size = (await files.describe(key))?.size ?? (await files.writeZip(key, entries)).size;
  return { url: await files.downloadUrl(key, fileName, DOWNLOAD_SECONDS), fileName, fileSize: size, expiresAt: expiresAt() };
}
