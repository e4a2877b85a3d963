import { queryOptions } from "@tanstack/react-query";
import { byId, call, client } from "./client";
import { queryKeys } from "./keys";
import type { NewPhotoBody } from "./types";

// Photos (issue 21): POST /api/photos (a presigned S3 POST of its own), GET /api/photos/{id} (its
// state and, once processed, short-lived links). The image itself goes straight to S3
// (src/upload/uploadToS3.ts), as designs do.

export const createPhoto = (json: NewPhotoBody) => call(client.api.photos.$post({ json }));

export const fetchPhoto = (id: string) => call(client.api.photos[":id"].$get(byId(id)));

export function photoQuery(id: string) {
  return queryOptions({ queryKey: queryKeys.photos.one(id), queryFn: () => fetchPhoto(id) });
}
