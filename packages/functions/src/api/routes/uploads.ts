import { createUpload, getOwnUpload, MAX_UPLOAD_BYTES, newUploadInput, presentUpload } from "@printhood/core";
import { Hono } from "hono";
import { presignUpload, UPLOAD_URL_SECONDS } from "../../lib/s3.ts";
import { jsonBody } from "../body.ts";
import type { AppEnv } from "../deps.ts";
import { requireUser } from "../middleware/session.ts";

/**
 * Uploads go straight from the browser to S3: this registers the upload and answers with a
 * presigned POST; the S3 event then runs the analysis, which the browser polls for here.
 */
export const uploadRoutes = new Hono<AppEnv>()
  .post("/uploads", async (c) => {
    const user = requireUser(c);
    const input = await jsonBody(c, newUploadInput);
    const upload = await createUpload(c.var.deps.store, user.id, input);
    const post = await presignUpload(c.var.deps.config.uploadsBucket, upload.objectKey, MAX_UPLOAD_BYTES);
    return c.json(
      { uploadId: upload.uploadId, url: post.url, fields: post.fields, maxBytes: MAX_UPLOAD_BYTES, expiresInSeconds: UPLOAD_URL_SECONDS },
      201,
    );
  })
  .get("/uploads/:id", async (c) => {
    const user = requireUser(c);
    return c.json(presentUpload(await getOwnUpload(c.var.deps.store, user.id, c.req.param("id"))));
  });
