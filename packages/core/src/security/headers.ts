/**
 * The security headers on every answer of the site and the API, in one module read by
 * stacks/Web.ts (CloudFront's response-headers policy), the API (its own middleware, for calls
 * that reach API Gateway directly) and local mode's server, so AWS and local cannot drift
 * (like the event rules, architecture rule 8). Plain data and string building only.
 */

/** The site's default map tiles (packages/web/src/components/printers/PrinterMap.tsx: keep in step). */
export const DEFAULT_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";

/** Two years, with subdomains: above the one year HSTS preload lists ask for. */
export const HSTS_MAX_AGE_SECONDS = 2 * 365 * 24 * 60 * 60;
export const REFERRER_POLICY = "strict-origin-when-cross-origin";
/**
 * Powerful features the site never uses, switched off for it and anything it might embed.
 * Only names Chromium knows: an unknown one is logged as a console warning on every page (Chromium
 * 150 does not know "bluetooth"; the browser journey packages/local/e2e/phone.e2e.ts fails on any).
 */
export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), midi=()";

export interface SiteSources {
  /**
   * Where the browser posts designs: the presigned POST's URL without its key, i.e. s3rver's
   * bucket URL locally and the bucket's path-style URL in AWS (see s3BucketUrl). None: no uploads.
   */
  uploadUrl?: string | undefined;
  /** The map tile URL template the site was built with (VITE_TILE_URL); the default when empty. */
  tileUrl?: string | undefined;
  /**
   * Whether checkout uses Stripe Elements (a publishable key is configured: STRIPE_PUBLISHABLE_KEY).
   * Stripe.js then loads from js.stripe.com, draws the card fields in its iframes and talks to
   * api.stripe.com, which the policy must allow (STRIPE_CSP_SOURCES), or the card form never appears.
   */
  stripe?: boolean | undefined;
}

/**
 * What Stripe.js and Elements need (Stripe's security guide, "Content Security Policy"): the
 * script from js.stripe.com (and its *.js.stripe.com hosts), its iframes from there and from
 * hooks.stripe.com (3-D Secure), and calls to api.stripe.com.
 */
export const STRIPE_CSP_SOURCES = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com"],
  frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.stripe.com"],
} as const;

/** The bucket's path-style URL, as the API's S3 client (forcePathStyle) presigns uploads in AWS. */
export const s3BucketUrl = (bucket: string, region: string) => `https://s3.${region}.amazonaws.com/${bucket}`;

/**
 * The CSP source for a tile URL template: its scheme and host, with any label holding a
 * placeholder (`{s}.tile.example.org`) widened to a `*.` wildcard, the only one CSP allows.
 */
export function tileSource(tileUrl: string | undefined): string {
  const template = tileUrl?.trim() || DEFAULT_TILE_URL;
  const match = /^(https?):\/\/([^/?#]+)/.exec(template);
  if (!match?.[1] || !match[2]) throw new Error(`VITE_TILE_URL must be an http(s) URL template, got "${template}"`);
  const labels = match[2].split(".");
  const lastPlaceholder = labels.findLastIndex((l) => l.includes("{"));
  const host = lastPlaceholder < 0 ? match[2] : ["*", ...labels.slice(lastPlaceholder + 1)].join(".");
  return `${match[1]}://${host}`;
}

/**
 * What the site really loads: its own scripts, styles, workers (the analysis Web Worker and the
 * service worker) and the API; images from itself, `data:` (Leaflet's stylesheet inlines its
 * control icons), the tile host and the objects under the bucket (photos' short-lived links); uploads to the bucket, by its exact URL (a CSP path: the
 * bucket, not all of S3). No inline script or eval anywhere
 * (WebAssembly compilation of our own kernels only); nothing may frame the site.
 * Inline style *attributes* are allowed (`style-src-attr`): Leaflet's markers are HTML strings
 * with a style attribute, and a style attribute cannot run script. With Stripe, its script, frames
 * and API (STRIPE_CSP_SOURCES), and nothing else of its.
 */
export function contentSecurityPolicy(sources: SiteSources): string {
  const bucket = sources.uploadUrl?.replace(/\/+$/, "");
  const stripe = sources.stripe ? STRIPE_CSP_SOURCES : { script: [], frame: [], connect: [] };
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    // 'wasm-unsafe-eval' lets the page and the analysis worker compile our own WebAssembly kernels
    // (packages/core/assembly, bundled as bytes with the script); it allows no JavaScript eval.
    ["script-src", "'self'", "'wasm-unsafe-eval'", ...stripe.script],
    ["style-src", "'self'"],
    ["style-src-attr", "'unsafe-inline'"],
    // Photos: the picked file's preview (`blob:`, made by the page itself) until the server's copy,
    // shown from short-lived links to the bucket's objects (photos/present.ts): under it only.
    ["img-src", "'self'", "data:", "blob:", tileSource(sources.tileUrl), ...(bucket ? [`${bucket}/`] : [])],
    ["font-src", "'self'"],
    // The POST goes to the bucket URL itself; objects under it end with "/".
    ["connect-src", "'self'", ...(bucket ? [bucket, `${bucket}/`] : []), ...stripe.connect],
    ...(sources.stripe ? [["frame-src", "'self'", ...stripe.frame] as [string, ...string[]]] : []),
    ["worker-src", "'self'"],
    ["manifest-src", "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
  ];
  return directives.map((d) => d.join(" ")).join("; ");
}

/** Every security header by name, with its value (the local server and the API set exactly these). */
export function securityHeaders(sources: SiteSources): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(sources),
    "Strict-Transport-Security": `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": REFERRER_POLICY,
    "Permissions-Policy": PERMISSIONS_POLICY,
  };
}
