import { Popover, PopoverButton, PopoverPanel } from "@headlessui/react";
import { badgeText } from "@printhood/core/shared/conversation";
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { queryKeys } from "../api/keys";
import { notificationsQuery, unreadCountQuery, useMarkAllNotificationsRead, useMarkNotificationRead } from "../api/notifications";
import type { Notification } from "../api/types";
import { formatRelativeTime } from "../lib/format";
import { BellIcon } from "./BellIcon";
import { ShowMore } from "./ShowMore";

/**
 * The header's bell (spec 1 Header; issue 10): the unread count (9+ above 9, core's badgeText),
 * polled so it changes within seconds without a reload; the first 5 notifications, 5 more on each
 * "Show more notifications" (issue 23); a click opens the page it is about and marks it read; Mark
 * all as read.
 */
/** What another person's action can change: orders (their pages and lists), the owner's jobs and money. */
const CHANGED_BY_OTHERS = [
  queryKeys.printJobs.all,
  queryKeys.orders.lists,
  ["printers", "jobs"],
  ["printers", "owner-jobs"],
  queryKeys.payouts.all,
];

export function NotificationsBell({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const pages = useInfiniteQuery(notificationsQuery(userId));
  const shown = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const { data: polledCount } = useQuery(unreadCountQuery(userId));
  const unread = polledCount ?? shown.filter((n) => !n.isRead).length;
  const markRead = useMarkNotificationRead(userId);
  const markAll = useMarkAllNotificationsRead(userId);

  // A new count means new (or newly read) notifications: fetch the list again. A higher one means the
  // other side did something (accepted, answered a price, opened a claim…): the order pages and lists
  // on screen are read again too, so a person sees it without a reload (only queries in use refetch).
  const seen = useRef(polledCount);
  useEffect(() => {
    if (polledCount === undefined || polledCount === seen.current) return;
    const before = seen.current;
    seen.current = polledCount;
    if (before === undefined) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.notifications(userId), exact: true });
    if (polledCount > before) for (const queryKey of CHANGED_BY_OTHERS) void queryClient.invalidateQueries({ queryKey });
  }, [polledCount, queryClient, userId]);

  const badge = badgeText(unread);

  const open = (n: Notification, close: () => void) => {
    close();
    if (!n.isRead) markRead.mutate(n.id);
    // Links are the site's own paths, some with a query (/messages?job={id}).
    if (n.link?.startsWith("/")) router.history.push(n.link);
  };

  return (
    <Popover className="relative">
      <PopoverButton
        // The list is fetched again when the count changes; a thread's one entry can change with the count
        // unchanged ("…wrote 3 new messages…" becoming 4, moved to the top): opening the bell asks (a 304 if not).
        onClick={() => void queryClient.invalidateQueries({ queryKey: queryKeys.notifications(userId), exact: true })}
        aria-label="Notifications"
        aria-describedby={badge ? "notifications-unread" : undefined}
        className="relative rounded-full p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      >
        <BellIcon />
        {badge ? (
          <span
            data-testid="notifications-badge"
            className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-bold text-white"
          >
            {badge}
          </span>
        ) : null}
      </PopoverButton>
      {badge ? (
        <span id="notifications-unread" className="sr-only">
          {badge} unread
        </span>
      ) : null}

      <PopoverPanel className="absolute right-0 z-50 mt-2 w-80 max-w-[calc(100vw-2rem)] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl focus:outline-none">
        {({ close }) => (
          <>
            <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
              <h2 className="text-sm font-semibold text-slate-900">Notifications</h2>
              {unread > 0 ? (
                <button
                  type="button"
                  onClick={() => markAll.mutate()}
                  disabled={markAll.isPending}
                  className="inline-flex min-h-6 items-center text-xs font-semibold text-brand-700 hover:underline disabled:opacity-50"
                >
                  Mark all as read
                </button>
              ) : null}
            </div>
            {shown.length === 0 ? (
              <p className="px-4 py-6 text-center text-sm text-slate-500">No notifications</p>
            ) : (
              <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
                {shown.map((n) => (
                  <li key={n.id} data-unread={n.isRead ? undefined : "true"} className={n.isRead ? "bg-white" : "bg-brand-50"}>
                    <button type="button" onClick={() => open(n, close)} className="w-full px-4 py-3 text-left hover:bg-slate-50">
                      <div className="flex items-start gap-2">
                        {n.isRead ? null : <span aria-hidden="true" className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-brand-600" />}
                        <div className="min-w-0">
                          <p className={`text-sm ${n.isRead ? "font-medium text-slate-700" : "font-semibold text-slate-900"}`}>
                            {n.isRead ? null : <span className="sr-only">Unread: </span>}
                            {n.title}
                          </p>
                          <p className="mt-0.5 text-sm text-slate-600">{n.message}</p>
                          <time
                            dateTime={n.createdAt}
                            title={new Date(n.createdAt).toLocaleString()}
                            className="mt-1 block text-xs text-slate-500"
                          >
                            {formatRelativeTime(n.createdAt)}
                          </time>
                        </div>
                      </div>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <div className="border-t border-slate-100 pb-4 empty:hidden">
              <ShowMore pages={pages} label="Show more notifications" />
            </div>
          </>
        )}
      </PopoverPanel>
    </Popover>
  );
}
