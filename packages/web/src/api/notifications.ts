import { queryOptions } from "@tanstack/react-query";
import { byId, call, client } from "./client";
import { queryKeys } from "./keys";

// GET /api/users/{id}/notifications: the header's bell.

export const fetchNotifications = (userId: string) => call(client.api.users[":id"].notifications.$get(byId(userId)));

export function notificationsQuery(userId: string) {
  return queryOptions({ queryKey: queryKeys.notifications(userId), queryFn: () => fetchNotifications(userId) });
}
