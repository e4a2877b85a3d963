import { queryOptions } from "@tanstack/react-query";
import { byId, call, client } from "./client";
import { queryKeys } from "./keys";

// Uploads: POST /api/uploads (a presigned S3 POST), GET /api/uploads/{id} (the server's analysis).
// The file itself goes straight to S3 (src/upload/uploadToS3.ts): that is S3's API, not ours.

// ---- fetch functions

export const createUpload = (fileName: string, size: number) => call(client.api.uploads.$post({ json: { fileName, size } }));

export const fetchUpload = (id: string) => call(client.api.uploads[":id"].$get(byId(id)));

// ---- queries

export function uploadQuery(id: string) {
  return queryOptions({ queryKey: queryKeys.uploads.one(id), queryFn: () => fetchUpload(id) });
}
