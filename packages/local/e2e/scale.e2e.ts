import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../src/index.ts";
import { SCALE_CUSTOMER, SCALE_OWNER, seedScale } from "../src/scale/seed.ts";
import { shots, signIn, useBrowserStack } from "./browser.ts";
import { poll } from "./orders.ts";

/**
 * Issue 23 point 2 as people see it: the scale accounts (5,000 orders each, `npm run seed:scale`)
 * see every order counted on their dashboards while the lists beside the figures are read a page
 * at a time, and no screen asks for a list whole.
 */
const { stack, browser } = useBrowserStack();

/** The value of a stat card, by its label. */
const statCard = (page: Page, label: string) => page.getByText(label, { exact: true }).locator("xpath=../..");

/** The list calls a page makes: each must ask for a page (`limit`), never the whole list. */
function listCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (/\/api\/users\/[^/]+\/(jobs|printer-jobs)$/.test(url.pathname)) calls.push(url.search);
  });
  return calls;
}

describe("5,000 orders on the dashboards", () => {
  it("the customer's cards and tabs count every order, and each tab reads 24 at a time", async () => {
    expect(await seedScale(stack().store, { printers: 20, orders: 5000 })).not.toBeNull();
    const url = stack().url;
    const [customer, owner] = await Promise.all([browser().newPage(), browser().newPage()]);
    const customerCalls = listCalls(customer);
    const ownerCalls = listCalls(owner);
    await Promise.all([signIn(customer, url, SCALE_CUSTOMER, DEMO_PASSWORD), signIn(owner, url, SCALE_OWNER, DEMO_PASSWORD)]);

    await poll(() => statCard(customer, "Total Orders").innerText()).toContain("5,000");
    const tabs = await customer.getByRole("tab").allInnerTexts();
    const count = (name: string) =>
      Number(
        tabs
          .find((t) => t.startsWith(name))
          ?.match(/\(([\d,]+)\)/)?.[1]
          ?.replaceAll(",", ""),
      );
    expect(count("Active Orders") + count("Completed")).toBe(5000);
    expect(count("All Orders")).toBe(5000);
    const panel = customer.getByRole("tabpanel");
    const cards = panel.getByRole("listitem");
    await poll(() => cards.count()).toBe(24);
    const more = customer.getByRole("button", { name: "Show more orders" });
    // Every active order, page by page, then no Show more.
    while ((await cards.count()) < count("Active Orders")) {
      const before = await cards.count();
      await more.click();
      await poll(() => cards.count()).toBeGreaterThan(before);
    }
    expect(await cards.count()).toBe(count("Active Orders"));
    await poll(() => more.count()).toBe(0);
    await customer.getByRole("tab", { name: /^Completed/ }).click();
    await poll(() => cards.count()).toBe(24);
    await more.click();
    await poll(() => cards.count()).toBe(48);
    await customer.screenshot({ path: join(shots, "scale-customer-dashboard.png") });
    expect(customerCalls.length).toBeGreaterThan(0);
    expect(customerCalls.every((q) => /limit=24/.test(q))).toBe(true);

    // The owner, in another browser meanwhile: every job counted, the lists in pages.
    await owner.goto(`${url}/printer-dashboard`);
    await poll(() => statCard(owner, "Total Jobs").innerText()).toContain("5,000");
    await owner.screenshot({ path: join(shots, "scale-owner-dashboard.png") });
    expect(ownerCalls.length).toBeGreaterThan(0);
    expect(ownerCalls.every((q) => /limit=\d+/.test(q))).toBe(true);
    await Promise.all([customer.close(), owner.close()]);
  }, 240_000);
});
