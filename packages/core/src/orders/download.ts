import type { Store } from "../db/store.ts";
import { log } from "../ops/log.ts";
import { fail } from "../shared/errors.ts";
import { mayDownloadDesign, STATUS_WORDS } from "../shared/lifecycle.ts";
import { loadOrderForOwner } from "./load.ts";

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
}

export const DOWNLOAD_SECONDS = 300;

/**
 * GET /api/print-jobs/{id}/download: the printer's owner only (the customer and strangers get
 * 403/404), and only while the order is theirs to print (paid, and not cancelled or rejected:
 * DESIGN_DOWNLOAD_STATUSES in shared/lifecycle.ts; otherwise 409 design_not_downloadable), a link
 * to exactly the bytes that were analysed and priced: the upload's immutable copy
 * (`storedKey`, which no presigned form can write), checked against the size and SHA-256 the
 * analysis recorded before the link is signed. Saves under the order's file name. Answered as JSON
 * (DECISIONS.md "Download"): the site fetches the URL and saves the blob.
 */
export async function orderDownload(store: Store, files: FileLinks, userId: string, ref: string) {
  const { job } = await loadOrderForOwner(store, userId, ref);
  if (!mayDownloadDesign(job.status)) throw fail("design_not_downloadable", { status: STATUS_WORDS[job.status] });
  const { data: upload } = await store.entities.uploads.get({ uploadId: job.uploadId }).go();
  if (upload?.status !== "analyzed") throw fail("file_missing");
  // Uploads analysed before the copy existed fall back to the form's key, held to the analysed size.
  const key = upload.storedKey ?? upload.objectKey;
  const found = await files.describe(key);
  if (!found || found.size !== upload.size || (upload.sha256 !== undefined && found.sha256 !== upload.sha256)) {
    log.error("stored design does not match its analysis", { jobId: job.jobId, key });
    throw fail("file_missing");
  }
  const url = await files.downloadUrl(key, job.fileName, DOWNLOAD_SECONDS);
  return {
    url,
    fileName: job.fileName,
    fileSize: upload.size ?? job.fileSize,
    expiresAt: new Date(Date.now() + DOWNLOAD_SECONDS * 1000).toISOString(),
  };
}
