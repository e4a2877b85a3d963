import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../src/chromium.ts";
import { type LocalStack, seedDemoData, startLocalStack } from "../src/index.ts";
import { REPO_ROOT } from "../src/paths.ts";

/** Where the journeys leave their screenshots. */
export const shots = join(REPO_ROOT, ".build/screenshots");

/**
 * Debian's Chromium driven by playwright-core (no browser download), with the offline flags.
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
}

/**
 * Fail the test on any uncaught page error, so a broken page cannot pass quietly, and on any
 * Content-Security-Policy violation: Chromium reports each one as a console error ("Refused to
 * load…", "…violates the following Content Security Policy directive…"), so a journey that
 * needs something the policy forbids fails here instead of in production.
 */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy|Refused to/i.test(m.text())) errors.push(`CSP: ${m.text()}`);
  });
  return errors;
}

/**
 * The calling e2e file's world: a local stack seeded with the demo data and a browser,
 * started before its tests and closed after them. Returns getters, as both only exist
 * once `beforeAll` has run.
 */
export function useBrowserStack(): { stack: () => LocalStack; browser: () => Browser } {
  let stack: LocalStack | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    stack = await startLocalStack({ port: 0 });
    await seedDemoData(stack.store);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });
  const started = <T>(what: T | undefined): T => {
    if (what === undefined) throw new Error("the e2e stack is not started yet (use it inside a test or hook)");
    return what;
  };
  return { stack: () => started(stack), browser: () => started(browser) };
}

/** Sign in through the /auth form and wait for the dashboard. */
export async function signIn(page: Page, url: string, email: string, password: string): Promise<void> {
  await page.goto(`${url}/auth`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL("**/dashboard");
}

/** Create an account through the /auth register form and wait for the dashboard. */
export async function signUp(page: Page, url: string, account: { username: string; email: string; password: string }): Promise<void> {
  await page.goto(`${url}/auth?tab=register`);
  await page.getByLabel("Username").fill(account.username);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL("**/dashboard");
}
