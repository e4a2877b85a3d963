import type { Presigned } from "../api/types";

/** What a presigned POST needs to be sent (a design's or a photo's). */
type PresignedPost = Pick<Presigned, "url" | "fields">;

export class UploadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UploadError";
  }
}

/** S3 answers errors as XML: `<Message>…</Message>`. */
function s3Message(xhr: XMLHttpRequest): string {
  const m = /<Message>([^<]*)<\/Message>/.exec(xhr.responseText ?? "");
  return m?.[1] || `${xhr.status}: ${xhr.statusText || "Upload failed"}`;
}

/**
 * POST the file straight to S3 with the presigned fields (every field first, the file last as
 * `file`). XMLHttpRequest rather than fetch, because only it reports upload progress: the bar
 * moves with the bytes actually sent. Resolves when S3 has stored the object.
 */
export function uploadToS3(
  presigned: PresignedPost,
  file: Blob,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(presigned.fields)) form.append(k, v);
    form.append("file", file);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", presigned.url);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
      } else reject(new UploadError(s3Message(xhr)));
    };
    xhr.onerror = () => reject(new UploadError("Network error: the file could not be sent."));
    xhr.onabort = () => reject(new UploadError("Upload cancelled."));
    signal?.addEventListener("abort", () => xhr.abort());
    xhr.send(form);
  });
}
