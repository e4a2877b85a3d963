import { Entity } from "electrodb";
import { UPLOAD_FORMATS } from "../../shared/uploads.ts";
import { keys, SERVICE } from "./common.ts";

export const UPLOAD_STATUSES = ["pending", "analyzed", "failed"] as const;

/**
 * A design file uploaded straight to S3. The object key is made by the server
 * (`uploads/{userId}/{uploadId}.{ext}`) and never trusts the raw file name, which is kept
 * only for display. The analysis handler writes `analysis` or `error` exactly once.
 */
export const UploadEntity = new Entity({
  model: { entity: "upload", version: "1", service: SERVICE },
  attributes: {
    uploadId: { type: "string", required: true, readOnly: true },
    userId: { type: "string", required: true, readOnly: true },
    fileName: { type: "string", required: true },
    objectKey: { type: "string", required: true, readOnly: true },
    format: { type: UPLOAD_FORMATS, required: true },
    /** Size the browser declared; the analysis re-checks the stored object's real size. */
    declaredSize: { type: "number", required: true },
    size: { type: "number" },
    status: { type: UPLOAD_STATUSES, required: true, default: "pending" },
    /** The design's geometry and default-settings estimate (JSON, see core/analysis). */
    analysis: { type: "any" },
    error: {
      type: "map",
      properties: { code: { type: "string", required: true }, message: { type: "string", required: true } },
    },
    createdAt: { type: "string", required: true, readOnly: true },
    analyzedAt: { type: "string" },
  },
  indexes: {
    primary: {
      ...keys.primary,
      pk: { ...keys.primary.pk, composite: ["uploadId"] },
      sk: { ...keys.primary.sk, composite: [] },
    },
    byUser: {
      ...keys.gsi1,
      pk: { ...keys.gsi1.pk, composite: ["userId"] },
      sk: { ...keys.gsi1.sk, composite: ["createdAt", "uploadId"] },
    },
  },
});
