import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Store } from "../db/store.ts";
import { VisibleError } from "../shared/errors.ts";
import { displayFileName, formatOf, MAX_UPLOAD_BYTES, MESSAGES, uploadProblem } from "../shared/uploads.ts";

export const newUploadInput = z.strictObject({
  fileName: z.string({ error: "File name is required." }).min(1, "File name is required.").max(255, "File name is too long."),
  size: z.number({ error: "File size is required." }).int("File size must be a whole number of bytes."),
});

/**
 * Register an upload before the browser sends it. The object key is ours
 * (`uploads/{userId}/{uploadId}.{ext}`): the raw file name never reaches S3.
 */
export async function createUpload(store: Store, userId: string, input: z.infer<typeof newUploadInput>) {
  const problem = uploadProblem(input.fileName, input.size);
  if (problem)
    throw new VisibleError(
      problem === MESSAGES.tooLarge ? "too_large" : "invalid",
      problem === MESSAGES.tooLarge ? "file_too_large" : "invalid_file",
      problem,
    );
  const format = formatOf(input.fileName)!;
  const uploadId = randomUUID();
  const record = {
    uploadId,
    userId,
    fileName: displayFileName(input.fileName),
    objectKey: `uploads/${userId}/${uploadId}.${format}`,
    format,
    declaredSize: input.size,
    status: "pending" as const,
    createdAt: new Date().toISOString(),
  };
  await store.entities.uploads.create(record).go();
  return record;
}

/** Parse `uploads/{userId}/{uploadId}.{ext}` back into its parts (null for any other key). */
export function parseObjectKey(key: string): { userId: string; uploadId: string } | null {
  const m = /^uploads\/([0-9a-f-]{36})\/([0-9a-f-]{36})\.(stl|obj|3mf)$/.exec(key);
  return m ? { userId: m[1]!, uploadId: m[2]! } : null;
}

export async function getUpload(store: Store, uploadId: string) {
  return (await store.entities.uploads.get({ uploadId }).go({ consistent: true })).data;
}

/** An upload as its owner sees it; anyone else gets the same 404 as a missing one. */
export async function getOwnUpload(store: Store, userId: string, uploadId: string) {
  const upload = z.uuid().safeParse(uploadId).success ? await getUpload(store, uploadId) : null;
  if (!upload || upload.userId !== userId) throw new VisibleError("not_found", "upload_not_found", "We could not find that upload.");
  return upload;
}

/**
 * Store the analysis result or the error, once: a conditional write on `pending`, so a
 * repeated S3 event (they arrive at least once) cannot overwrite a finished result.
 */
export async function finishUpload(
  store: Store,
  uploadId: string,
  outcome: { size: number } & ({ analysis: unknown } | { error: { code: string; message: string } }),
): Promise<boolean> {
  try {
    await store.entities.uploads
      .patch({ uploadId })
      .set({
        size: outcome.size,
        analyzedAt: new Date().toISOString(),
        ...("analysis" in outcome
          ? { status: "analyzed" as const, analysis: outcome.analysis }
          : { status: "failed" as const, error: outcome.error }),
      })
      .where((a, op) => op.eq(a.status, "pending"))
      .go();
    return true;
  } catch (e) {
    if (
      String((e as Error).message)
        .toLowerCase()
        .includes("conditional")
    )
      return false;
    throw e;
  }
}

export function presentUpload(u: NonNullable<Awaited<ReturnType<typeof getUpload>>>) {
  return {
    id: u.uploadId,
    fileName: u.fileName,
    format: u.format,
    size: u.size ?? u.declaredSize,
    status: u.status,
    analysis: u.analysis ?? null,
    error: u.error ?? null,
    createdAt: u.createdAt,
    analyzedAt: u.analyzedAt ?? null,
  };
}

export { MAX_UPLOAD_BYTES };
