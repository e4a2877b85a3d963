import { config } from "zod/v4/core";

// The site's Content-Security-Policy forbids eval (script-src 'self'; only WebAssembly may be compiled), so zod must not try it: its
// object parser otherwise probes `new Function("")` once, which the browser blocks and reports as a
// CSP issue (Lighthouse's best practices). Imported first by main.tsx, before any schema is parsed.
// From zod's core (the setting zod and zod/mini share), so the first load does not take in all of zod.
config({ jitless: true });
