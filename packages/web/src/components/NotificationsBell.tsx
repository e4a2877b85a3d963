import { Popover, PopoverButton, PopoverPanel } from "@headlessui/react";
import { useQuery } from "@tanstack/react-query";
import { notificationsQuery } from "../api/notifications";
import { formatRelativeTime, unreadBadge } from "../lib/format";

const MAX_SHOWN = 5;

export function NotificationsBell({ userId }: { userId: string }) {
  const { data } = useQuery(notificationsQuery(userId));
  const notifications = data ?? [];
  const unread = notifications.filter((n) => !n.isRead).length;
  const shown = notifications.slice(0, MAX_SHOWN);

  return (
    <Popover className="relative">
      <PopoverButton
        aria-label="Notifications"
        aria-describedby={unread > 0 ? "notifications-unread" : undefined}
        className="relative rounded-full p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="h-6 w-6">
          <path
            strokeLinecap="round"
            strokeLinejoin="round"
            d="M15 17h5l-1.4-1.4A2 2 0 0 1 18 14.2V11a6 6 0 0 0-4-5.7V5a2 2 0 1 0-4 0v.3A6 6 0 0 0 6 11v3.2a2 2 0 0 1-.6 1.4L4 17h5m6 0v1a3 3 0 1 1-6 0v-1m6 0H9"
          />
        </svg>
        {unread > 0 ? (
          <span
            data-testid="notifications-badge"
            className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-bold text-white"
          >
            {unreadBadge(unread)}
          </span>
        ) : null}
      </PopoverButton>
      {unread > 0 ? (
        <span id="notifications-unread" className="sr-only">
          {unreadBadge(unread)} unread
        </span>
      ) : null}

      <PopoverPanel className="absolute right-0 z-50 mt-2 w-80 max-w-[calc(100vw-2rem)] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl focus:outline-none">
        <h2 className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900">Notifications</h2>
        {shown.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-slate-500">No notifications</p>
        ) : (
          <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
            {shown.map((n) => (
              <li key={n.id} data-unread={n.isRead ? undefined : "true"} className={`px-4 py-3 ${n.isRead ? "bg-white" : "bg-brand-50"}`}>
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
                      className="mt-1 block text-xs text-slate-400"
                    >
                      {formatRelativeTime(n.createdAt)}
                    </time>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </PopoverPanel>
    </Popover>
  );
}
