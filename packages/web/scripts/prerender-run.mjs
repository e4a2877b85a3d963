// Renders pages with the Node build of src/prerender.tsx and prints {path: markup} as JSON
// (scripts/prerender-pages.ts runs it). A process of its own: `fetch` is replaced with one that
// never answers, so every query the pages start stays loading, as on a first visit before the API
// answers, and nothing is asked of any server. Usage: node prerender-run.mjs <bundle> <path>...
import { pathToFileURL } from "node:url";

globalThis.fetch = () => new Promise(() => {});
const [bundle, ...paths] = process.argv.slice(2);
const { renderPage } = await import(pathToFileURL(bundle).href);
const out = {};
for (const path of paths) out[path] = await renderPage(path);
process.stdout.write(JSON.stringify(out));
// The unanswered fetches would keep the process alive.
process.exit(0);
