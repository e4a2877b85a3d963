import { createHash, randomUUID } from "node:crypto";
import {
  ANALYSIS_SERVICE,
  analysedObjectKey,
  DETAIL_TYPES,
  finishUpload,
  formatOf,
  getUpload,
  isVisibleError,
  MAX_UPLOAD_BYTES,
  MESSAGES,
  METRICS,
  parseObjectKey,
  type Store,
  thumbnailKey,
  UPLOADS_PREFIX,
} from "@printhood/core";
import { type DesignGeometry, describeEstimate, measureDesign } from "@printhood/core/analysis/index";
import type { S3Event } from "aws-lambda";
import { perEnvironment } from "../lib/env.ts";
import { createEventPublisher, type EventPublisher } from "../lib/events.ts";
import { invoke } from "../lib/handlers.ts";
import { addKeys, emitMetrics, getLogger } from "../lib/observability.ts";
import { objectSize, putAnalysedObject, putImageObject, readObject } from "../lib/s3.ts";
import { storeFromEnv } from "../lib/store.ts";
import { thumbnailPng } from "./thumbnail.ts";

/**
 * Runs on S3's ObjectCreated event for `uploads/` (s3rver's event in local mode): reads the
 * object once, re-checks size and type on those bytes, analyses them, copies exactly them to an
 * immutable key (`analysed/…`, with their SHA-256) and stores the result, size, checksum and copy
 * on the upload (or the error), then publishes `upload.analyzed`. Every failure is stored on the
 * upload, never lost. A design that was measured also gets its picture (`thumbnails/…`, a small PNG
 * drawn from its mesh; a failure to draw it costs only the picture). Once an upload is analysed, later events for its key (a second post through
 * the same presigned form) are ignored: what was priced is the copy, and it cannot change.
 * `measure` is where the mesh is measured: inline in Lambda (one invocation per file), in a
 * worker thread in local mode (packages/local/src/analysis-pool.ts), so the API stays responsive.
 */
export type Measure = (bytes: Uint8Array, fileName: string) => Promise<DesignGeometry>;
const inline: Measure = async (bytes, fileName) => measureDesign(bytes, fileName);

const getDeps = perEnvironment((): { store: Store; events: EventPublisher } => ({
  store: storeFromEnv(),
  events: createEventPublisher(process.env.EVENT_BUS_NAME ?? ""),
}));

/** The S3-event handler with measurements done by `measure` (Lambda's second argument is its context, so this is a factory). */
export function createHandler(measure: Measure = inline): (event: S3Event) => Promise<void> {
  return (event) =>
    invoke(ANALYSIS_SERVICE, {}, "analysis event handled", async () => {
      for (const record of event.Records ?? []) {
        if (!record.eventName?.startsWith("ObjectCreated")) continue;
        const bucket = record.s3.bucket.name;
        const key = decodeURIComponent(record.s3.object.key.replace(/\+/g, " "));
        // The analysis's own copies (`analysed/…`) are not uploads: S3's notification filters on the
        // prefix in AWS (stacks/Storage.ts); s3rver reports every write, so the same filter is here.
        if (!key.startsWith(UPLOADS_PREFIX)) continue;
        await analyseObject({ ...getDeps(), measure }, bucket, key);
      }
    });
}

/** Lambda entry point: measures inline. */
export const handler = createHandler();

export async function analyseObject(
  { store, events, measure = inline }: { store: Store; events: EventPublisher; measure?: Measure },
  bucket: string,
  key: string,
) {
  const started = performance.now();
  const ids = parseObjectKey(key);
  if (!ids) return log("warn", "object key is not an upload key; ignored", { key });
  addKeys({ uploadId: ids.uploadId, userId: ids.userId });
  const upload = await getUpload(store, ids.uploadId);
  if (!upload || upload.userId !== ids.userId || upload.objectKey !== key)
    return log("warn", "no upload registered for this key; ignored", { key });
  if (upload.status !== "pending") {
    return log("warn", "upload already analysed; a later event for its key is ignored (the analysed copy is what was priced)", { key });
  }

  let size = 0;
  let stored: { storedKey: string; sha256: string; thumbnailId?: string } | undefined;
  let outcome: { analysis: unknown } | { error: { code: string; message: string } };
  try {
    size = await objectSize(bucket, key);
    if (size > MAX_UPLOAD_BYTES) outcome = { error: { code: "file_too_large", message: MESSAGES.tooLarge } };
    else if (size === 0) outcome = { error: { code: "empty_file", message: MESSAGES.empty } };
    else if (!formatOf(upload.fileName)) outcome = { error: { code: "invalid_file", message: MESSAGES.invalidType } };
    else {
      // From here on only these bytes count: the object may be written again while we work.
      const bytes = await readObject(bucket, key);
      size = bytes.length;
      if (size > MAX_UPLOAD_BYTES) outcome = { error: { code: "file_too_large", message: MESSAGES.tooLarge } };
      else {
        const sha256 = createHash("sha256").update(bytes).digest("hex");
        const storedKey = analysedObjectKey(upload, sha256);
        // Copied before measuring, while `bytes` is certainly whole (a measure may hand them to a worker).
        await putAnalysedObject(bucket, storedKey, bytes, sha256);
        const geometry = await measure(bytes, upload.fileName);
        stored = { storedKey, sha256, ...(await storeThumbnail(bucket, bytes, upload.fileName)) };
        outcome = { analysis: { geometry, estimate: describeEstimate(geometry) } };
      }
    }
  } catch (e) {
    outcome = isVisibleError(e)
      ? { error: { code: e.code, message: e.message } }
      : {
          error: {
            code: "analysis_failed",
            message: "We could not analyse this file. Please check it opens in your slicer and try again.",
          },
        };
    if (!isVisibleError(e)) log("error", "analysis crashed", { key, error: e });
  }

  const finished = await finishUpload(store, upload.uploadId, { size, ...stored, ...outcome });
  if (!finished) return log("info", "upload finished by another delivery", { key });
  const durationMs = Math.round(performance.now() - started);
  const analysed = "analysis" in outcome;
  // Counted by the delivery that recorded the outcome, so a repeated S3 event counts nothing.
  emitMetrics([
    { name: analysed ? METRICS.analysesFinished : METRICS.analysesFailed, value: 1, unit: "Count" },
    { name: METRICS.analysisDuration, value: durationMs, unit: "Milliseconds" },
  ]);
  log("info", analysed ? "upload analysed" : "upload refused", {
    durationMs,
    size,
    ...("error" in outcome ? { errorCode: outcome.error.code } : {}),
  });
  await events.publish(DETAIL_TYPES.uploadAnalyzed, {
    uploadId: upload.uploadId,
    userId: upload.userId,
    status: "analysis" in outcome ? "analyzed" : "failed",
  });
}

/** Draws the design and stores the PNG under a new random id; nothing when it cannot be drawn. */
async function storeThumbnail(bucket: string, bytes: Uint8Array, fileName: string): Promise<{ thumbnailId?: string }> {
  try {
    const png = thumbnailPng(bytes, fileName);
    if (!png) return {};
    const thumbnailId = randomUUID();
    await putImageObject(bucket, thumbnailKey(thumbnailId), png, "image/png");
    return { thumbnailId };
  } catch (error) {
    log("warn", "thumbnail not drawn", { error });
    return {};
  }
}

function log(level: "info" | "warn" | "error", message: string, data: Record<string, unknown>) {
  getLogger()[level](message, data);
}
