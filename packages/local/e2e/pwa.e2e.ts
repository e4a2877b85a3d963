import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../src/index.ts";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { shots, signIn, useBrowserStack, watchErrors } from "./browser.ts";

/**
 * The installable app (issue 10 point 7): the web manifest and its icons, the service worker at
 * /sw.js taking control, no API answer in any cache, the app shell offline with its notice, and the
 * install prompt. Local mode serves the built site from localhost, where service workers are allowed.
 */

/** expect.poll with room for a busy machine (its default gives up after one second). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000 });

const { stack, browser } = useBrowserStack();

/** The connection notices of src/pwa/OfflineNotice.tsx: the browser offline, or the API without an answer. */
const OFFLINE_NOTICE = "You are offline.";
const UNREACHABLE_NOTICE = "Printhood cannot be reached.";
/** "Not now"'s flag (src/pwa/InstallPrompt.tsx INSTALL_DISMISSED_KEY). */
const INSTALL_DISMISSED_KEY = "printhood.installPromptDismissed";

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Every request URL kept in any Cache Storage cache of the page's origin. */
function cachedUrls(page: Page): Promise<{ names: string[]; urls: string[] }> {
  return page.evaluate(async () => {
    const names = await caches.keys();
    const urls: string[] = [];
    for (const name of names) for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    return { names, urls };
  });
}

/** Chrome's `beforeinstallprompt`, made by hand: Chromium offers no real one to a headless test. */
function offerInstall(page: Page): Promise<void> {
  return page.evaluate(() => {
    const event = new Event("beforeinstallprompt", { cancelable: true }) as Event & {
      prompt: () => Promise<void>;
      userChoice: Promise<{ outcome: string }>;
    };
    const w = window as unknown as { installPrompted?: number };
    event.prompt = async () => {
      w.installPrompted = (w.installPrompted ?? 0) + 1;
    };
    event.userChoice = Promise.resolve({ outcome: "accepted" });
    window.dispatchEvent(event);
  });
}

describe("the installable app", () => {
  it("links a valid manifest whose icons exist at their stated sizes", async () => {
    const url = stack().url;
    const context = await browser().newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${url}/`);
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBe("/manifest.webmanifest");
    const res = await page.request.get(`${url}${href}`);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("application/manifest+json");
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ name: "Printhood", short_name: "Printhood", start_url: "/", scope: "/", display: "standalone" });
    expect(await page.locator('meta[name="theme-color"]').getAttribute("content")).toBe(manifest.theme_color);
    // What Chromium needs to call the app installable: PNG icons of 192 and 512 pixels (and a maskable one).
    for (const icon of manifest.icons) {
      const got = await page.request.get(`${url}${icon.src}`);
      expect(got.status(), icon.src).toBe(200);
      expect(got.headers()["content-type"], icon.src).toBe(icon.type);
      if (icon.type !== "image/png") continue;
      const [w, h] = icon.sizes.split("x").map(Number);
      expect(pngSize(await got.body()), icon.src).toEqual({ width: w, height: h });
    }
    const pngs = manifest.icons.filter((i) => i.type === "image/png");
    expect(pngs.map((i) => i.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    expect(pngs.some((i) => i.purpose === "maskable")).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("registers /sw.js, which takes control, keeps no API answer, and opens the shell offline with its notice", async () => {
    const url = stack().url;
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);

    const sw = await page.request.get(`${url}/sw.js`);
    expect(sw.status()).toBe(200);
    expect(sw.headers()["content-type"]).toMatch(/^text\/javascript/);
    expect(sw.headers()["cache-control"]).toBe("no-cache"); // a new worker is seen at once

    await page.goto(`${url}/`);
    const scriptURL = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(scriptURL).toBe(`${url}/sw.js`);
    // clientsClaim: the open page is controlled without a reload.
    await poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toBe(`${url}/sw.js`);

    // Pages that call the API, controlled by the worker: the landing figures, the printer list,
    // and signed in, the dashboard, orders and messages.
    await page.reload();
    await poll(() => page.getByText("Printers Nearby").count()).toBe(1);
    await page.goto(`${url}/printers`);
    await poll(() => page.getByRole("link", { name: /Select Printer/ }).count()).toBeGreaterThan(0);
    await signIn(page, url, "customer@printhood.local", DEMO_PASSWORD);
    for (const path of ["/orders", "/messages", "/dashboard"]) {
      await page.goto(`${url}${path}`);
      await page.waitForLoadState("networkidle");
    }
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    const { names, urls } = await cachedUrls(page);
    expect(names.length).toBeGreaterThan(0); // the precached shell
    expect(urls).toContainEqual(expect.stringMatching(/\/index\.html(\?|$)/));
    const api = urls.filter((u) => new URL(u).pathname.startsWith("/api"));
    expect(api, "API answers in Cache Storage").toEqual([]);

    // Offline: the shell opens from the worker, says why nothing loads, and nothing crashes.
    // Chromium's offline emulation leaves navigator.onLine true in a document loaded while offline
    // (it is false before the reload), so the notice is the one for an API without an answer then.
    await context.setOffline(true);
    const notice = page.getByRole("status", { name: "Connection" });
    const expectNotice = async (where: string) => {
      await poll(() => notice.count()).toBe(1);
      const onLine = await page.evaluate(() => navigator.onLine);
      expect(await notice.innerText(), where).toContain(onLine ? UNREACHABLE_NOTICE : OFFLINE_NOTICE);
      expect(await page.getByRole("link", { name: "Printhood" }).first().isVisible(), where).toBe(true);
      expect(await page.locator("#root").innerText(), where).not.toMatch(/Something went wrong|Unexpected Application Error/i);
    };
    await page.reload();
    await expectNotice("/dashboard");
    // Signed in but offline: the page says it needs a connection, never that the person is signed out.
    await poll(() => page.getByRole("heading", { name: "This page needs a connection" }).count()).toBe(1);
    expect(await page.getByText("Please sign in to view your dashboard.").count()).toBe(0);
    await page.screenshot({ path: join(shots, "offline-dashboard.png"), fullPage: true });
    await expectNoSeriousA11yViolations(page);
    for (const path of ["/", "/printers"]) {
      await page.goto(`${url}${path}`);
      await expectNotice(path);
    }
    await page.screenshot({ path: join(shots, "offline-printers.png"), fullPage: true });
    await expectNoSeriousA11yViolations(page);

    // Back online: the notice goes (Try again asks the API), the session is read again, pages load.
    await page.goto(`${url}/dashboard`);
    await expectNotice("/dashboard again");
    await context.setOffline(false);
    if ((await notice.count()) === 1 && (await notice.innerText()).includes(UNREACHABLE_NOTICE))
      await notice.getByRole("button", { name: "Try again" }).click();
    await poll(() => notice.count()).toBe(0);
    await poll(() => page.getByText("Welcome back").count()).toBeGreaterThan(0);
    await page.goto(`${url}/`);
    await poll(() => page.getByText("Printers Nearby").count()).toBe(1);
    expect((await cachedUrls(page)).urls.filter((u) => new URL(u).pathname.startsWith("/api"))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("offers Install and Not now when the browser offers installation; Not now is remembered", async () => {
    const url = stack().url;
    const context = await browser().newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${url}/`);
    await poll(() => page.getByText("Printers Nearby").count()).toBe(1);
    const prompt = page.getByRole("region", { name: "Install Printhood" });
    expect(await prompt.count()).toBe(0);

    // Install hands over to the browser's own dialog (the event's prompt()).
    await offerInstall(page);
    await poll(() => prompt.count()).toBe(1);
    expect(await prompt.getByRole("button", { name: "Install" }).count()).toBe(1);
    expect(await prompt.getByRole("button", { name: "Not now" }).count()).toBe(1);
    await page.screenshot({ path: join(shots, "install-prompt.png") });
    await expectNoSeriousA11yViolations(page);
    await prompt.getByRole("button", { name: "Install" }).click();
    await poll(() => page.evaluate(() => (window as unknown as { installPrompted?: number }).installPrompted ?? 0)).toBe(1);
    await poll(() => prompt.count()).toBe(0);

    // Not now: hidden, remembered on this device, and not offered again after a reload.
    await offerInstall(page);
    await poll(() => prompt.count()).toBe(1);
    await prompt.getByRole("button", { name: "Not now" }).click();
    await poll(() => prompt.count()).toBe(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), INSTALL_DISMISSED_KEY)).toBe("1");
    await page.reload();
    await poll(() => page.getByText("Printers Nearby").count()).toBe(1);
    await offerInstall(page);
    await page.waitForTimeout(300);
    expect(await prompt.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
