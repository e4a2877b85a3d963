import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { shots, signIn, signUp, useBrowserStack, watchErrors } from "./browser.ts";

const { stack, browser } = useBrowserStack();

describe("accounts in the browser", () => {
  it("signs up, lands on the dashboard, signs out and signs in again", async () => {
    const page = await browser().newPage();
    const errors = watchErrors(page);
    const id = Date.now().toString(36);
    const email = `journey_${id}@example.com`;
    const password = "a long journey password";

    await page.goto(`${stack().url}/`);
    await expect.poll(() => page.getByText("Printers Nearby").count(), { timeout: 15_000 }).toBe(1);
    await page.screenshot({ path: join(shots, "landing.png"), fullPage: true });
    await expectNoSeriousA11yViolations(page);

    await page.goto(`${stack().url}/auth`);
    await expect.poll(() => page.getByRole("button", { name: "Sign In", exact: true }).count()).toBe(1);
    await expectNoSeriousA11yViolations(page, "sign-in form");
    await page.goto(`${stack().url}/auth?tab=register`);
    await expect.poll(() => page.getByRole("button", { name: "Create Account" }).count()).toBe(1);
    await expectNoSeriousA11yViolations(page, "register form");

    await signUp(page, stack().url, { username: `journey_${id}`, email, password });
    await expect.poll(() => page.getByRole("heading", { name: `Welcome back, journey_${id}!` }).count()).toBe(1);
    await page.screenshot({ path: join(shots, "dashboard.png") });
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("button", { name: "Open profile menu" }).click();
    await expect.poll(() => page.getByRole("menuitem", { name: "Sign Out" }).count()).toBe(1);
    await expectNoSeriousA11yViolations(page, "profile menu open");
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await page.waitForURL(`${stack().url}/`);
    await expect.poll(() => page.getByRole("link", { name: "Get Started" }).count()).toBeGreaterThan(0);

    await signIn(page, stack().url, email, password);
    await expect.poll(() => page.getByText("Welcome back!").count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows a signed-out visitor the sign-in screen on /dashboard", async () => {
    const page = await browser().newPage();
    const errors = watchErrors(page);
    await page.goto(`${stack().url}/dashboard`);
    await expect.poll(() => page.getByText("Please sign in to view your dashboard.").count()).toBe(1);
    expect(await page.getByRole("link", { name: /sign in/i }).count()).toBeGreaterThan(0);
    await page.screenshot({ path: join(shots, "dashboard-signed-out.png") });
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("signs in as the demo customer and sees the live statistics", async () => {
    const page = await browser().newPage();
    await signIn(page, stack().url, "customer@printhood.local", "printhood-demo");
    await page.goto(`${stack().url}/`);
    const strip = page.getByText("Total Printers").locator("..");
    await expect.poll(() => strip.innerText()).toMatch(/\d/);
    await page.close();
  });
});
