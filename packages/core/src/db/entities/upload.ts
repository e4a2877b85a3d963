import { Entity } from "electrodb";
import { UPLOAD_FORMATS } from "../../shared/uploads.ts";
import { keys, SERVICE } from "./common.ts";

export const UPLOAD_STATUSES = ["pending", "analyzed", "failed"] as const;

/**
 * A design file uploaded straight to S3. The object key is made by the server
 * (`uploads/{userId}/{uploadId}.{ext}`) and never trusts the raw file name, which is kept
 * only for display. The analysis handler writes `analysis` or `error` exactly once, with the
 * analysed bytes' size, SHA-256 and immutable copy (`storedKey`).
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
    /** The analysed bytes' length (what was priced), set once with the analysis. */
    size: { type: "number" },
    /**
     * The analysed bytes' own copy, `analysed/{userId}/{uploadId}/{sha256}.{ext}`: the presigned
     * form cannot write there, so drafts, orders and the owner's download read exactly what was
     * priced, whatever is later posted to `objectKey` (DECISIONS.md "The printed file is the priced file").
     */
    storedKey: { type: "string" },
    /** SHA-256 (hex) of the analysed bytes; the download checks the stored copy against it. */
    sha256: { type: "string" },
    /**
     * The picture the analysis rendered from the mesh (`thumbnails/{thumbnailId}.png`, a small PNG):
     * its id is random, so knowing it is what lets one see it (GET /api/thumbnails/{id}).
     */
    thumbnailId: { type: "string" },
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
