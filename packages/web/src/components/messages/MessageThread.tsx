import { checkMessageText } from "@printhood/core/shared/conversation";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { queryKeys } from "../../api/keys";
import { type SendPath, type ThreadPath, threadQuery, useSendMessage } from "../../api/messages";
import type { Message } from "../../api/types";
import type { ToastInput } from "../Toasts";

/** A message's time: "Mar 1, 10:04 AM". */
export function formatMessageTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return d.toLocaleString("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });
}

function senderName(m: Message): string {
  const full = [m.sender.firstName, m.sender.lastName].filter((s) => s?.trim()).join(" ");
  return full || m.sender.username || (m.senderType === "printer" ? "Printer owner" : "Customer");
}

/** The start of a message, for a control's name. */
const excerpt = (text: string) => (text.length > 40 ? `${text.slice(0, 40).trimEnd()}…` : text);

/**
 * The messages, oldest first, own ones on the right; the text is rendered as text (never HTML).
 * With `onReport`, the other person's messages each have a "Report" button (issue 21 point 6).
 */
export function MessageList({
  messages,
  viewerId,
  className = "",
  onReport,
}: {
  messages: Message[];
  viewerId: string;
  className?: string;
  onReport?: ((m: Message) => void) | undefined;
}) {
  const box = useRef<HTMLElement>(null);
  const newest = messages.at(-1);
  const last = newest?.id;
  // Scroll the list (not the page) to the newest message whenever one arrives (spec 2 §2).
  useEffect(() => {
    const el = box.current;
    if (last && el) el.scrollTop = el.scrollHeight;
  }, [last]);
  // A message from the other person that arrives while the thread is open is read out (a screen reader
  // hears nothing of a list that grows); not the thread's first load, nor older pages, nor one's own.
  const [heard, setHeard] = useState<{ last: string | undefined; text: string }>({ last, text: "" });
  if (heard.last !== last) {
    const arrived = heard.last !== undefined && newest && newest.senderId !== viewerId;
    // Who wrote, not the words: the words are in the list, where the reader goes next (and a page's
    // text is found once, not again in this region).
    setHeard({ last, text: arrived ? `New message from ${senderName(newest)}.` : "" });
  }

  return (
    // Focusable, so a keyboard can scroll a thread taller than its box (axe scrollable-region-focusable):
    // a thread of plain messages has nothing else in it to focus.
    <section
      ref={box}
      data-testid="message-list"
      aria-label="Message history"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus to be scrolled by keyboard
      tabIndex={0}
      className={`overflow-y-auto focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ${className}`}
    >
      <p role="status" className="sr-only">
        {heard.text}
      </p>
      {messages.length === 0 ? (
        <p className="py-8 text-center text-sm text-slate-500">No messages yet. Start the conversation below.</p>
      ) : (
        <ol aria-label="Messages" className="space-y-3 p-1">
          {messages.map((m) => {
            const own = m.senderId === viewerId;
            return (
              <li key={m.id} data-own={own ? "true" : undefined} className={`flex ${own ? "justify-end" : "justify-start"}`}>
                <div
                  className={`max-w-[80%] rounded-2xl px-4 py-2 text-sm shadow-sm ${
                    own ? "rounded-br-sm bg-brand-600 text-white" : "rounded-bl-sm bg-slate-100 text-slate-900"
                  }`}
                >
                  <p className={`text-xs font-semibold ${own ? "text-brand-50" : "text-slate-600"}`}>{own ? "You" : senderName(m)}</p>
                  <p className="whitespace-pre-wrap wrap-anywhere">{m.content}</p>
                  <time dateTime={m.sentAt} className={`mt-1 block text-right text-xs ${own ? "text-brand-100" : "text-slate-600"}`}>
                    {formatMessageTime(m.sentAt)}
                  </time>
                  {onReport && !own ? (
                    <button
                      type="button"
                      onClick={() => onReport(m)}
                      // Its words tell apart two messages sent in the same minute.
                      aria-label={`Report the message from ${senderName(m)} sent ${formatMessageTime(m.sentAt)}: ${excerpt(m.content)}`}
                      className="mt-1 text-xs font-medium text-slate-600 underline-offset-2 hover:text-red-700 hover:underline"
                    >
                      Report
                    </button>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/**
 * The message box (spec 2 §2, §5): 3 rows, Enter sends and Shift+Enter breaks the line, the
 * trimmed text is sent, Send is disabled while empty or sending. Without a job it says
 * "No conversation selected".
 */
export function MessageComposer({
  jobId,
  sendPath,
  success,
  label = "Message",
}: {
  jobId: string | null;
  sendPath: SendPath;
  success?: ToastInput;
  label?: string;
}) {
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const send = useSendMessage(sendPath, success ? { success } : {});
  const fieldId = useId();
  const problemId = useId();
  const blank = !text.trim();

  const submit = () => {
    if (!jobId) {
      setProblem("No conversation selected");
      return;
    }
    const checked = checkMessageText(text);
    if (!checked.ok) {
      setProblem(checked.message);
      return;
    }
    if (send.isPending) return;
    setProblem(null);
    send.mutate({ jobId, text: checked.text }, { onSuccess: () => setText("") });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <form
      className="mt-3"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label htmlFor={fieldId} className="sr-only">
        {label}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={fieldId}
          rows={3}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setProblem(null);
          }}
          onKeyDown={onKeyDown}
          placeholder="Type your message… (Enter sends, Shift+Enter for a new line)"
          aria-describedby={problem ? problemId : undefined}
          className="min-w-0 flex-1 resize-none rounded-xl border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
        />
        <button
          type="submit"
          disabled={blank || send.isPending}
          className="rounded-xl bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {send.isPending ? "Sending…" : "Send"}
        </button>
      </div>
      {problem ? (
        <p id={problemId} role="alert" className="mt-1 text-sm text-red-600">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

/** An order's thread with its message box, polled while shown. */
export function MessageThread({
  jobId,
  viewerId,
  threadPath,
  sendPath,
  success,
  listClassName = "h-64",
  onReport,
}: {
  jobId: string;
  viewerId: string;
  threadPath: ThreadPath;
  sendPath: SendPath;
  success?: ToastInput;
  listClassName?: string;
  onReport?: (m: Message) => void;
}) {
  const { data, isPending, isError } = useQuery(threadQuery(jobId, threadPath));
  // Fetching the thread read it for the viewer (the server marks it and its bell entry read): the bell and
  // the conversation list show it now, not at their next poll (opening the bell just after read it as unread).
  const queryClient = useQueryClient();
  const newest = data?.at(-1)?.id;
  useEffect(() => {
    if (!newest) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.notifications(viewerId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.messages.conversations(viewerId) });
  }, [newest, viewerId, queryClient]);
  return (
    <div>
      {isPending ? (
        <p className={`flex items-center justify-center text-sm text-slate-500 ${listClassName}`}>Loading messages…</p>
      ) : isError && !data ? (
        <p className={`flex items-center justify-center text-sm text-red-600 ${listClassName}`}>Failed to load messages</p>
      ) : (
        <MessageList messages={data} viewerId={viewerId} className={listClassName} onReport={onReport} />
      )}
      <MessageComposer jobId={jobId} sendPath={sendPath} {...(success ? { success } : {})} />
    </div>
  );
}
