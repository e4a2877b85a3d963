import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { generate } from "otplib";
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD, DEMO_STAFF } from "../src/index.ts";
import { REPO_ROOT } from "../src/paths.ts";
import { smallTargets } from "./a11y.ts";
import { shots, signIn, useBrowserStack } from "./browser.ts";
import { boxStl } from "./meshes.ts";
import { ok, placePaidOrder, poll, uploadAnalysed } from "./orders.ts";

/**
 * A phone is a first-class screen (issue 26 point 5), and no page says anything in the console
 * (point 4): every route of the site, signed out and signed in as a customer, as a printer
 * owner and as staff, is opened 360 px wide and must fit without sideways scrolling and without one console
 * warning or error, and with no control under 24×24 px (WCAG 2.2 target size: `smallTargets`). The routes are checked against the site's own route files, so a new route
 * that is not visited here fails this journey.
 */
const { stack, browser } = useBrowserStack();

const PHONE = { width: 360, height: 740 };
/** A real file name people upload: long and without a space to break it. */
const LONG_NAME = "raspberry-pi-4-case-with-fan-mount_v12_FINAL-final2.stl";

/** Every path the site's router declares (packages/web/src/routes), as written there ("/order/$id"). */
function declaredRoutes(): string[] {
  const dir = join(REPO_ROOT, "packages/web/src/routes");
  const found = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".tsx") || f.endsWith(".ts"))) {
    const text = readFileSync(join(dir, file), "utf8");
    for (const m of text.matchAll(/(?:path:\s*|page\()"(\/[^"]*)"/g)) found.add(m[1] as string);
  }
  return [...found].sort();
}

/**
 * The declared route a visited address belongs to ("/order/PH-10001?x" → "/order/$id"): a route's
 * `$name` segment matches any one segment of the address.
 */
let routes: string[] | undefined;
const routeOf = (address: string) => {
  const path = (address.split("?")[0] as string).split("/");
  const matches = (route: string) => {
    const parts = route.split("/");
    return parts.length === path.length && parts.every((p, i) => p.startsWith("$") || p === path[i]);
  };
  routes ??= declaredRoutes();
  return routes.find(matches) ?? path.join("/");
};

interface Visit {
  address: string;
  /** What the page shows once it is drawn, so the measure is taken on the real content. */
  ready: string | RegExp;
}

/** A phone-sized page of its own context (its cookies), with every console message and page error kept. */
async function phone(b: Browser) {
  const context = await b.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const said: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "warning" || m.type() === "error") said.push(`${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => said.push(`page error: ${e.message}`));
  return { context, page, said };
}

/**
 * How wide the page is, and what sticks out: past the screen's right edge (the page scrolls
 * sideways), or past a box that clips or scrolls it (a card's status and total cut off by its
 * card, a table that scrolls sideways in its panel, are as unreadable as a wide page). The map's
 * own panes are left out: they move under the map's frame by design.
 */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    /**
     * The right edge an element must stay within: the screen's, or its nearest clipping or
     * scrolling box's. A line cut with an ellipsis ("…", Tailwind's truncate) shows that it is cut:
     * its words are not held against it.
     */
    const limitOf = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.textOverflow === "ellipsis") return Number.POSITIVE_INFINITY;
        if (style.overflowX !== "visible") {
          const box = p.getBoundingClientRect();
          return Math.min(width, box.right - Number.parseFloat(style.borderRightWidth || "0"));
        }
      }
      return width;
    };
    const sticking: string[] = [];
    const reported: Element[] = [];
    for (const el of document.body.querySelectorAll("*")) {
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1 || el.closest(".leaflet-container")) continue;
      if (r.right <= limitOf(el) + 1) continue;
      if (reported.some((outer) => outer.contains(el))) continue; // only the outermost one
      reported.push(el);
      const name = `${el.tagName.toLowerCase()}.${String(el.getAttribute("class") ?? "")
        .split(" ")
        .slice(0, 5)
        .join(".")}`;
      sticking.push(
        `${name} reaches ${Math.round(r.right)}px of ${Math.round(limitOf(el))}: "${(el.textContent ?? "").trim().slice(0, 50)}"`,
      );
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, sticking: sticking.slice(0, 6) };
  });
}

/** Opens each address on the phone and checks it: drawn, no sideways scroll, nothing in the console. */
async function visitAll(who: string, page: Page, said: string[], visits: Visit[]) {
  const problems: string[] = [];
  for (const v of visits) {
    said.length = 0;
    await page.goto(`${stack().url}${v.address}`);
    const ready = typeof v.ready === "string" ? page.getByText(v.ready, { exact: true }) : page.getByText(v.ready);
    const shot = join(shots, `phone-${who}${v.address.replace(/[^a-z0-9]+/gi, "-")}.png`);
    try {
      await poll(() => ready.count()).toBeGreaterThan(0);
    } catch {
      problems.push(`${who} ${v.address}: never showed ${String(v.ready)}`);
      await page.screenshot({ path: shot, fullPage: true });
      continue;
    }
    await page.waitForLoadState("networkidle");
    // Loading placeholders gone: the measure is of the page as it is read.
    await poll(() => page.locator('[role="status"][aria-label^="Loading"]').count()).toBe(0);
    const o = await overflow(page);
    if (o.scrollWidth > o.width || o.sticking.length > 0)
      problems.push(`${who} ${v.address}: ${o.scrollWidth}px wide on a ${o.width}px screen; ${o.sticking.join("; ")}`);
    if (said.length) problems.push(`${who} ${v.address}: the console said ${said.join(" | ")}`);
    // A table's caption spans its table: a caption squeezed narrower (a stacked table's, which is no
    // longer laid out as a table) breaks its sentence a word a line.
    const squeezed = await page.evaluate(() =>
      [...document.querySelectorAll("table > caption")].flatMap((c) => {
        const table = (c.parentElement as HTMLElement).getBoundingClientRect().width;
        const width = c.getBoundingClientRect().width;
        return width < table - 2 ? [`"${(c.textContent ?? "").trim().slice(0, 50)}" ${Math.round(width)}px of ${Math.round(table)}`] : [];
      }),
    );
    if (squeezed.length) problems.push(`${who} ${v.address}: a caption narrower than its table: ${squeezed.join("; ")}`);
    // Every control is at least 24×24 px (WCAG 2.2 target size), a finger's reach on a phone.
    const small = await smallTargets(page);
    if (small.length) problems.push(`${who} ${v.address}: controls under 24×24 px: ${small.join("; ")}`);
    await page.screenshot({ path: shot, fullPage: true });
  }
  return problems;
}

/** A saved print of the customer's (the upload page's calls), for the screens that take a draft. */
async function savedDraft(page: Page): Promise<string> {
  const uploadId = await uploadAnalysed(stack(), page, LONG_NAME, boxStl(30, 20, 10));
  const draft = await ok<{ jobId: string }>(page, "POST", "/api/save-draft", {
    uploadId,
    material: "PLA",
    filamentColor: "Black",
    deliveryMethod: "shipping",
    printSettings: { quality: 0.2, infill: 20, supports: "auto" },
  });
  return draft.jobId;
}

/** The screens every audience opens, with what each shows; the signed-in screens read `signedIn`'s words. */
function commonVisits(signedIn: (what: string) => string | RegExp): Visit[] {
  return [
    { address: "/", ready: "Printers Nearby" },
    { address: "/how-it-works", ready: /How It Works/ },
    { address: "/pricing", ready: /Pricing Calculator|Transparent Pricing/ },
    { address: "/browse", ready: "Find 3D Printers Near You" },
    { address: "/printers", ready: "Find Local 3D Printers" },
    { address: "/contact", ready: "Contact & Support" },
    { address: "/help", ready: "Contact & Support" },
    { address: "/faq", ready: /Frequently Asked Questions/ },
    { address: "/terms", ready: /Terms/ },
    { address: "/no-such-page", ready: /not found|404/i },
    { address: "/my-orders", ready: signedIn("Welcome back") },
    { address: "/dashboard", ready: signedIn("Welcome back") },
    { address: "/upload", ready: signedIn("Upload Your Design") },
    { address: "/saved-prints", ready: signedIn("Saved Prints") },
    { address: "/choose-printer", ready: signedIn("Choose a Printer") },
    { address: "/messages", ready: signedIn("Messages") },
    { address: "/orders", ready: signedIn("My Print Orders") },
    { address: "/profile", ready: signedIn("Profile Settings") },
    { address: "/printer-dashboard", ready: signedIn("Printer Owner Dashboard") },
    { address: "/add-printer", ready: signedIn("Add Your 3D Printer") },
    { address: "/printer-tracking", ready: signedIn("Printer Tracking") },
    { address: "/checkout", ready: signedIn("Invalid Checkout") },
    { address: "/order-confirmation", ready: signedIn("Order Not Found") },
  ];
}

/** What a signed-in screen shows: its heading ("Welcome back, Casey!" on the dashboard). */
const signedInWords = (what: string) => (what === "Welcome back" ? /^Welcome back, / : what);

describe("every page on a 360 px phone", () => {
  it("fits the screen and says nothing in the console, signed out, as a customer and as a printer owner", async () => {
    const problems: string[] = [];
    const visited = new Set<string>();
    const visitAndNote = async (who: string, page: Page, said: string[], visits: Visit[]) => {
      for (const v of visits) visited.add(routeOf(v.address));
      problems.push(...(await visitAll(who, page, said, visits)));
    };

    // Signed out: the public pages, and the sign-in prompt in place of every signed-in screen.
    const visitor = await phone(browser());
    await visitAndNote("visitor", visitor.page, visitor.said, [
      ...commonVisits((what) =>
        what === "Welcome back" ? "Please sign in to view your dashboard." : /Sign In Required|Please (sign|log) in/,
      ),
      { address: "/auth", ready: /^Sign In$/ },
      { address: "/submit-print", ready: /Sign In Required/ },
      { address: "/order/PH-10001", ready: /Sign In Required/ },
    ]);
    await visitor.context.close();

    // The customer, with a paid order, an unpaid one and a saved print to show.
    const customer = await phone(browser());
    await signIn(customer.page, stack().url, "customer@printhood.local", DEMO_PASSWORD);
    const printers = await ok<{ id: string; name: string }[]>(customer.page, "GET", "/api/printers");
    const maria = printers.find((p) => p.name === "Maria's Prusa");
    expect(maria).toBeTruthy();
    const paid = await placePaidOrder(stack(), customer.page, maria!.id, "pickup", LONG_NAME);
    const draftId = await savedDraft(customer.page);
    const unpaid = await ok<{ orderId: string; orderNumber: string }>(customer.page, "POST", "/api/submit-order", {
      printerId: maria!.id,
      draftId: await savedDraft(customer.page),
      filamentColor: "Black",
      deliveryMethod: "shipping",
    });
    await visitAndNote("customer", customer.page, customer.said, [
      ...commonVisits(signedInWords),
      { address: "/auth", ready: /^Sign In$|Welcome back/ },
      { address: `/order/${paid.orderNumber}`, ready: paid.orderNumber },
      { address: `/order-confirmation?orderId=${paid.orderId}`, ready: "Order Confirmed!" },
      { address: `/order-confirmation?orderId=${unpaid.orderId}`, ready: "Waiting for Payment" },
      { address: `/checkout?orderId=${unpaid.orderId}`, ready: /Order Summary/ },
      { address: `/choose-printer?draftId=${draftId}`, ready: /Available Printers/ },
      { address: `/submit-print?printerId=${maria!.id}&draftId=${draftId}`, ready: "Submit Order" },
      { address: `/upload?draft=${draftId}`, ready: /Editing Draft/ },
      {
        address: `/printers?material=PLA&color=Black&weight=12&jobId=${draftId}&minX=30&minY=20&minZ=10`,
        ready: /Design Uploaded Successfully/,
      },
      { address: `/messages?job=${paid.orderId}`, ready: "Messages" },
    ]);
    await customer.context.close();

    // A printer owner with orders in every list.
    const owner = await phone(browser());
    await signIn(owner.page, stack().url, "maria@printhood.local", DEMO_PASSWORD);
    await ok(owner.page, "POST", `/api/print-jobs/${paid.orderId}/respond`, { action: "accept" });
    await visitAndNote("owner", owner.page, owner.said, [
      ...commonVisits(signedInWords),
      { address: "/auth", ready: /^Sign In$|Welcome back/ },
      { address: `/order/${paid.orderNumber}`, ready: paid.orderNumber },
      { address: "/printer-tracking?tab=shipping", ready: "Printer Tracking" },
      { address: "/printer-tracking?tab=payouts", ready: "Payout History" },
      { address: `/quality-test/${maria!.id}`, ready: /^Quality test: / },
    ]);
    // Earnings mean one thing everywhere (point 4): the dashboard's Total Earnings is the payouts tab's "Earned in all".
    await owner.page.goto(`${stack().url}/printer-dashboard`);
    const total = owner.page.getByText("Total Earnings", { exact: true }).locator("xpath=../following-sibling::p[1]");
    await poll(() => owner.page.getByRole("heading", { name: "Active Orders" }).count()).toBe(1); // the orders have loaded
    // the figures come in their own call, after the orders: "…" until they do
    await poll(() => total.innerText()).toMatch(/^\$\d+\.\d\d$/);
    const dashboardTotal = await total.innerText();
    expect(dashboardTotal).not.toBe("$0.00");
    await owner.page.goto(`${stack().url}/printer-tracking?tab=payouts`);
    const earned = owner.page.getByText(/^Earned in all:/);
    await poll(() => earned.count()).toBe(1);
    expect(await earned.locator("strong").innerText()).toBe(dashboardTotal);
    await owner.context.close();

    // Staff, signed in with their authenticator code: the console's queues, look-up and audit log.
    const staff = await phone(browser());
    const login = await staff.page.request.post(`${stack().url}/api/login`, {
      headers: { origin: stack().url },
      data: { email: DEMO_STAFF.email, password: DEMO_PASSWORD, totp: await generate({ secret: DEMO_STAFF.totpSecret }) },
    });
    expect(login.status(), await login.text()).toBe(200);
    await visitAndNote("staff", staff.page, staff.said, [
      { address: "/staff", ready: "Staff console" },
      { address: "/staff?tab=lookup&q=maria%40printhood.local", ready: "Look-up" },
      { address: "/staff?tab=audit", ready: "Audit log" },
    ]);
    await staff.context.close();

    expect(problems).toEqual([]);
    // Every route the site declares was opened (a new route joins this journey).
    expect(declaredRoutes().filter((r) => !visited.has(r))).toEqual([]);
  }, 600_000);
});
