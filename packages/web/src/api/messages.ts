import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type ToastInput, useToast } from "../components/Toasts";
import { byId, call, callPolled, client, polled } from "./client";
import { queryKeys } from "./keys";
import { asList, asPage, byCursor, pageParams } from "./pages";
import type { Message } from "./types";
import { useFailureToast } from "./useFailureToast";

// Order threads and conversations (spec 2 §2 Messages, §7): GET /api/users/{id}/conversations,
// GET /api/print-jobs/{id}/messages and /api/jobs/{id}/messages (the same thread), and the three
// ways to send: POST /api/print-jobs/{id}/messages (order details), /api/jobs/{id}/contact
// (the dashboard's dialog and /messages) and /api/print-jobs/message (the orders list).

/**
 * How often an open thread and the conversation list ask (issue 10: the other person's message
 * shows within 5 seconds without a reload). Unchanged lists answer a bodiless 304 to the
 * browser's If-None-Match (their ETag and `no-cache`), so polling costs the server one read.
 */
export const THREAD_POLL_MS = 2500;
export const CONVERSATIONS_POLL_MS = 3000;

/** Which call reads a thread: order details use the print-jobs path, dialogs and /messages the jobs path (spec 2 §7). */
export type ThreadPath = "print-jobs" | "jobs";
/** Which call sends: order details, the dashboard's Contact Printer and /messages, the orders list's Contact Printer. */
export type SendPath = "print-jobs" | "contact" | "message";

// ---- fetch functions

/** A page of the conversation list: the first one is revalidated by the browser (its ETag), a later one is a plain page. */
export const fetchConversationsPage = (userId: string, cursor?: string) =>
  callPolled(client.api.users[":id"].conversations.$get({ ...polled(userId), query: pageParams(cursor) })).then(asPage);

export const fetchThread = (jobId: string, path: ThreadPath) =>
  path === "print-jobs"
    ? callPolled(client.api["print-jobs"][":id"].messages.$get({ ...polled(jobId), query: {} })).then(asList)
    : callPolled(client.api.jobs[":id"].messages.$get(polled(jobId)));

export function sendMessage(jobId: string, message: string, path: SendPath): Promise<Message> {
  const json = { message };
  switch (path) {
    case "print-jobs":
      return call(client.api["print-jobs"][":id"].messages.$post({ ...byId(jobId), json }));
    case "contact":
      return call(client.api.jobs[":id"].contact.$post({ ...byId(jobId), json }));
    case "message":
      return call(client.api["print-jobs"].message.$post({ json: { jobId, message } }));
  }
}

// ---- queries

/**
 * The conversation list a page at a time ("Show more conversations"), polled: each poll reads every
 * page shown again, in order from the first (whose unchanged answer is the browser's 304), so a
 * conversation that moved up is never shown twice.
 */
export function conversationsQuery(userId: string) {
  return infiniteQueryOptions({
    queryKey: queryKeys.messages.conversations(userId),
    queryFn: ({ pageParam }) => fetchConversationsPage(userId, pageParam),
    ...byCursor,
    refetchInterval: CONVERSATIONS_POLL_MS,
  });
}

/** An order's thread, oldest first, polled while shown (reading it marks it read for the reader). */
export function threadQuery(jobId: string, path: ThreadPath = "jobs") {
  return queryOptions({
    queryKey: queryKeys.messages.thread(jobId),
    queryFn: () => fetchThread(jobId, path),
    refetchInterval: THREAD_POLL_MS,
  });
}

// ---- mutations

export interface SendVariables {
  jobId: string;
  /** The text as typed: it is sent trimmed (spec 2 §5). */
  text: string;
}

/**
 * Sends a message; on success the thread shows it at once and the conversation list and the
 * bell refresh (spec 2 §4 "on success the message list and conversation list refresh"). A failure
 * is the toast "Failed to Send Message" with the server's sentence (spec 2 §8).
 */
export function useSendMessage(path: SendPath, { success }: { success?: ToastInput } = {}) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const fail = useFailureToast();
  return useMutation({
    mutationFn: ({ jobId, text }: SendVariables) => sendMessage(jobId, text.trim(), path),
    onSuccess: (message, { jobId }) => {
      queryClient.setQueryData<Message[]>(queryKeys.messages.thread(jobId), (list) =>
        list && !list.some((m) => m.id === message.id) ? [...list, message] : list,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.messages.all });
      if (success) toast(success);
    },
    onError: (error) => fail(error, "Failed to Send Message", { fallback: "Failed to send message" }),
  });
}
