import { useInfiniteQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useRef } from "react";
import { conversationsQuery } from "../api/messages";
import type { Conversation } from "../api/types";
import { useSignedInUser } from "../auth/signedInUser";
import { MessageComposer, MessageThread } from "../components/messages/MessageThread";
import { messageSentToast } from "../components/messages/sentToast";
import { PageBody, PageHeading } from "../components/PageHeading";
import { ShowMore } from "../components/ShowMore";
import { formatRelativeTime, unreadBadge } from "../lib/format";

export interface MessagesSearch {
  /** The selected conversation's order (the bell's links are /messages?job={id}). */
  job?: string;
}

function ConversationItem({ c, selected, onSelect }: { c: Conversation; selected: boolean; onSelect: () => void }) {
  return (
    <li>
      <button
        type="button"
        onClick={onSelect}
        aria-current={selected ? "true" : undefined}
        className={`w-full px-4 py-3 text-left transition hover:bg-slate-50 ${selected ? "bg-brand-50" : ""}`}
      >
        <div className="flex items-start justify-between gap-2">
          <p className="min-w-0 truncate font-semibold text-slate-900">{c.otherUserName}</p>
          <div className="flex shrink-0 items-center gap-2">
            {c.lastMessageAt ? (
              <time dateTime={c.lastMessageAt} className="text-xs text-slate-500">
                {formatRelativeTime(c.lastMessageAt)}
              </time>
            ) : null}
            {c.unreadCount > 0 ? (
              <span
                data-testid="conversation-unread"
                className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs font-bold text-white"
              >
                {unreadBadge(c.unreadCount)}
                <span className="sr-only"> unread</span>
              </span>
            ) : null}
          </div>
        </div>
        <p className="truncate text-sm text-slate-600">
          {c.orderNumber ? `${c.orderNumber} · ` : ""}
          {c.jobFileName}
          {c.printerName ? ` · ${c.printerName}` : ""}
        </p>
        {c.lastMessage ? <p className="mt-0.5 truncate text-sm text-slate-500">{c.lastMessage}</p> : null}
      </button>
    </li>
  );
}

/** /messages (spec 2 §2 Messages): the conversations on the left, the selected order's thread on the right, both polled. */
export function MessagesPage({ search = {} }: { search?: MessagesSearch }) {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const pages = useInfiniteQuery(conversationsQuery(user.id));
  const { isPending, isError } = pages;
  const conversations = pages.data?.pages.flatMap((page) => page.items);
  const selectedId = search.job ?? null;
  const selected = conversations?.find((c) => c.jobId === selectedId) ?? null;

  const thread = useRef<HTMLHeadingElement>(null);
  const select = (jobId: string) => {
    void navigate({ to: "/messages", search: { job: jobId }, replace: true });
    // On a phone (one column) the thread is below the list, off the screen: take the reader to it.
    // Side by side (lg), the list keeps the focus so one can go from conversation to conversation.
    if (window.matchMedia?.("(min-width: 1024px)").matches) return;
    requestAnimationFrame(() => {
      thread.current?.scrollIntoView?.({ block: "start" });
      thread.current?.focus({ preventScroll: true });
    });
  };

  return (
    <>
      <PageHeading title="Messages" subtitle="Talk with printer owners and customers about your print jobs." />
      <PageBody>
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[20rem_1fr]">
          <section aria-labelledby="conversations-heading" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
            <h2 id="conversations-heading" className="border-b border-slate-100 px-4 py-3 font-semibold text-slate-900">
              Conversations
            </h2>
            {isPending ? (
              <p className="px-4 py-6 text-sm text-slate-500">Loading conversations…</p>
            ) : isError && !conversations ? (
              <p className="px-4 py-6 text-sm text-red-600">Failed to load conversations</p>
            ) : !conversations?.length ? (
              <p className="px-4 py-6 text-sm text-slate-500">
                No conversations yet. Use Contact Printer on one of your orders to start one.
              </p>
            ) : (
              <div className="max-h-[32rem] overflow-y-auto pb-4">
                <ul className="divide-y divide-slate-100">
                  {conversations.map((c) => (
                    <ConversationItem key={c.jobId} c={c} selected={c.jobId === selectedId} onSelect={() => select(c.jobId)} />
                  ))}
                </ul>
                <ShowMore pages={pages} label="Show more conversations" />
              </div>
            )}
          </section>

          <section aria-labelledby="thread-heading" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
            <h2 id="thread-heading" ref={thread} tabIndex={-1} className="font-semibold text-slate-900 focus:outline-none">
              {selected ? `${selected.otherUserName} · ${selected.jobFileName}` : selectedId ? "Conversation" : "Select a conversation"}
            </h2>
            {selected?.printerName ? <p className="text-sm text-slate-500">{selected.printerName}</p> : null}
            <div className="mt-3">
              {selectedId ? (
                <MessageThread
                  key={selectedId}
                  jobId={selectedId}
                  viewerId={user.id}
                  threadPath="jobs"
                  sendPath="contact"
                  success={messageSentToast()}
                  listClassName="h-64"
                />
              ) : (
                <>
                  <p className="flex h-64 items-center justify-center text-sm text-slate-500">
                    Choose a conversation to read its messages.
                  </p>
                  <MessageComposer jobId={null} sendPath="contact" success={messageSentToast()} />
                </>
              )}
            </div>
          </section>
        </div>
      </PageBody>
    </>
  );
}
