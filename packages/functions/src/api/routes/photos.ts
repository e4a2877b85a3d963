import { z } from "@hono/zod-openapi";
import {
  createPhoto,
  loadPhotoFor,
  MAX_PHOTO_BYTES,
  newPhotoInput,
  PHOTO_LINK_SECONDS,
  photoForEmailLink,
  photoSchema,
  presentPhoto,
  presignedPhotoSchema,
} from "@printhood/core";
import { presignPhoto, UPLOAD_URL_SECONDS } from "../../lib/s3.ts";
import { declareRoute, idParam, json, jsonBody, readJson, routeGroup } from "../contract.ts";
import { requireUser } from "../middleware/session.ts";
import { viewerOf } from "../middleware/viewer.ts";

/**
 * `/api/photos/…` (issue 21 point 2). Photos go straight from the browser to S3 like designs: this
 * registers the photo and answers a presigned POST; the S3 event runs the processing
 * (functions/src/photos), which the browser polls for here.
 */

const create = declareRoute({
  method: "post",
  path: "/",
  summary: "Register a photo and get a presigned POST for it (JPEG, PNG or WebP, ≤ 10 MB)",
  description:
    "`purpose` is what it will be attached to: `verification` (a printer's quality test), `completion` (Mark Complete) or `claim`.",
  tags: ["Photos"],
  access: "signed-in",
  request: { body: jsonBody(newPhotoInput) },
  middleware: [readJson],
  responses: { 201: json(presignedPhotoSchema, "Where and how to send the image") },
  errors: ["photo_type_not_allowed", "photo_too_large", "photo_empty", "photo_limit"],
});

const read = declareRoute({
  method: "get",
  path: "/{id}",
  summary: "A photo's state and, once ready, short-lived links to the image and its thumbnail",
  description: "Its uploader sees it; once attached, the people of the order or printer it belongs to; and staff. Anyone else: 404.",
  tags: ["Photos"],
  access: "signed-in",
  request: { params: idParam },
  responses: { 200: json(photoSchema, "The photo") },
  errors: ["photo_not_found"],
});

const picture = declareRoute({
  method: "get",
  path: "/{id}/picture",
  summary: "A photo's thumbnail from an e-mail's link: a redirect to a short-lived link to it",
  description:
    "`t` is the photo's e-mail token, which only the e-mails about its order carry (the finished part's photos in the Print completed e-mail). A wrong or missing token, or a photo not attached to anything: 404.",
  tags: ["Photos"],
  access: "public",
  request: {
    params: idParam,
    query: z.object({ t: z.string().max(64).default("").meta({ description: "The e-mail's token" }) }),
  },
  responses: {
    302: {
      description: "To the thumbnail (JPEG), for a few minutes",
      headers: z.object({ Location: z.string().meta({ description: "A short-lived link to the thumbnail" }) }),
    },
  },
  errors: ["photo_not_found"],
});

export const photoRoutes = routeGroup()
  .openapi(create, async (c) => {
    const input = c.req.valid("json");
    const photo = await createPhoto(c.var.deps.store, requireUser(c).id, input);
    const post = await presignPhoto(c.var.deps.config.uploadsBucket, photo.objectKey, MAX_PHOTO_BYTES, photo.declaredType);
    return c.json(
      { photoId: photo.photoId, url: post.url, fields: post.fields, maxBytes: MAX_PHOTO_BYTES, expiresInSeconds: UPLOAD_URL_SECONDS },
      201,
    );
  })
  .openapi(picture, async (c) => {
    const photo = await photoForEmailLink(c.var.deps.store, c.req.valid("param").id, c.req.valid("query").t);
    const url = await c.var.deps.files.imageUrl(photo.thumbnailKey, PHOTO_LINK_SECONDS);
    // The link behind the redirect dies in minutes: a mail client asks again each time it shows the e-mail.
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    // Shown by mail clients and webmail, whatever their origin (every other answer stays same-origin).
    c.header("Cross-Origin-Resource-Policy", "cross-origin");
    return c.redirect(url, 302);
  })
  .openapi(read, async (c) => {
    const photo = await loadPhotoFor(c.var.deps.store, viewerOf(c), c.req.valid("param").id);
    return c.json(await presentPhoto(photo, c.var.deps.files), 200);
  });
