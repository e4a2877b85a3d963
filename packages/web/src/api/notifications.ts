import { queryOptions } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { byId, call, client } from "./client";
import { queryKeys } from "./keys";

// GET /api/users/{id}/notifications: the header's bell.

const list = client.api.users[":id"].notifications.$get;
type Notifications = InferResponseType<typeof list, 200>;

/** Sent without If-None-Match, so the answer is always the 200 list (never a 304). */
export const fetchNotifications = (userId: string) => call(list({ ...byId(userId), header: {} })) as Promise<Notifications>;

export function notificationsQuery(userId: string) {
  return queryOptions({ queryKey: queryKeys.notifications(userId), queryFn: () => fetchNotifications(userId) });
}
