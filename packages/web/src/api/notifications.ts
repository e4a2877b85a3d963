import { type InfiniteData, infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { byId, call, callPolled, client, polled } from "./client";
import { queryKeys } from "./keys";
import { asPage, byCursor, type Paged, pageParams } from "./pages";
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

/** The bell's list shows the first 5 (spec 1 Header) and 5 more on each "Show more notifications" (issue 23). */
export const BELL_PAGE_SIZE = 5;

// ---- fetch functions

/** A page of the bell's list: the first one is revalidated by the browser (its ETag), a later one is a plain page. */
export const fetchNotificationsPage = (userId: string, cursor?: string) =>
  callPolled(client.api.users[":id"].notifications.$get({ ...polled(userId), query: pageParams(cursor, BELL_PAGE_SIZE) })).then(asPage);
export const fetchUnreadCount = (userId: string) => callPolled(client.api.users[":id"].notifications["unread-count"].$get(polled(userId)));
export const markNotificationRead = (id: string) => call(client.api.notifications[":id"].read.$post(byId(id)));
export const markAllNotificationsRead = (userId: string) => call(client.api.users[":id"].notifications["read-all"].$post(byId(userId)));

// ---- queries

/** The bell's list, a page at a time; fetched again (each page shown) when the polled count changes. */
export function notificationsQuery(userId: string) {
  return infiniteQueryOptions({
    queryKey: queryKeys.notifications(userId),
    queryFn: ({ pageParam }) => fetchNotificationsPage(userId, pageParam),
    ...byCursor,
  });
}

/** The list as shown, with `change` applied to every notification loaded (a mark read shows at once). */
const shownWith =
  (change: (n: Notification) => Notification) =>
  <P>(data: InfiniteData<Paged<Notification>, P> | undefined) =>
    data && { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(change) })) };

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
      queryClient.setQueryData(
        notificationsQuery(userId).queryKey,
        shownWith((n) => (n.id === id ? { ...n, isRead: true } : n)),
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
      queryClient.setQueryData(
        notificationsQuery(userId).queryKey,
        shownWith((n) => ({ ...n, isRead: true })),
      );
      queryClient.setQueryData(queryKeys.unreadCount(userId), { unreadCount: 0 });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications(userId) }),
    onError: (error) => fail(error, "Could not mark notifications read"),
  });
}
