import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, s3BucketUrl, securityHeaders, tileSource } from "../../src/security/headers.ts";

describe("tileSource: the map tiles' CSP source", () => {
  it.each([
    ["the default (OpenStreetMap)", undefined, "https://tile.openstreetmap.org"],
    ["an empty setting as the default", "  ", "https://tile.openstreetmap.org"],
    ["a fixed host", "https://tiles.example.org/{z}/{x}/{y}.png?key=abc", "https://tiles.example.org"],
    ["a {s} subdomain as a wildcard", "https://{s}.tile.openstreetmap.fr/hot/{z}/{x}/{y}.png", "https://*.tile.openstreetmap.fr"],
    ["a placeholder inside a label as a wildcard label", "https://tiles-{s}.example.com/{z}/{x}/{y}.png", "https://*.example.com"],
    ["a port kept", "http://localhost:8080/{z}/{x}/{y}.png", "http://localhost:8080"],
  ])("%s", (_, url, source) => {
    expect(tileSource(url)).toBe(source);
  });

  it("refuses a template that is not an http(s) URL", () => {
    expect(() => tileSource("tiles/{z}/{x}/{y}.png")).toThrow(/VITE_TILE_URL/);
  });
});

describe("contentSecurityPolicy", () => {
  it("lets the browser connect to the upload bucket's URL and what is under it, not to all of its host", () => {
    const csp = contentSecurityPolicy({ uploadUrl: s3BucketUrl("printhood-uploads-abc", "us-east-1") });
    expect(csp).toContain(
      "connect-src 'self' https://s3.us-east-1.amazonaws.com/printhood-uploads-abc https://s3.us-east-1.amazonaws.com/printhood-uploads-abc/;",
    );
  });

  it("connects only to itself when there is no upload bucket", () => {
    expect(contentSecurityPolicy({})).toContain("connect-src 'self';");
  });

  it("shows images from the objects under the bucket (photos' short-lived links), not from all of its host or the bucket's listing", () => {
    const csp = contentSecurityPolicy({ uploadUrl: s3BucketUrl("printhood-uploads-abc", "us-east-1") });
    expect(csp).toContain(
      "img-src 'self' data: blob: https://tile.openstreetmap.org https://s3.us-east-1.amazonaws.com/printhood-uploads-abc/;",
    );
    expect(contentSecurityPolicy({})).toContain("img-src 'self' data: blob: https://tile.openstreetmap.org;");
  });

  it("allows nothing of Stripe's unless checkout uses Stripe Elements", () => {
    const csp = contentSecurityPolicy({});
    expect(csp).not.toContain("stripe");
    expect(csp).not.toContain("frame-src");
  });

  it("with Stripe Elements, allows Stripe.js, its card iframes (and 3-D Secure's) and its API, and nothing broader", () => {
    const csp = contentSecurityPolicy({ uploadUrl: "https://s3.us-east-1.amazonaws.com/b", stripe: true });
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval' https://js.stripe.com https://*.js.stripe.com;");
    expect(csp).toContain("frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com;");
    expect(csp).toContain(
      "connect-src 'self' https://s3.us-east-1.amazonaws.com/b https://s3.us-east-1.amazonaws.com/b/ https://api.stripe.com;",
    );
    expect(csp).not.toMatch(/https:\/\/\*\.stripe\.com/);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it("is the same string in every header set built from the same sources", () => {
    const sources = { uploadUrl: "http://127.0.0.1:4569/printhood-uploads", tileUrl: "https://{s}.tiles.example/{z}/{x}/{y}.png" };
    expect(securityHeaders(sources)["Content-Security-Policy"]).toBe(contentSecurityPolicy(sources));
    expect(contentSecurityPolicy(sources)).toContain(
      "img-src 'self' data: blob: https://*.tiles.example http://127.0.0.1:4569/printhood-uploads/;",
    );
  });
});
