import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { APP_SHELL, PRERENDERED_PAGES } from "../scripts/drawn-pages";
import { DIST } from "../scripts/size-web";

// The drawn pages (docs/architecture.md "First paint") in the site `npm test` builds first: each
// holds its page's markup, inert, painted without any script; the app shell holds header, spinner
// and footer and asks for the scripts and the session at once.

const read = (file: string) => readFileSync(join(DIST, file), "utf8");
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.lastIndexOf("</body>"));
const text = (html: string) =>
  rootOf(html)
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

describe(`the drawn pages of the built site (${DIST})`, () => {
  it.each(Object.entries(PRERENDERED_PAGES))("%s is drawn into %s", (_path, file) => {
    const html = read(file);
    expect(rootOf(html)).toContain('<main id="main" inert=""');
    expect(text(html)).toContain("Printhood");
    // No inline script (the CSP refuses them) and the app's scripts are not asked for before the first paint.
    expect(rootOf(html)).not.toContain("<script");
    expect(html).not.toContain('rel="modulepreload"');
  });

  it("draws the landing page's and the pricing page's words, and an empty account corner", () => {
    expect(text(read("index.html"))).toContain("Local 3D printing, from your design to your hands");
    expect(text(read("pricing.html"))).toContain("Transparent Pricing");
    expect(text(read("index.html"))).not.toContain("Sign In");
  });

  it("starts the app from a boot script that imports the entry after the first paint", () => {
    const src = /<script type="module" crossorigin src="\/(assets\/boot-[0-9a-f]{8}\.js)"><\/script>/.exec(read("index.html"))?.[1];
    expect(src).toBeDefined();
    const boot = read(src!);
    const entry = /import\("\/(assets\/index-[^"]+\.js)"\)/.exec(boot)?.[1];
    expect(entry && existsSync(join(DIST, entry))).toBe(true);
    expect(boot).toContain("requestAnimationFrame");
  });

  it("has the boot script ask for the current address's screen beside the entry (its chunk and imports)", () => {
    const src = /src="\/(assets\/boot-[0-9a-f]{8}\.js)"/.exec(read(APP_SHELL.file))?.[1];
    const boot = read(src!);
    const screens = JSON.parse(/const screen = (\[.*\])\.find\(/.exec(boot)?.[1] ?? "[]") as [string, string[]][];
    const filesFor = (path: string) => screens.find(([route]) => new RegExp(route).test(path))?.[1] ?? [];
    expect(filesFor("/dashboard").some((f) => /\/assets\/DashboardPage-[^/]+\.js$/.test(f))).toBe(true);
    expect(filesFor("/order/PH-10423").some((f) => /\/assets\/OrderDetailsPage-[^/]+\.js$/.test(f))).toBe(true);
    expect(filesFor("/dashboard/elsewhere")).toEqual([]);
    // Every file named exists, and none is the entry (asked for already).
    for (const [, files] of screens) for (const f of files) expect(existsSync(join(DIST, f)) && !f.includes("/index-")).toBe(true);
  });

  it("gives every other address the app shell: the spinner, the scripts and the session asked for at once", () => {
    const html = read(APP_SHELL.file);
    expect(rootOf(html)).toContain('role="status" aria-label="Loading"');
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="/api/auth/user">');
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/index-[^"]+\.js">/);
  });
});
