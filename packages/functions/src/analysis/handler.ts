import {
  createDocumentClient,
  createStore,
  DETAIL_TYPES,
  finishUpload,
  formatOf,
  getUpload,
  isVisibleError,
  MAX_UPLOAD_BYTES,
  MESSAGES,
  parseObjectKey,
  type Store,
} from "@printhood/core";
import { type DesignGeometry, describeEstimate, measureDesign } from "@printhood/core/analysis/index";
import type { S3Event } from "aws-lambda";
import { createEventPublisher, type EventPublisher } from "../lib/events.ts";
import { objectSize, readObject } from "../lib/s3.ts";

/**
 * Runs on S3's ObjectCreated event for `uploads/` (s3rver's event in local mode): reads the
 * object, re-checks size and type, analyses it, stores the result or the error on the upload
 * and publishes `upload.analyzed`. Every failure is stored on the upload, never lost.
 * `measure` is where the mesh is measured: inline in Lambda (one invocation per file), in a
 * worker thread in local mode (packages/local/src/analysis-pool.ts), so the API stays responsive.
 */
export type Measure = (bytes: Uint8Array, fileName: string) => Promise<DesignGeometry>;
const inline: Measure = async (bytes, fileName) => measureDesign(bytes, fileName);

let deps: { store: Store; events: EventPublisher } | undefined;
const getDeps = () =>
  (deps ??= {
    store: createStore(createDocumentClient(), process.env.TABLE_NAME ?? ""),
    events: createEventPublisher(process.env.EVENT_BUS_NAME ?? ""),
  });

/** The S3-event handler with measurements done by `measure` (Lambda's second argument is its context, so this is a factory). */
export function createHandler(measure: Measure = inline): (event: S3Event) => Promise<void> {
  return async (event) => {
    for (const record of event.Records ?? []) {
      if (!record.eventName?.startsWith("ObjectCreated")) continue;
      const bucket = record.s3.bucket.name;
      const key = decodeURIComponent(record.s3.object.key.replace(/\+/g, " "));
      await analyseObject({ ...getDeps(), measure }, bucket, key);
    }
  };
}

/** Lambda entry point: measures inline. */
export const handler = createHandler();

export async function analyseObject(
  { store, events, measure = inline }: { store: Store; events: EventPublisher; measure?: Measure },
  bucket: string,
  key: string,
) {
  const ids = parseObjectKey(key);
  if (!ids) return log("warn", "object key is not an upload key; ignored", { key });
  const upload = await getUpload(store, ids.uploadId);
  if (!upload || upload.userId !== ids.userId || upload.objectKey !== key)
    return log("warn", "no upload registered for this key; ignored", { key });
  if (upload.status !== "pending") return log("info", "upload already analysed; repeated event ignored", { key });

  let size = 0;
  let outcome: { analysis: unknown } | { error: { code: string; message: string } };
  try {
    size = await objectSize(bucket, key);
    if (size > MAX_UPLOAD_BYTES) outcome = { error: { code: "file_too_large", message: MESSAGES.tooLarge } };
    else if (size === 0) outcome = { error: { code: "empty_file", message: MESSAGES.empty } };
    else if (!formatOf(upload.fileName)) outcome = { error: { code: "invalid_file", message: MESSAGES.invalidType } };
    else {
      const bytes = await readObject(bucket, key);
      const geometry = await measure(bytes, upload.fileName);
      outcome = { analysis: { geometry, estimate: describeEstimate(geometry) } };
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
    if (!isVisibleError(e)) log("error", "analysis crashed", { key, error: (e as Error).message });
  }

  const stored = await finishUpload(store, upload.uploadId, { size, ...outcome });
  if (!stored) return log("info", "upload finished by another delivery", { key });
  await events.publish(DETAIL_TYPES.uploadAnalyzed, {
    uploadId: upload.uploadId,
    userId: upload.userId,
    status: "analysis" in outcome ? "analyzed" : "failed",
  });
}

function log(level: "info" | "warn" | "error", message: string, data: Record<string, unknown>) {
  console[level === "info" ? "log" : level](JSON.stringify({ level, message, ...data }));
}
