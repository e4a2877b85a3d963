import { chromium, type Browser, type Page } from "playwright-core";

/**
 * Debian's Chromium driven by playwright-core (no browser download). The flags keep it
 * from reaching for Google's services on this offline machine.
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

/** Fail the test on any uncaught page error, so a broken page cannot pass quietly. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}
