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

  it("is the same string in every header set built from the same sources", () => {
    const sources = { uploadUrl: "http://127.0.0.1:4569/printhood-uploads", tileUrl: "https://{s}.tiles.example/{z}/{x}/{y}.png" };
    expect(securityHeaders(sources)["Content-Security-Policy"]).toBe(contentSecurityPolicy(sources));
    expect(contentSecurityPolicy(sources)).toContain("img-src 'self' data: https://*.tiles.example;");
  });
});
