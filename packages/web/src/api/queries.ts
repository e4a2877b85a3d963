import { queryOptions } from "@tanstack/react-query";
import { api } from "./client";
import { notificationListSchema, statsSchema } from "./types";

export const statsQuery = queryOptions({
  queryKey: ["/api/stats"],
  queryFn: () => api("/api/stats", { schema: statsSchema }),
});

export function notificationsQuery(userId: string) {
  return queryOptions({
    queryKey: ["/api/users", userId, "notifications"],
    queryFn: () => api(`/api/users/${encodeURIComponent(userId)}/notifications`, { schema: notificationListSchema }),
  });
}
