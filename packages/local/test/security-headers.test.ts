import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { HSTS_MAX_AGE_SECONDS, securityHeaders } from "@printhood/core";
import { BUCKET_NAME, fetchFrom, freshLoopbackAddress, type LocalStack, seedDemoData, startLocalStack } from "@printhood/local";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../src/paths.ts";

/**
 * The security headers on every page and API path the browser journeys (packages/local/e2e)
 * visit, from a running local stack: the same values CloudFront sets in AWS (stacks/Web.ts
 * reads the same module, asserted in stacks/test).
 */
const DIST = join(REPO_ROOT, "packages/web/dist");

/** Pages the journeys open or are sent to (ids need not exist: the site's router answers). */
const PAGES = [
  "/",
  "/auth",
  "/auth?tab=register",
  "/dashboard",
  "/upload",
  "/upload?printer=p1&draft=d1",
  "/saved-prints",
  "/choose-printer?draftId=d1",
  "/submit-print?printerId=p1&draftId=d1",
  "/checkout?orderId=o1",
  "/printers",
  "/printers?material=ABS&color=White&weight=42&minX=250&minY=250&minZ=250",
  "/browse",
  "/add-printer",
  "/printer-dashboard",
  "/pricing",
  "/a-page-that-does-not-exist",
];

let stack: LocalStack;
let expected: Record<string, string>;
beforeAll(async () => {
  stack = await startLocalStack({ port: 0 });
  await seedDemoData(stack.store);
  expected = securityHeaders({ uploadUrl: `${stack.endpoints.s3}/${BUCKET_NAME}`, tileUrl: process.env.VITE_TILE_URL });
});
afterAll(() => stack?.close());

function expectSecurityHeaders(what: string, headers: Headers) {
  for (const [name, value] of Object.entries(expected)) expect(headers.get(name), `${name} on ${what}`).toBe(value);
}

/** A signed-in browser-like client: cookies kept, the site's Origin on writes. */
function session() {
  const address = freshLoopbackAddress();
  let cookie = "";
  return async (method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { origin: stack.url, ...(cookie ? { cookie } : {}) };
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await fetchFrom(address, stack.url + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = res.headers.getSetCookie()[0];
    if (set) cookie = set.split(";")[0] ?? "";
    return res;
  };
}

describe("security headers", () => {
  it("are the policy's values: no inline script or eval, no framing, HSTS of two years, no sniffing", () => {
    const csp = expected["Content-Security-Policy"] ?? "";
    const directive = (name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `));
    expect(directive("script-src")).toBe("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).not.toMatch(/'unsafe-eval'/);
    expect(directive("style-src")).toBe("style-src 'self'");
    expect(directive("frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(directive("object-src")).toBe("object-src 'none'");
    expect(expected["X-Frame-Options"]).toBe("DENY");
    expect(expected["X-Content-Type-Options"]).toBe("nosniff");
    expect(expected["Strict-Transport-Security"]).toBe(`max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`);
    expect(HSTS_MAX_AGE_SECONDS).toBeGreaterThanOrEqual(31_536_000);
    expect(expected["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(expected["Permissions-Policy"]).toMatch(/camera=\(\), microphone=\(\), geolocation=\(\)/);
  });

  it("are on every page the journeys visit", async () => {
    for (const path of PAGES) {
      const res = await fetch(stack.url + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type"), path).toMatch(/text\/html/);
      expectSecurityHeaders(path, res.headers);
    }
  });

  it("are on every file of the built site (scripts, the analysis worker, styles, the service worker)", async () => {
    const files = [...readdirSync(join(DIST, "assets")).map((f) => `/assets/${f}`), "/sw.js", "/favicon.svg"];
    expect(files.some((f) => /worker/.test(f))).toBe(true);
    for (const path of files) {
      const res = await fetch(stack.url + path);
      expect(res.status, path).toBe(200);
      expectSecurityHeaders(path, res.headers);
    }
  });

  it("are on every API answer the journeys get, errors and refusals included", async () => {
    const call = session();
    const printers = (await (await call("GET", "/api/printers")).json()) as { id: string }[];
    const printerId = printers[0]?.id ?? "none";
    const seen: [string, Response][] = [];
    const check = async (method: string, path: string, body?: unknown) => {
      const res = await call(method, path, body);
      seen.push([`${method} ${path} → ${res.status}`, res]);
      return res;
    };

    await check("GET", "/api/health");
    await check("GET", "/api/stats");
    await check("GET", "/api/printers?material=ABS&minZ=999");
    await check("GET", `/api/printers/${printerId}`);
    await check("GET", "/api/printer-images/default.svg");
    await check("GET", "/api/auth/user"); // null signed out
    await check("POST", "/api/login", { email: "customer@printhood.local", password: "wrong password" }); // 401
    await check("POST", "/api/register", { username: "x" }); // 400
    const email = `headers-${Date.now()}@example.com`;
    const me = (await (
      await check("POST", "/api/register", { username: `headers_${Date.now()}`, email, password: "a long enough password" })
    ).json()) as {
      id: string;
    };
    await check("GET", "/api/auth/user");
    await check("GET", `/api/users/${me.id}/notifications`);
    await check("GET", `/api/users/${me.id}/drafts`);
    await check("GET", `/api/users/${me.id}/printers`);
    await check("GET", `/api/users/${me.id}/printer-jobs`);
    await check("GET", "/api/users/someone-else/drafts"); // 403
    const upload = await check("POST", "/api/uploads", { fileName: "cube.stl", size: 1234 });
    const { uploadId } = (await upload.clone().json()) as { uploadId: string };
    await check("GET", `/api/uploads/${uploadId}`); // the upload page polls the analysis
    await check("POST", "/api/save-draft", { uploadId, material: "PLA" }); // refused: not analysed yet, or the body
    await check("GET", "/api/drafts/no-such-draft"); // 404
    await check("POST", "/api/submit-order", {}); // 400
    await check("GET", "/api/print-jobs/no-such-order"); // 404
    await check("GET", `/api/printers/${printerId}/jobs`); // 403: not this printer's owner
    await check("GET", "/api/nothing-here"); // 404
    await check("POST", "/api/save-draft", "x".repeat(1024 * 1024 + 1)); // 413
    await check("GET", "/api/openapi.json");
    await check("GET", "/api/docs");
    await check("POST", "/api/logout");

    const statuses = seen.map(([what]) => what);
    expect(statuses).toContain("POST /api/uploads → 201");
    expect(statuses).toContain(`GET /api/printers/${printerId}/jobs → 403`);
    expect(statuses.some((s) => s.endsWith("→ 413"))).toBe(true);
    for (const [what, res] of seen) expectSecurityHeaders(what, res.headers);

    // The upload goes where the policy lets the browser connect: the presigned URL itself.
    const { url } = (await upload.json()) as { url: string };
    const connect = (expected["Content-Security-Policy"] ?? "").split("; ").find((d) => d.startsWith("connect-src "));
    expect(connect?.split(" ")).toContain(url.replace(/\/+$/, ""));
  });

  it("are on a refused cross-origin write", async () => {
    const res = await fetch(`${stack.url}/api/logout`, { method: "POST", headers: { origin: "https://elsewhere.example" } });
    expect(res.status).toBe(403);
    expectSecurityHeaders("a cross-origin 403", res.headers);
  });

  it("are on a 429 too", async () => {
    const call = session();
    let res: Response | undefined;
    // Past the per-email lock: the eleventh try at one email is refused.
    for (let i = 0; i < 11; i++)
      res = await call("POST", "/api/login", { email: `locked-${stack.port}@example.com`, password: `nope-${i}` });
    expect(res?.status).toBe(429);
    expectSecurityHeaders("a 429", res!.headers);
  });

  it("need no inline script in the built page", () => {
    const html = readFileSync(join(DIST, "index.html"), "utf8");
    const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [tag, body] of scripts) {
      expect(tag, "every script is a file").toMatch(/\ssrc="\/assets\/[^"]+\.js"/);
      expect(body?.trim()).toBe("");
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i); // no inline event handlers
    expect(html).not.toMatch(/javascript:/i);
    expect(html).not.toMatch(/<style\b/i);
  });
});
