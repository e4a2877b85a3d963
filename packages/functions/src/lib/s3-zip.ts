import type { ZipEntry } from "@printhood/core";
import { loadSdk } from "./s3-sdk.ts";

/**
 * An order's designs as one zip (issue 22 point 4), written to S3 while it is made: each stored
 * design is read as a stream, passed through fflate's streaming zip writer and sent on in parts of
 * PART_BYTES (S3's multipart upload), so a project of twenty 50 MB files never sits in memory.
 * A zip smaller than one part is a single PutObject. 3MF files are zips already and are stored as
 * they are; STL and OBJ are deflated quickly (level 1: mesh text and floats still shrink a lot).
 */
const PART_BYTES = 8 * 1024 * 1024;

export async function writeZip(bucket: string, key: string, entries: readonly ZipEntry[]): Promise<{ size: number }> {
  const sdk = await loadSdk();
  const { Zip, ZipDeflate, ZipPassThrough, strToU8 } = await import("fflate");
  const { s3 } = sdk;
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let size = 0;
  let zipError: Error | null = null;
  let uploadId: string | undefined;
  const parts: { ETag: string | undefined; PartNumber: number }[] = [];

  const zip = new Zip((err, chunk) => {
    if (err) zipError = err;
    else {
      pending.push(chunk);
      pendingBytes += chunk.length;
      size += chunk.length;
    }
  });
  const take = () => {
    const body = new Uint8Array(pendingBytes);
    let at = 0;
    for (const c of pending) {
      body.set(c, at);
      at += c.length;
    }
    pending = [];
    pendingBytes = 0;
    return body;
  };
  const sendPart = async () => {
    uploadId ??= (await s3.send(new sdk.CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: "application/zip" })))
      .UploadId;
    const PartNumber = parts.length + 1;
    const out = await s3.send(new sdk.UploadPartCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumber, Body: take() }));
    parts.push({ ETag: out.ETag, PartNumber });
  };

  try {
    for (const entry of entries) {
      if ("text" in entry) {
        const file = new ZipDeflate(entry.name, { level: 6 });
        zip.add(file);
        file.push(strToU8(entry.text), true);
      } else {
        const file = /\.3mf$/i.test(entry.name) ? new ZipPassThrough(entry.name) : new ZipDeflate(entry.name, { level: 1 });
        zip.add(file);
        const object = await s3.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: entry.objectKey }));
        for await (const chunk of object.Body as AsyncIterable<Uint8Array>) {
          file.push(chunk);
          if (pendingBytes >= PART_BYTES) await sendPart();
        }
        file.push(new Uint8Array(0), true);
      }
      if (zipError) throw zipError;
      if (pendingBytes >= PART_BYTES) await sendPart();
    }
    zip.end();
    if (zipError) throw zipError;
    if (!uploadId) {
      await s3.send(new sdk.PutObjectCommand({ Bucket: bucket, Key: key, Body: take(), ContentType: "application/zip" }));
    } else {
      if (pendingBytes > 0) await sendPart();
      await s3.send(
        new sdk.CompleteMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } }),
      );
    }
    return { size };
  } catch (e) {
    if (uploadId) await s3.send(new sdk.AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId })).catch(() => {});
    throw e;
  }
}
