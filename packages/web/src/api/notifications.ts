import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { byId, call, callPolled, client, polled } from "./client";
import { queryKeys } from "./keys";
import type { Notification } from "./types";
import { useFailureToast } from "./useFailureToast";

// The header's bell: GET /api/users/{id}/notifications, GET /api/users/{id}/notifications/unread-count,
// POST /api/notifications/{id}/read, POST /api/users/{id}/notifications/read-all.

/**
 * How often the bell asks (issue 10: a change shows within 5 seconds without a reload). The
 * answers carry an ETag and `no-cache`, so the browser revalidates with If-None-Match and an
 * unchanged count costs the server one read and a bodiless 304 (docs/api.md "Polling").
 */
export const BELL_POLL_MS = 3000;

// ---- fetch functions

export const fetchNotifications = (userId: string) => callPolled(client.api.users[":id"].notifications.$get(polled(userId)));
export const fetchUnreadCount = (userId: string) => callPolled(client.api.users[":id"].notifications["unread-count"].$get(polled(userId)));
export const markNotificationRead = (id: string) => call(client.api.notifications[":id"].read.$post(byId(id)));
export const markAllNotificationsRead = (userId: string) => call(client.api.users[":id"].notifications["read-all"].$post(byId(userId)));

// ---- queries

export function notificationsQuery(userId: string) {
  return queryOptions({ queryKey: queryKeys.notifications(userId), queryFn: () => fetchNotifications(userId) });
}

/** The badge's count, polled. */
export function unreadCountQuery(userId: string) {
  return queryOptions({
    queryKey: queryKeys.unreadCount(userId),
    queryFn: () => fetchUnreadCount(userId),
    refetchInterval: BELL_POLL_MS,
    select: (d) => d.unreadCount,
  });
}

// ---- mutations

/** Marks one read; the list and the badge show it at once. */
export function useMarkNotificationRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => markNotificationRead(id),
    onMutate: (id) => {
      queryClient.setQueryData<Notification[]>(queryKeys.notifications(userId), (list) =>
        list?.map((n) => (n.id === id ? { ...n, isRead: true } : n)),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications(userId) }),
    onError: (error) => console.error("Could not mark the notification read", error),
  });
}

export function useMarkAllNotificationsRead(userId: string) {
  const queryClient = useQueryClient();
  const fail = useFailureToast();
  return useMutation({
    mutationFn: () => markAllNotificationsRead(userId),
    onSuccess: () => {
      queryClient.setQueryData<Notification[]>(queryKeys.notifications(userId), (list) => list?.map((n) => ({ ...n, isRead: true })));
      queryClient.setQueryData(queryKeys.unreadCount(userId), { unreadCount: 0 });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications(userId) }),
    onError: (error) => fail(error, "Could not mark notifications read"),
  });
}
