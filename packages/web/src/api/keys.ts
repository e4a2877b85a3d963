/**
 * Every query key the site uses, from this one factory. Keys are grouped by API area, so a prefix
 * (`printers.all`, `drafts.lists`) invalidates everything under it. Query options (the area
 * modules' `queryOptions`) and mutations' invalidations take their keys from here only.
 */
export const queryKeys = {
  /** GET /api/auth/user */
  session: ["session"] as const,
  /** GET /api/stats */
  stats: ["stats"] as const,
  /** GET /api/users/{id}/notifications (and, under it, the unread count: one prefix invalidates the bell). */
  notifications: (userId: string) => ["notifications", userId] as const,
  /** GET /api/users/{id}/notifications/unread-count */
  unreadCount: (userId: string) => ["notifications", userId, "unread-count"] as const,
  messages: {
    all: ["messages"] as const,
    /** GET /api/users/{id}/conversations */
    conversations: (userId: string) => ["messages", "conversations", userId] as const,
    /** An order's thread (GET /api/print-jobs/{id}/messages or /api/jobs/{id}/messages: the same list). */
    thread: (jobId: string) => ["messages", "thread", jobId] as const,
  },
  reviews: {
    all: ["reviews"] as const,
    /** GET /api/print-jobs/{id}/review */
    ofOrder: (jobId: string) => ["reviews", "order", jobId] as const,
    /** GET /api/users/{id}/reviews (the owner's printers') */
    mine: (userId: string) => ["reviews", "mine", userId] as const,
  },
  uploads: {
    /** GET /api/uploads/{id} */
    one: (id: string) => ["uploads", id] as const,
  },
  photos: {
    /** GET /api/photos/{id} */
    one: (id: string) => ["photos", id] as const,
  },
  qualityTest: {
    /** GET /api/quality-test (the test piece: the same for everyone) */
    piece: ["quality-test"] as const,
    /** GET /api/printers/{id}/verification (an owner's printer's test) */
    ofPrinter: (printerId: string) => ["quality-test", "printer", printerId] as const,
  },
  drafts: {
    all: ["drafts"] as const,
    /** Every user's saved-prints list. */
    lists: ["drafts", "mine"] as const,
    /** GET /api/users/{id}/drafts */
    mine: (userId: string) => ["drafts", "mine", userId] as const,
    /** GET /api/drafts/{id} */
    one: (id: string) => ["drafts", "one", id] as const,
  },
  printJobs: {
    all: ["print-jobs"] as const,
    /** GET /api/print-jobs/{id} */
    one: (id: string) => ["print-jobs", id] as const,
  },
  orders: {
    /** Every list of orders a customer sees. */
    lists: ["orders", "mine"] as const,
    /** GET /api/users/{id}/jobs… */
    mine: (userId: string) => ["orders", "mine", userId] as const,
    /** GET /api/users/{id}/jobs, a page at a time: every order ("all") or a dashboard tab's group */
    minePages: (userId: string, group: string) => ["orders", "mine", userId, "pages", group] as const,
    /** GET /api/users/{id}/jobs/figures (the dashboard's cards and tab counts) */
    mineFigures: (userId: string) => ["orders", "mine", userId, "figures"] as const,
    /** POST /api/create-payment-intent for an order at a total (a new total asks again). */
    intent: (orderId: string, totalCents: number) => ["orders", "intent", orderId, totalCents] as const,
    /** POST /api/calculate-shipping for an order's printer, weight and a ZIP. */
    shipping: (printerId: string, weightGrams: number, zipTo: string) => ["orders", "shipping", printerId, weightGrams, zipTo] as const,
  },
  /** GET /api/payments/config */
  paymentsConfig: ["payments-config"] as const,
  printers: {
    /** Every printer answer: the marketplace, one printer, an owner's printers and their jobs. */
    all: ["printers"] as const,
    /** GET /api/printers with its query string ("" for none). */
    list: (queryString: string) => ["printers", "list", queryString] as const,
    /** GET /api/printers/{id} */
    one: (id: string) => ["printers", "one", id] as const,
    /** GET /api/printers/{id}/jobs */
    jobs: (printerId: string) => ["printers", "jobs", printerId] as const,
    /** GET /api/users/{id}/printers (the owner's own, with the address) */
    mine: (userId: string) => ["printers", "mine", userId] as const,
    /** GET /api/users/{id}/printer-jobs?group=open|completed, a page at a time (the dashboard's sections) */
    ownerJobGroup: (userId: string, group: string) => ["printers", "owner-jobs", userId, group] as const,
    /** GET /api/users/{id}/printer-jobs/figures (the dashboard's cards) */
    ownerFigures: (userId: string) => ["printers", "owner-jobs", userId, "figures"] as const,
    /** GET /api/printers/{id}/jobs?group=open, a page at a time (the Print Queue) */
    openJobs: (printerId: string) => ["printers", "jobs", printerId, "open"] as const,
    /** GET /api/printers/{id}/jobs/figures (the Print Queue's counts, the tracking cards) */
    figures: (printerId: string) => ["printers", "jobs", printerId, "figures"] as const,
  },
  staff: {
    /** Everything the staff console reads (issue 21): one prefix refreshes it after a staff action. */
    all: ["staff"] as const,
    /** GET /api/staff/audit (first page; older pages are fetched on demand) */
    audit: ["staff", "audit"] as const,
    /** GET /api/staff/lookup?q= */
    lookup: (q: string) => ["staff", "lookup", q] as const,
    /** GET /api/staff/reports */
    reports: ["staff", "reports"] as const,
    /** GET /api/staff/verifications (quality tests waiting for review) */
    verifications: ["staff", "verifications"] as const,
    /** GET /api/staff/claims (open claims, oldest first) */
    claims: ["staff", "claims"] as const,
    /** GET /api/staff/money (money still owed after an hour, or refused) */
    money: ["staff", "money"] as const,
  },
  payouts: {
    all: ["payouts"] as const,
    /** GET /api/users/{id}/payouts (an owner's earnings and payouts) */
    mine: (userId: string) => ["payouts", userId] as const,
    /** GET /api/users/{id}/payouts/history, a page at a time (under `mine`: one invalidation reads both) */
    history: (userId: string) => ["payouts", userId, "history"] as const,
    /** GET /api/users/{id}/ledger, a page at a time */
    ledger: (userId: string) => ["payouts", userId, "ledger"] as const,
  },
};

/** Public data that stays cached across sign-out (the session itself is set to null). */
export const KEPT_ON_SIGN_OUT: readonly (readonly string[])[] = [queryKeys.session, queryKeys.stats];
