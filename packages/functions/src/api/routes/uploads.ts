import {
  createUpload,
  getOwnUpload,
  MAX_UPLOAD_BYTES,
  newUploadInput,
  presentUpload,
  presignedUploadSchema,
  uploadSchema,
} from "@printhood/core";
import { presignUpload, UPLOAD_URL_SECONDS } from "../../lib/s3.ts";
import { declareRoute, idParam, json, jsonBody, readJson, routeGroup } from "../contract.ts";
import { requireUser } from "../middleware/session.ts";

/**
 * `/api/uploads/…`. Uploads go straight from the browser to S3: this registers the upload and
 * answers with a presigned POST; the S3 event then runs the analysis, which the browser polls for here.
 */

const create = declareRoute({
  method: "post",
  path: "/",
  summary: "Register an upload and get a presigned POST for it (≤ 50 MB, .stl/.obj/.3mf)",
  tags: ["Uploads"],
  access: "signed-in",
  request: { body: jsonBody(newUploadInput) },
  middleware: [readJson],
  responses: { 201: json(presignedUploadSchema, "Where and how to send the file") },
  errors: ["invalid_file", "file_too_large", "empty_file", "upload_limit"],
});

const read = declareRoute({
  method: "get",
  path: "/{id}",
  summary: "One's own upload and, once done, the server's analysis (or why it failed)",
  tags: ["Uploads"],
  access: "signed-in",
  request: { params: idParam },
  responses: { 200: json(uploadSchema, "The upload") },
  errors: ["upload_not_found"],
});

export const uploadRoutes = routeGroup()
  .openapi(create, async (c) => {
    const user = requireUser(c);
    const upload = await createUpload(c.var.deps.store, user.id, c.req.valid("json"));
    const post = await presignUpload(c.var.deps.config.uploadsBucket, upload.objectKey, MAX_UPLOAD_BYTES);
    return c.json(
      { uploadId: upload.uploadId, url: post.url, fields: post.fields, maxBytes: MAX_UPLOAD_BYTES, expiresInSeconds: UPLOAD_URL_SECONDS },
      201,
    );
  })
  .openapi(read, async (c) => {
    const user = requireUser(c);
    return c.json(presentUpload(await getOwnUpload(c.var.deps.store, user.id, c.req.valid("param").id)), 200);
  });
