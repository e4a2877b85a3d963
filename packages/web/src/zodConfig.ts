import { z } from "zod";

// The site's Content-Security-Policy forbids eval (script-src 'self'), so zod must not try it: its
// object parser otherwise probes `new Function("")` once, which the browser blocks and reports as a
// CSP issue (Lighthouse's best practices). Imported first by main.tsx, before any schema is parsed.
z.config({ jitless: true });
