import { existsSync, readFileSync, statSync } from "node:fs";
import { extname, join, normalize, sep } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

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

/** Text types CloudFront compresses (its distributions compress by default); images and fonts are compressed already. */
const COMPRESSIBLE = new Set([".html", ".js", ".mjs", ".css", ".json", ".svg", ".txt", ".webmanifest", ".wasm"]);

/**
 * Serves the built site as the CDN does: hashed assets cached for good; an address without a file
 * extension gets its prerendered page when the build drew one (`/pricing` is pricing.html, as SST's
 * StaticSite function asks S3 for), and any other address that is not a file gets the app shell,
 * app.html (the router draws the page, or its 404; packages/web/scripts/prerender-pages.ts); text compressed with
 * Brotli or gzip when the browser accepts it, as CloudFront does. Every answer carries
 * `headers` (the security headers CloudFront adds in AWS).
 */
export function staticSite(root: string, headers: Record<string, string> = {}) {
  const serve = files(root);
  return (pathname: string, acceptEncoding = ""): Response => {
    const res = serve(pathname, acceptEncoding);
    for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
    return res;
  };
}

/** Each file's compressed body per coding, made once per version of the file (its modification time). */
const compressed = new Map<string, { mtimeMs: number; body: Buffer }>();

function encode(path: string, body: Buffer, acceptEncoding: string): { body: Buffer; encoding?: "br" | "gzip" } {
  if (!COMPRESSIBLE.has(extname(path)) || body.length < 1024) return { body };
  // "br, gzip;q=0.8": each coding and its weight; a weight of 0 refuses it.
  const accepted = new Set(
    acceptEncoding
      .split(",")
      .map((part) => part.trim().toLowerCase().split(";"))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, "")) > 0)
      .map(([name]) => name),
  );
  const accepts = (name: string) => accepted.has(name);
  const encoding = accepts("br") ? "br" : accepts("gzip") ? "gzip" : undefined;
  if (!encoding) return { body };
  const key = `${encoding} ${path}`;
  const { mtimeMs } = statSync(path);
  const kept = compressed.get(key);
  if (kept?.mtimeMs === mtimeMs) return { body: kept.body, encoding };
  const out =
    encoding === "br"
      ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
      : gzipSync(body, { level: 9 });
  compressed.set(key, { mtimeMs, body: out });
  return { body: out, encoding };
}

function answer(path: string, acceptEncoding: string, cacheControl: string): Response {
  const { body, encoding } = encode(path, readFileSync(path), acceptEncoding);
  const headers: Record<string, string> = {
    "Content-Type": TYPES[extname(path)] ?? "application/octet-stream",
    "Cache-Control": cacheControl,
  };
  if (COMPRESSIBLE.has(extname(path))) headers.Vary = "Accept-Encoding";
  if (encoding) headers["Content-Encoding"] = encoding;
  return new Response(body as Uint8Array<ArrayBuffer>, { headers });
}

function files(root: string) {
  const rootAbs = normalize(root + sep);
  const index = join(root, "index.html");
  const shell = join(root, "app.html");
  const isFile = (path: string) => existsSync(path) && statSync(path).isFile();
  return (pathname: string, acceptEncoding: string): Response => {
    let path: string;
    try {
      path = normalize(join(root, decodeURIComponent(pathname)));
    } catch {
      return new Response("Bad request", { status: 400 });
    }
    if (!path.startsWith(rootAbs)) return new Response("Not found", { status: 404 });
    if (pathname === "/") path = index;
    else if (!extname(path) && isFile(`${path}.html`)) path = `${path}.html`;
    if (isFile(path)) {
      const immutable = pathname.startsWith("/assets/");
      return answer(path, acceptEncoding, immutable ? "public, max-age=31536000, immutable" : "no-cache");
    }
    if (!existsSync(index)) return new Response("The site has not been built. Run npm start.", { status: 503 });
    return answer(isFile(shell) ? shell : index, acceptEncoding, "no-cache");
  };
}
