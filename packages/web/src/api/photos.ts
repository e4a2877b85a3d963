import { queryOptions } from "@tanstack/react-query";
import { byId, call, client } from "./client";
import { queryKeys } from "./keys";
import type { NewPhotoBody } from "./types";

// Photos (issue 21): POST /api/photos (a presigned S3 POST of its own), GET /api/photos/{id} (its
// state and, once processed, short-lived links). The image itself goes straight to S3
// (src/upload/uploadToS3.ts), as designs do.

export const createPhoto = (json: NewPhotoBody) => call(client.api.photos.$post({ json }));

export const fetchPhoto = (id: string) => call(client.api.photos[":id"].$get(byId(id)));

/** A photo's links last a few minutes (`expiresAt`): it is read again once they are about to stop working. */
export function photoQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.photos.one(id),
    queryFn: () => fetchPhoto(id),
    staleTime: (query) => {
      const expires = query.state.data?.expiresAt;
      return expires ? Math.max(0, Date.parse(expires) - Date.now() - 30_000) : 0;
    },
  });
}
