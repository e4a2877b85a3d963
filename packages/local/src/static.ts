import { existsSync, readFileSync, statSync } from "node:fs";
import { extname, join, normalize, sep } from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".wasm": "application/wasm",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

/**
 * Serves the built site as the CDN does: hashed assets cached for good, anything else that
 * is not a file gets index.html (the router draws the page, or its 404). Every answer carries
 * `headers` (the security headers CloudFront adds in AWS).
 */
export function staticSite(root: string, headers: Record<string, string> = {}) {
  const serve = files(root);
  return (pathname: string): Response => {
    const res = serve(pathname);
    for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
    return res;
  };
}

function files(root: string) {
  const rootAbs = normalize(root + sep);
  const index = join(root, "index.html");
  return (pathname: string): Response => {
    let path: string;
    try {
      path = normalize(join(root, decodeURIComponent(pathname)));
    } catch {
      return new Response("Bad request", { status: 400 });
    }
    if (!path.startsWith(rootAbs)) return new Response("Not found", { status: 404 });
    if (existsSync(path) && statSync(path).isFile()) {
      const immutable = pathname.startsWith("/assets/");
      return new Response(readFileSync(path), {
        headers: {
          "Content-Type": TYPES[extname(path)] ?? "application/octet-stream",
          "Cache-Control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
        },
      });
    }
    if (!existsSync(index)) return new Response("The site has not been built. Run npm start.", { status: 503 });
    return new Response(readFileSync(index), { headers: { "Content-Type": TYPES[".html"]!, "Cache-Control": "no-cache" } });
  };
}
