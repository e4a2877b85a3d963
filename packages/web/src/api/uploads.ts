import { queryOptions } from "@tanstack/react-query";
import { api } from "./client";
import { queryKeys } from "./keys";
import { presignedSchema, uploadSchema } from "./schemas";

// Uploads: POST /api/uploads (a presigned S3 POST), GET /api/uploads/{id} (the server's analysis).

// ---- fetch functions

export const createUpload = (fileName: string, size: number) =>
  api("/api/uploads", { method: "POST", json: { fileName, size }, schema: presignedSchema });

export const fetchUpload = (id: string) => api(`/api/uploads/${encodeURIComponent(id)}`, { schema: uploadSchema });

// ---- queries

export function uploadQuery(id: string) {
  return queryOptions({ queryKey: queryKeys.uploads.one(id), queryFn: () => fetchUpload(id) });
}
