import type { ExpiryConfig, FileLinks, PaymentGateway, ShippingRates, Store } from "@printhood/core";
import type { Context } from "hono";
import type { EventPublisher } from "../lib/events.ts";

/** Everything the API needs from the outside, built once per process (Lambda or local). */
export interface ApiDeps {
  store: Store;
  events: EventPublisher;
  /** Stripe (or its local stand-in, through the same SDK). */
  payments: PaymentGateway;
  /** Verifies a Stripe webhook on its raw body; throws when forged, tampered or stale. */
  verifyWebhook: (rawBody: string, signature: string | undefined) => Promise<{ id: string; type: string; data: { object: unknown } }>;
  /** Signed download links for stored designs. */
  files: FileLinks;
  shipping: ShippingRates;
  clock: () => Date;
  expiry: ExpiryConfig;
  config: {
    /** Origins allowed to make state-changing requests (the site's own origin). */
    allowedOrigins: string[];
    /**
     * Also allow `https://{x-forwarded-host}`: in AWS without a custom domain the site's
     * CloudFront address cannot be passed to the API (a dependency loop), so a CloudFront
     * function copies the viewer's Host into x-forwarded-host (stacks/Web.ts).
     */
    trustForwardedHost?: boolean;
    /** The bucket designs are uploaded to. */
    uploadsBucket: string;
    /** Secure cookies in AWS (HTTPS); plain HTTP on localhost. */
    secureCookies: boolean;
    /**
     * How the site takes cards: Stripe Elements with this publishable key, or (none set) the local
     * test-card form posting to `testConfirmPath` on the site's own origin (local mode).
     */
    stripePublishableKey?: string;
    testConfirmPath?: string;
    /**
     * How long the shared public answers (printer list, stats) are kept in this process and at the
     * CDN (api/public-cache.ts); 0 keeps nothing in the process. Absent: PUBLIC_CACHE_SECONDS.
     */
    publicCacheSeconds?: number;
    /**
     * How long the counts of listed printers per cell (the finder's and the map's walk:
     * core/src/printers/cell-source.ts) are kept in this process; 0 keeps none. Absent: as long as
     * the public answers. Apart from them because every visitor's query of a region shares the same
     * few count partitions while their answers differ (each ZIP, filter and page is its own answer).
     */
    cellCountsSeconds?: number;
    /**
     * The key that signs page markers (core/src/paging/cursor.ts): the stack's secret in AWS; absent,
     * the process makes its own (local mode, tests: markers then last as long as the process).
     */
    cursorSecret?: string | undefined;
    /** The site's security headers, set on every answer (core/src/security/headers.ts). */
    securityHeaders: Record<string, string>;
  };
  /** Which backing services answer (the health check reports it). */
  health: () => Promise<Record<string, boolean>>;
  /** The client's address for per-address limits: the socket locally, CloudFront's viewer address in AWS (client-address.ts). */
  clientAddress: (c: Context) => string | undefined;
}

export interface SessionUserVars {
  user: import("@printhood/core").PublicUser | null;
  sessionToken: string | null;
  /** The user is staff and this session passed TOTP: the one thing the /api/staff/ gate checks (middleware/staff.ts). */
  staffSession: boolean;
  /** Items read beside the session for the route (middleware/session.ts); each names what it is for. */
  prefetched: import("./middleware/session.ts").Prefetched;
}

export type AppEnv = {
  Variables: SessionUserVars & {
    deps: ApiDeps;
    /** The process's cache of shared public answers (api/public-cache.ts); clearing it clears `cellCounts` too. */
    publicCache: import("../lib/ttl-cache.ts").TtlCache;
    /** The counts of listed printers per cell read in the last `cellCountsSeconds` (deps.ts). */
    cellCounts: import("../lib/ttl-cache.ts").TtlCache;
    /** Signs and opens the lists' page markers (from config.cursorSecret). */
    cursorKey: import("@printhood/core").CursorKey;
    /** People's display names and printers' names read in the last few seconds (public-cache.ts RECENT_NAMES_SECONDS). */
    recentNames: import("@printhood/core").Recent<import("@printhood/core").PersonName | string>;
  };
};

/** The order flows' dependencies, taken from the API's (handlers pass them to one core function). */
export function orderDeps(d: ApiDeps): import("@printhood/core").OrderDeps {
  return { store: d.store, events: d.events, payments: d.payments, clock: d.clock, expiry: d.expiry, shipping: d.shipping };
}
