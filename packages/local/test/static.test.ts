import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { staticSite } from "../src/static.ts";

const root = mkdtempSync(join(tmpdir(), "printhood-static-"));
mkdirSync(join(root, "assets"));
const script = `console.log(${JSON.stringify("x".repeat(5000))});\n`;
writeFileSync(join(root, "assets/app-abc123.js"), script);
writeFileSync(join(root, "index.html"), `<!doctype html><title>t</title>${"<p>text</p>".repeat(200)}`);
writeFileSync(join(root, "icon.png"), Buffer.alloc(4096, 7));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the local site server compresses text as CloudFront does", () => {
  const site = staticSite(root, { "X-Test": "1" });

  it("answers Brotli when accepted, gzip otherwise, plain without Accept-Encoding", async () => {
    const br = site("/assets/app-abc123.js", "gzip, deflate, br, zstd");
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toBe("Accept-Encoding");
    expect(br.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(br.headers.get("x-test")).toBe("1");
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(brBody.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(brBody).toString()).toBe(script);

    const gz = site("/assets/app-abc123.js", "gzip;q=1, br;q=0");
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);

    const plain = site("/assets/app-abc123.js", "");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it("compresses the page for any route, never images", async () => {
    const page = site("/dashboard", "br");
    expect(page.headers.get("content-encoding")).toBe("br");
    expect(page.headers.get("cache-control")).toBe("no-cache");
    expect(brotliDecompressSync(Buffer.from(await page.arrayBuffer())).toString()).toContain("<title>t</title>");
    const png = site("/icon.png", "br, gzip");
    expect(png.headers.get("content-encoding")).toBeNull();
    expect((await png.arrayBuffer()).byteLength).toBe(4096);
  });
});

describe("the local site server answers addresses as the CDN does (packages/web/scripts/prerender-pages.ts)", () => {
  const drawn = mkdtempSync(join(tmpdir(), "printhood-static-drawn-"));
  writeFileSync(join(drawn, "index.html"), "landing");
  writeFileSync(join(drawn, "pricing.html"), "pricing");
  writeFileSync(join(drawn, "app.html"), "shell");
  afterAll(() => rmSync(drawn, { recursive: true, force: true }));
  const site = staticSite(drawn);

  it("serves / from index.html, a drawn page from its .html, anything else from the app shell", async () => {
    expect(await site("/", "").text()).toBe("landing");
    expect(await site("/pricing", "").text()).toBe("pricing");
    expect(await site("/pricing.html", "").text()).toBe("pricing");
    expect(await site("/dashboard", "").text()).toBe("shell");
    expect(await site("/order/PH-10423", "").text()).toBe("shell");
    expect(await site("/no-such-page", "").text()).toBe("shell");
  });

  it("falls back to index.html for a build without an app shell", async () => {
    expect(await site("/dashboard", "").text()).toBe("shell");
    expect(await staticSite(root)("/dashboard", "").text()).toContain("<title>t</title>");
  });
});
