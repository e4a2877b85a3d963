import type { Store } from "../db/store.ts";
import { fail } from "../shared/errors.ts";
import { loadOrderForOwner } from "./load.ts";

/**
 * Where a stored design can be fetched: a short-lived signed link (S3 presigned GET in AWS and on
 * s3rver; the adapter is packages/functions/src/lib/s3.ts).
 */
export interface FileLinks {
  /** A GET link to `objectKey` that saves as `fileName`, valid for `seconds`. */
  downloadUrl(objectKey: string, fileName: string, seconds: number): Promise<string>;
}

export const DOWNLOAD_SECONDS = 300;

/**
 * GET /api/print-jobs/{id}/download: the printer's owner only (the customer and strangers get
 * 403/404), a link to exactly the object that was analysed and priced (the order's upload), saving
 * under the order's file name. Answered as JSON (DECISIONS.md "Download"): the site fetches the
 * URL and saves the blob.
 */
export async function orderDownload(store: Store, files: FileLinks, userId: string, ref: string) {
  const { job } = await loadOrderForOwner(store, userId, ref);
  const { data: upload } = await store.entities.uploads.get({ uploadId: job.uploadId }).go();
  if (upload?.status !== "analyzed") throw fail("file_missing");
  const url = await files.downloadUrl(upload.objectKey, job.fileName, DOWNLOAD_SECONDS);
  return {
    url,
    fileName: job.fileName,
    fileSize: upload.size ?? job.fileSize,
    expiresAt: new Date(Date.now() + DOWNLOAD_SECONDS * 1000).toISOString(),
  };
}
