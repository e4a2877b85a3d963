import { queryOptions } from "@tanstack/react-query";
import { api } from "./client";
import { queryKeys } from "./keys";
import { notificationListSchema } from "./schemas";

// GET /api/users/{id}/notifications: the header's bell.

export const fetchNotifications = (userId: string) =>
  api(`/api/users/${encodeURIComponent(userId)}/notifications`, { schema: notificationListSchema });

export function notificationsQuery(userId: string) {
  return queryOptions({ queryKey: queryKeys.notifications(userId), queryFn: () => fetchNotifications(userId) });
}
