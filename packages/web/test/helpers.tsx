import type { ErrorCode } from "@printhood/core/shared/errors";
import { customerTabHas } from "@printhood/core/shared/job-groups";
import { customerFigures, sumTallies, tallyDelta } from "@printhood/core/shared/tallies";
import { createMemoryHistory } from "@tanstack/react-router";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, vi } from "vitest";
import { App } from "../src/App";
import type { Paged } from "../src/api/pages";
import { createQueryClient } from "../src/api/queryClient";
import type {
  Conversation,
  CustomerFigures,
  Job,
  LedgerLine,
  ListedPrinter,
  Message,
  Notification,
  Order,
  OrderFile,
  OwnerFigures,
  OwnerJob,
  OwnPrinter,
  PaymentIntent,
  PaymentsConfig,
  Payout,
  PayoutRecord,
  PayoutSummary,
  Presigned,
  Printer,
  PrinterFigures,
  PrinterPage,
  PrinterView,
  RespondAnswer,
  Review,
  SavedDraft,
  ShippingQuote,
  Stats,
  SubmittedOrder,
  UploadRecord,
  User,
} from "../src/api/types";
import { createAppRouter } from "../src/router";
import { stats } from "./fixtures";

/** Every answer a stub may give: the API's own answer types (src/api/types.ts), whole (fixtures.ts builds them). */
export type Answer =
  | User
  | null
  | Stats
  | OwnerJob
  | RespondAnswer
  | PayoutSummary
  | Paged<PayoutRecord>
  | Paged<LedgerLine>
  | Paged<Job>
  | Payout
  | Notification[]
  | Paged<Notification>
  | { unreadCount: number }
  | Conversation[]
  | Paged<Conversation>
  | Message[]
  | Message
  | Order
  | OrderFile
  | PaymentIntent
  | PaymentsConfig
  | ShippingQuote
  | { review: Review | null }
  | Review
  | Presigned
  | UploadRecord
  | Job
  | Job[]
  | SavedDraft
  | SubmittedOrder
  | Printer
  | ListedPrinter[]
  | PrinterPage
  | PrinterView
  | OwnPrinter
  | OwnPrinter[]
  | OwnerJob[]
  | Paged<OwnerJob>
  | OwnerFigures
  | PrinterFigures
  | Order
  | Order[]
  | Paged<Order>
  | CustomerFigures
  | { message: string; order: Order }
  | { ok: true }
  | { ok: true; id: string };

/** A successful JSON answer of the API. */
export function json(body: Answer, status = 200): Response {
  return malformed(body, status);
}

/** A JSON answer that is not one the API gives (to show what the site does with one). */
export function malformed(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/** An error answer as the API gives it: `{ message, code }` with a code of core's registry. */
export function apiError(status: number, message: string, code: ErrorCode = "internal", field?: string): Response {
  return malformed({ message, code, ...(field ? { field } : {}) }, status);
}

export interface FetchCall {
  method: string;
  path: string;
  body: unknown;
}

/** A handler answers one "METHOD /path" key; it gets the request body parsed as JSON and the address (its query). */
export type Handler = (body: unknown, url: URL) => Response | Promise<Response>;

/**
 * A list answered as the API does (issue 23): the array without `limit`; with it, the page after
 * `cursor` (here simply the index to start at) and the next page's marker while more remain.
 */
export function pagedAnswer<T>(items: T[], url: URL): T[] | Paged<T> {
  const limit = url.searchParams.get("limit");
  if (limit === null) return items;
  const start = Number(url.searchParams.get("cursor") ?? 0);
  const end = start + Number(limit);
  return end < items.length ? { items: items.slice(start, end), nextCursor: String(end) } : { items: items.slice(start) };
}

export interface RenderOptions {
  /** The signed-in user; null or omitted means signed out (the session check answers null). */
  user?: User | null;
  notifications?: Notification[];
  /** Extra or overriding handlers, keyed "METHOD /path". */
  routes?: Record<string, Handler>;
}

/** Stubs fetch (the API is this tier's external boundary) and renders the real app at `path`. */
export function renderApp(path: string, options: RenderOptions = {}) {
  const { user = null, notifications = [], routes = {} } = options;
  const calls: FetchCall[] = [];
  const handlers: Record<string, Handler> = {
    "GET /api/auth/user": () => json(user),
    "GET /api/stats": () => json(stats),
    ...(user
      ? {
          [`GET /api/users/${user.id}/notifications`]: (_, url) => json(pagedAnswer(notifications, url)),
          [`GET /api/users/${user.id}/notifications/unread-count`]: () =>
            json({ unreadCount: notifications.filter((n) => !n.isRead).length }),
        }
      : {}),
    "POST /api/logout": () => json({ ok: true }),
    ...routes,
  };

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url, "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path: url.pathname, body });
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) return apiError(404, `No route for ${method} ${url.pathname}`, "not_found");
    return handler(body, url);
  });
  vi.stubGlobal("fetch", fetchMock);

  const queryClient = createQueryClient();
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ queryClient, history });
  const utils = render(<App router={router} queryClient={queryClient} />);
  return { ...utils, router, queryClient, calls, fetchMock, user: userEvent.setup() };
}

export function currentPath(router: ReturnType<typeof createAppRouter>): string {
  return router.state.location.pathname;
}

/**
 * Waits until the session check has settled (the header shows Sign In or the profile menu: it
 * shows neither before) and the screen is past its session spinner.
 */
export async function waitForShell(): Promise<void> {
  await screen.findByRole("link", { name: "Printhood" });
  await waitFor(() =>
    expect([
      ...screen.queryAllByRole("link", { name: "Sign In" }),
      ...screen.queryAllByRole("button", { name: "Open profile menu" }),
    ]).not.toEqual([]),
  );
  await waitFor(() => expect(screen.queryByRole("status", { name: "Loading" })).not.toBeInTheDocument());
}

/** A promise whose resolution the test controls. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/**
 * The customer dashboard's calls as the API answers them for these orders: each tab's orders
 * (`group`) a page at a time, and the figures over all of them (core's tally of them, as the server
 * keeps it order by order). `asked` collects each list call's query string.
 */
export function customerDashboardRoutes(userId: string, orders: readonly Order[], asked: string[] = []) {
  return {
    [`GET /api/users/${userId}/jobs`]: (_: unknown, url: URL) => {
      asked.push(url.search);
      const group = url.searchParams.get("group") as "active" | "completed" | null;
      return json(pagedAnswer(group ? orders.filter((o) => customerTabHas(group, o.status)) : [...orders], url));
    },
    [`GET /api/users/${userId}/jobs/figures`]: () => json(customerFigures(sumTallies(orders.map((o) => tallyDelta(null, o))))),
  } satisfies Record<string, Handler>;
}
