import { type FileLinks, UPLOAD_FORM_SECONDS } from "@printhood/core";
import { create as contentDisposition } from "content-disposition";
import { loadSdk } from "./s3-sdk.ts";
import { writeZip } from "./s3-zip.ts";

/** Presigned POSTs live this long (core's UPLOAD_FORM_SECONDS, which also says when an upload is given up). */
export const UPLOAD_URL_SECONDS = UPLOAD_FORM_SECONDS;

/**
 * A presigned POST for one object key. The policy pins the key exactly and caps the size,
 * so S3 itself refuses anything else (s3rver does not enforce policies: the analysis
 * handler re-checks the stored object).
 */
export async function presignUpload(bucket: string, key: string, maxBytes: number) {
  return presignPost(bucket, key, maxBytes, "application/octet-stream");
}

/**
 * A presigned POST for one photo (`photos/…`): its own policy, the key pinned, at most
 * MAX_PHOTO_BYTES. Its content type says only what the browser claimed; the processing reads the bytes.
 */
export async function presignPhoto(bucket: string, key: string, maxBytes: number, contentType: string) {
  return presignPost(bucket, key, maxBytes, contentType);
}

async function presignPost(bucket: string, key: string, maxBytes: number, contentType: string) {
  const { createPresignedPost, s3 } = await loadSdk();
  const { url, fields } = await createPresignedPost(s3, {
    Bucket: bucket,
    Key: key,
    Conditions: [
      ["content-length-range", 1, maxBytes],
      ["eq", "$key", key],
    ],
    Fields: { "Content-Type": contentType },
    Expires: UPLOAD_URL_SECONDS,
  });
  return { url, fields };
}

export async function objectSize(bucket: string, key: string): Promise<number> {
  const { HeadObjectCommand, s3 } = await loadSdk();
  const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
  return head.ContentLength ?? 0;
}

export async function readObject(bucket: string, key: string): Promise<Uint8Array> {
  const { GetObjectCommand, s3 } = await loadSdk();
  const out = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  if (!out.Body) throw new Error(`empty body for ${key}`);
  return out.Body.transformToByteArray();
}

/**
 * Writes the analysed bytes to their own key (`analysed/…`, which no presigned form can write),
 * with their SHA-256 as metadata, so the copy can be checked against what the upload recorded.
 */
export async function putAnalysedObject(bucket: string, key: string, bytes: Uint8Array, sha256: string): Promise<void> {
  const { PutObjectCommand, s3 } = await loadSdk();
  await s3.send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      Body: bytes,
      ContentType: "application/octet-stream",
      Metadata: { sha256 },
    }),
  );
}

/**
 * Writes a processed photo or thumbnail (`photos-ready/…`, which no presigned form can write): a
 * JPEG without metadata, made by photos/process.ts; or a design's picture (`thumbnails/…`, a PNG
 * the analysis rendered).
 */
export async function putImageObject(bucket: string, key: string, bytes: Uint8Array, contentType = "image/jpeg"): Promise<void> {
  const { PutObjectCommand, s3 } = await loadSdk();
  await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType }));
}

/** Deletes an object (a photo's original once processed: it may carry the camera's GPS position). */
export async function deleteObject(bucket: string, key: string): Promise<void> {
  const { DeleteObjectCommand, s3 } = await loadSdk();
  await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
}

/**
 * Presigned GETs of stored designs (the owner's Download 3D File). The link names the object
 * exactly and carries Content-Disposition (S3 answers with it: `ResponseContentDisposition`), so
 * the file saves under the order's file name.
 */
export function s3FileLinks(bucket: string): FileLinks {
  return {
    async downloadUrl(objectKey, fileName, seconds) {
      const { GetObjectCommand, getSignedUrl, s3 } = await loadSdk();
      // The header is built by the `content-disposition` package (quoting, escaping, an ASCII
      // fallback and RFC 8187's filename* for the rest); the name is already normalised
      // (core shared/text.ts: no control or bidirectional-override characters).
      const disposition = contentDisposition(fileName, { type: "attachment" });
      return getSignedUrl(
        s3,
        new GetObjectCommand({
          Bucket: bucket,
          Key: objectKey,
          ResponseContentDisposition: disposition,
          ResponseContentType: "application/octet-stream",
        }),
        { expiresIn: seconds },
      );
    },
    async imageUrl(objectKey, seconds) {
      const { GetObjectCommand, getSignedUrl, s3 } = await loadSdk();
      return getSignedUrl(
        s3,
        new GetObjectCommand({ Bucket: bucket, Key: objectKey, ResponseContentType: "image/jpeg", ResponseContentDisposition: "inline" }),
        { expiresIn: seconds },
      );
    },
    writeZip: (objectKey, entries) => writeZip(bucket, objectKey, entries),
    async readSmall(objectKey) {
      const { GetObjectCommand, NoSuchKey, s3 } = await loadSdk();
      try {
        const out = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey }));
        return out.Body ? await out.Body.transformToByteArray() : null;
      } catch (e) {
        if (e instanceof NoSuchKey || (e as { name?: string }).name === "NoSuchKey") return null;
        throw e;
      }
    },
    async describe(objectKey) {
      const { HeadObjectCommand, NotFound, s3 } = await loadSdk();
      try {
        const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey }));
        return { size: head.ContentLength ?? 0, sha256: head.Metadata?.sha256 ?? null };
      } catch (e) {
        if (e instanceof NotFound || (e as { name?: string }).name === "NotFound") return null;
        throw e;
      }
    },
  };
}
