import { randomUUID } from "node:crypto";
import { z } from "zod";
import { describeEstimate } from "../analysis/describe.ts";
import { analysisSchema, geometrySchema } from "../analysis/schema.ts";
import { writtenIf } from "../db/conditional.ts";
import { UPLOAD_STATUSES } from "../db/entities/upload.ts";
import type { Store } from "../db/store.ts";
import { reserve } from "../limits/rate-limit.ts";
import { UPLOADS_PER_DAY } from "../limits/rules.ts";
import { fail } from "../shared/errors.ts";
import { cleanLine } from "../shared/text.ts";
import { displayFileName, formatOf, thumbnailPath, UPLOAD_FORMATS, uploadProblemCode } from "../shared/uploads.ts";

export const newUploadInput = z
  .strictObject({
    fileName: z
      .string({ error: "File name is required." })
      .overwrite(cleanLine)
      .min(1, "File name is required.")
      .max(255, "File name is too long."),
    size: z.number({ error: "File size is required." }).int("File size must be a whole number of bytes."),
  })
  .meta({ id: "NewUpload" });

/**
 * Register an upload before the browser sends it. The object key is ours
 * (`uploads/{userId}/{uploadId}.{ext}`): the raw file name never reaches S3. At most
 * UPLOADS_PER_DAY per account (429 with Retry-After).
 */
export async function createUpload(store: Store, userId: string, input: z.infer<typeof newUploadInput>) {
  const problem = uploadProblemCode(input.fileName, input.size);
  if (problem) throw fail(problem);
  // Counted before anything is registered or signed (architecture rule 11).
  await reserve(store, UPLOADS_PER_DAY, userId);
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

/** Where the presigned form writes (the S3 notification and local mode's events watch only this prefix). */
export const UPLOADS_PREFIX = "uploads/";
/** Where the analysis keeps the bytes it analysed; the form's policy pins its key under `uploads/`, so no form writes here. */
export const ANALYSED_PREFIX = "analysed/";

/** Where the analysis keeps each design's picture (`thumbnails/{thumbnailId}.png`); no form writes here either. */
export const THUMBNAILS_PREFIX = "thumbnails/";
/** The object key of a design's picture. */
export const thumbnailKey = (thumbnailId: string) => `${THUMBNAILS_PREFIX}${thumbnailId}.png`;

/** The immutable copy of an upload's analysed bytes: content-addressed within the upload. */
export function analysedObjectKey(upload: { userId: string; uploadId: string; format: string }, sha256: string): string {
  return `${ANALYSED_PREFIX}${upload.userId}/${upload.uploadId}/${sha256}.${upload.format}`;
}

/** Parse `uploads/{userId}/{uploadId}.{ext}` back into its parts (null for any other key). */
export function parseObjectKey(key: string): { userId: string; uploadId: string } | null {
  const m = /^uploads\/([0-9a-f-]{36})\/([0-9a-f-]{36})\.(stl|obj|3mf)$/.exec(key);
  return m ? { userId: m[1]!, uploadId: m[2]! } : null;
}

export async function getUpload(store: Store, uploadId: string) {
  return (await store.entities.uploads.get({ uploadId }).go({ consistent: true })).data;
}
export type UploadRecord = NonNullable<Awaited<ReturnType<typeof getUpload>>>;

/** An upload as its owner sees it (one waiting past its time is given up first); anyone else gets the same 404 as a missing one. */
export async function getOwnUpload(store: Store, userId: string, uploadId: string, now = new Date()): Promise<UploadRecord> {
  const upload = z.uuid().safeParse(uploadId).success ? await getUpload(store, uploadId) : null;
  if (!upload || upload.userId !== userId) throw fail("upload_not_found");
  return giveUpIfOverdue(store, upload, now);
}

/** How long the presigned form may be used: enough to send 50 MB on a slow connection. */
export const UPLOAD_FORM_SECONDS = 15 * 60;
/**
 * How long an upload may wait for its analysis: the form's time, then the analysis's longest run
 * (60 s in Lambda, 30 s in local mode's pool) with room. A file sent within the form's time has
 * its result well before this; past it, nothing more will come (the file never arrived, or its
 * analysis died without a word, as a Lambda that times out does).
 */
export const UPLOAD_WAIT_SECONDS = UPLOAD_FORM_SECONDS + 5 * 60;

/** Whether an upload still waiting for its analysis has waited past UPLOAD_WAIT_SECONDS. */
export const isOverdue = (upload: Pick<UploadRecord, "status" | "createdAt">, now: Date) =>
  upload.status === "pending" && now.getTime() - Date.parse(upload.createdAt) > UPLOAD_WAIT_SECONDS * 1000;

/**
 * An overdue upload is stored as failed (finishUpload's conditional write: an analysis finishing
 * at the same moment wins or loses as a whole), so the upload page stops waiting and says why,
 * and an order cannot be placed on a file nobody has.
 */
export async function giveUpIfOverdue(store: Store, upload: UploadRecord, now: Date): Promise<UploadRecord> {
  if (!isOverdue(upload, now)) return upload;
  const { code, message } = fail("upload_not_received");
  await finishUpload(store, upload.uploadId, { error: { code, message } });
  return (await getUpload(store, upload.uploadId)) ?? upload;
}

/**
 * Store the analysis result or the error, once: a conditional write on `pending`, so a repeated
 * S3 event (they arrive at least once), or the event of a later write through the same form,
 * cannot overwrite a finished result. The size, checksum and copy stored with it are those of the
 * very bytes that were analysed.
 */
export async function finishUpload(
  store: Store,
  uploadId: string,
  outcome: { size?: number; storedKey?: string; sha256?: string; thumbnailId?: string } & (
    | { analysis: unknown }
    | { error: { code: string; message: string } }
  ),
): Promise<boolean> {
  return writtenIf(() =>
    store.entities.uploads
      .patch({ uploadId })
      .set({
        ...(outcome.size !== undefined ? { size: outcome.size } : {}),
        ...(outcome.storedKey && outcome.sha256 ? { storedKey: outcome.storedKey, sha256: outcome.sha256 } : {}),
        ...(outcome.thumbnailId ? { thumbnailId: outcome.thumbnailId } : {}),
        analyzedAt: new Date().toISOString(),
        ...("analysis" in outcome
          ? { status: "analyzed" as const, analysis: outcome.analysis }
          : { status: "failed" as const, error: outcome.error }),
      })
      .where((a, op) => op.eq(a.status, "pending"))
      .go(),
  );
}

/** The presigned POST answer of POST /api/uploads. */
export const presignedUploadSchema = z
  .object({
    uploadId: z.string(),
    url: z.string().meta({ description: "Send the file here as multipart/form-data with `fields` first" }),
    fields: z.record(z.string(), z.string()),
    maxBytes: z.number().int(),
    expiresInSeconds: z.number().int(),
  })
  .meta({ id: "PresignedUpload" });

const storedAnalysisSchema = z.object({ geometry: geometrySchema, estimate: analysisSchema });

/** An upload as its owner sees it: the answer's one definition (the analysis is the server's, once stored). */
export const uploadSchema = z
  .object({
    id: z.string(),
    fileName: z.string(),
    format: z.enum(UPLOAD_FORMATS),
    size: z.number(),
    status: z.enum(UPLOAD_STATUSES),
    analysis: storedAnalysisSchema.nullable(),
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
    createdAt: z.string(),
    analyzedAt: z.string().nullable(),
    thumbnailUrl: z.string().nullable().meta({ description: "The design's picture, drawn from its mesh by the analysis (issue 22)" }),
  })
  .meta({ id: "Upload" });
export type PresentedUpload = z.infer<typeof uploadSchema>;

export function presentUpload(u: NonNullable<Awaited<ReturnType<typeof getUpload>>>): PresentedUpload {
  return {
    id: u.uploadId,
    fileName: u.fileName,
    format: u.format,
    size: u.size ?? u.declaredSize,
    status: u.status,
    analysis: presentAnalysis(u.analysis),
    error: u.error ?? null,
    createdAt: u.createdAt,
    analyzedAt: u.analyzedAt ?? null,
    thumbnailUrl: u.thumbnailId ? thumbnailPath(u.thumbnailId) : null,
  };
}

/**
 * The stored analysis, written only by the analysis handler as { geometry, estimate }
 * (functions/src/analysis/handler.ts). An estimate stored before it carried its range (or its
 * material cost in cents) is made again from the geometry, which is what every price is made from.
 */
function presentAnalysis(stored: unknown): PresentedUpload["analysis"] {
  const a = stored as PresentedUpload["analysis"] | undefined;
  if (!a) return null;
  if (a.estimate && "range" in a.estimate && "materialCostCents" in a.estimate) return a;
  return { geometry: a.geometry, estimate: describeEstimate(a.geometry) };
}
