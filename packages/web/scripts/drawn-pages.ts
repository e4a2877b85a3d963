// Which addresses the build draws ahead, and the files they become: read by the build
// (./prerender-pages.ts), the CDN's error responses (stacks/Web.ts) and the service worker (vite.config.ts).

/**
 * The pages the build draws ahead (docs/architecture.md "First paint") and the file each is served
 * from. The CDN (SST's StaticSite function) and local mode (packages/local/src/static.ts) serve
 * `/pricing` from `pricing.html` and `/` from `index.html`; any other address gets APP_SHELL.
 * Public pages only: a signed-in screen depends on who is asking, and its data on the API.
 */
export const PRERENDERED_PAGES: Record<string, string> = {
  "/": "index.html",
  "/how-it-works": "how-it-works.html",
  "/pricing": "pricing.html",
  "/printers": "printers.html",
  "/browse": "browse.html",
  "/contact": "contact.html",
  "/help": "help.html",
  "/faq": "faq.html",
  "/terms": "terms.html",
};

/**
 * The page for every other address (signed-in screens, unknown addresses): header, footer and the
 * loading spinner, drawn from a signed-in screen while the session is unknown. The CDN's error
 * responses, local mode and the service worker's navigation fallback all answer with it.
 */
export const APP_SHELL = { path: "/dashboard", file: "app.html" } as const;
