import { GetObjectCommand, HeadObjectCommand, NotFound, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { createPresignedPost } from "@aws-sdk/s3-presigned-post";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { FileLinks } from "@printhood/core";

/**
 * S3 through the SDK. Path-style addressing works in AWS and is what s3rver serves; the
 * endpoint comes from AWS_ENDPOINT_URL_S3 in local mode (architecture rule 7).
 */
let client: S3Client | undefined;
export const s3 = () => (client ??= new S3Client({ region: process.env.AWS_REGION ?? "us-east-1", forcePathStyle: true }));

/** Presigned POSTs live this long: enough to send 50 MB on a slow connection. */
export const UPLOAD_URL_SECONDS = 15 * 60;

/**
 * A presigned POST for one object key. The policy pins the key exactly and caps the size,
 * so S3 itself refuses anything else (s3rver does not enforce policies: the analysis
 * handler re-checks the stored object).
 */
export async function presignUpload(bucket: string, key: string, maxBytes: number) {
  const { url, fields } = await createPresignedPost(s3(), {
    Bucket: bucket,
    Key: key,
    Conditions: [
      ["content-length-range", 1, maxBytes],
      ["eq", "$key", key],
    ],
    Fields: { "Content-Type": "application/octet-stream" },
    Expires: UPLOAD_URL_SECONDS,
  });
  return { url, fields };
}

export async function objectSize(bucket: string, key: string): Promise<number> {
  const head = await s3().send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
  return head.ContentLength ?? 0;
}

export async function readObject(bucket: string, key: string): Promise<Uint8Array> {
  const out = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  if (!out.Body) throw new Error(`empty body for ${key}`);
  return out.Body.transformToByteArray();
}

/**
 * Writes the analysed bytes to their own key (`analysed/…`, which no presigned form can write),
 * with their SHA-256 as metadata, so the copy can be checked against what the upload recorded.
 */
export async function putAnalysedObject(bucket: string, key: string, bytes: Uint8Array, sha256: string): Promise<void> {
  await s3().send(
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
 * Presigned GETs of stored designs (the owner's Download 3D File). The link names the object
 * exactly and carries Content-Disposition, so the file saves under the order's file name.
 */
export function s3FileLinks(bucket: string): FileLinks {
  return {
    downloadUrl(objectKey, fileName, seconds) {
      const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
      const disposition = `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
      return getSignedUrl(
        s3(),
        new GetObjectCommand({
          Bucket: bucket,
          Key: objectKey,
          ResponseContentDisposition: disposition,
          ResponseContentType: "application/octet-stream",
        }),
        { expiresIn: seconds },
      );
    },
    async describe(objectKey) {
      try {
        const head = await s3().send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey }));
        return { size: head.ContentLength ?? 0, sha256: head.Metadata?.sha256 ?? null };
      } catch (e) {
        if (e instanceof NotFound || (e as { name?: string }).name === "NotFound") return null;
        throw e;
      }
    },
  };
}
