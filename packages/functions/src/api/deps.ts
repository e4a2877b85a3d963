import type { Store } from "@printhood/core";
import type { Context } from "hono";
import type { EventPublisher } from "../lib/events.ts";

/** Everything the API needs from the outside, built once per process (Lambda or local). */
export interface ApiDeps {
  store: Store;
  events: EventPublisher;
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
}

export type AppEnv = {
  Variables: SessionUserVars & {
    deps: ApiDeps;
    /** Set when a draft route's body came as the spec's form rather than JSON (routes/draft-body.ts). */
    draftForm?: boolean;
  };
};
