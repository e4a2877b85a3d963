import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_CUSTOMER, DEMO_PASSWORD } from "../src/index.ts";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { useBrowserStack, watchErrors } from "./browser.ts";
import { activate, tabTo } from "./keyboard.ts";
import { boxStl } from "./meshes.ts";
import { markComplete } from "./photos.ts";

/**
 * Issue 13: every task of the journeys with the keyboard alone. Only page.keyboard drives the pages
 * (Tab, Shift+Tab, Enter, Space, typing); the file chooser that Enter opens on the upload control is
 * answered through Playwright's filechooser event, as a person picks the file in the system dialog.
 * Addresses are typed into the address bar (page.goto). Each control reached shows its focus.
 */

const poll = <T>(fn: () => T | Promise<T>, timeout = 20_000) => expect.poll(fn, { timeout });

const { stack, browser } = useBrowserStack();

/** Sign in on /auth: Tab to the fields, type, Enter submits the form. */
async function keyboardSignIn(page: Page, email: string) {
  await page.goto(`${stack().url}/auth`);
  await tabTo(page, page.getByLabel("Email"));
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel("Password"));
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press("Enter");
  await page.waitForURL("**/dashboard");
}

describe("the journeys with the keyboard alone", () => {
  it("the customer signs in, uploads, saves, chooses a printer, submits and pays; the owner accepts and runs the order; both write a message", async () => {
    const customerCtx = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    const ownerCtx = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    const page = await customerCtx.newPage();
    // Playwright intercepts file choosers only while someone listens, and turns that on without
    // waiting: a listener added together with the key press lost the race on a loaded machine (the
    // chooser opened natively and no event came). Listening from the start closes the race.
    page.on("filechooser", () => {});
    const owner = await ownerCtx.newPage();
    const errors = [...watchErrors(page), ...watchErrors(owner)];

    await keyboardSignIn(page, DEMO_CUSTOMER.email);

    // Upload: Enter on the file control opens the system's file chooser.
    await page.goto(`${stack().url}/upload`);
    await poll(() => page.getByRole("heading", { name: "File Upload" }).count()).toBe(1);
    // The page settles first (its lazily loaded screen and data), so the control keeps the focus Tab gives it.
    await page.waitForLoadState("networkidle");
    await tabTo(page, page.getByLabel("Choose a 3D design file"));
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.keyboard.press("Enter")]);
    await chooser.setFiles({ name: "keyboard-box.stl", mimeType: "model/stl", buffer: boxStl(40, 30, 20) });
    await poll(() => page.getByText("Confirmed by our server's analysis", { exact: true }).count(), 90_000).toBe(1);
    await expectNoSeriousA11yViolations(page, "design analysed");

    // Save, then choose Maria's Prusa on /choose-printer.
    await activate(page, page.getByRole("button", { name: "Save Print" }));
    await page.waitForURL(/\/choose-printer\?draftId=/);
    const select = page.getByRole("button", { name: "Select Printer Maria's Prusa" });
    await poll(() => select.count()).toBe(1);
    await activate(page, select);
    await page.waitForURL(/\/submit-print\?/);

    // Submit: choose Red among the colours (a toggle button: Space), then Submit Order.
    await poll(() => page.getByRole("heading", { name: "Selected Printer" }).count()).toBe(1);
    const red = page.getByRole("button", { name: "Red", exact: true });
    await activate(page, red, "Space");
    await poll(() => red.getAttribute("aria-pressed")).toBe("true");
    await activate(page, page.getByRole("button", { name: "Submit Order" }));
    await page.waitForURL(/\/checkout\?orderId=/);
    const orderId = new URL(page.url()).searchParams.get("orderId")!;

    // Pay with the test card: type into the labelled fields, Enter on Pay.
    const pay = page.getByRole("button", { name: /^Pay \$\d+\.\d\d$/ });
    await poll(() => pay.isEnabled()).toBe(true);
    await tabTo(page, page.getByLabel("Card number"));
    await page.keyboard.type("4242 4242 4242 4242");
    await tabTo(page, page.getByLabel("Expiry date"));
    await page.keyboard.type("12/34");
    await tabTo(page, page.getByLabel("CVC"));
    await page.keyboard.type("123");
    await activate(page, pay);
    await page.waitForURL(/\/order-confirmation\?orderId=/);
    await poll(() => page.getByRole("heading", { name: "Order Confirmed!" }).count()).toBe(1);
    const orderNumber = (await page.locator("dt:text-is('Order number') + dd").innerText()).trim();
    expect(orderNumber).toMatch(/^PH-\d+$/);

    // The customer writes to the owner from the order's page: Contact Printer, type, Enter sends, Escape closes.
    await page.goto(`${stack().url}/order/${orderId}`);
    const contact = page.getByRole("button", { name: "Contact Printer" });
    await activate(page, contact);
    const dialog = page.getByRole("dialog", { name: "Contact Printer Owner" });
    await poll(() => dialog.count()).toBe(1);
    await tabTo(page, dialog.getByRole("textbox", { name: "Message" }));
    await page.keyboard.type("Hello! Could the brim stay on?");
    await page.keyboard.press("Enter");
    await poll(() => page.getByText("Your message has been sent to the printer owner").count()).toBe(1);
    await page.keyboard.press("Escape");
    await poll(() => dialog.count()).toBe(0);

    // The owner: sign in, accept the request in its dialog, start, complete, ready for pickup.
    await keyboardSignIn(owner, "maria@printhood.local");
    await owner.goto(`${stack().url}/printer-dashboard`);
    const inSection = (section: string) =>
      owner.getByRole("region", { name: section, exact: true }).getByRole("article", { name: orderNumber, exact: true });
    await poll(() => inSection("New Order Requests").count()).toBe(1);
    await activate(owner, inSection("New Order Requests").getByRole("button", { name: "Accept", exact: true }));
    const accept = owner.getByRole("dialog", { name: "Accept Order" });
    await poll(() => accept.count()).toBe(1);
    await tabTo(owner, accept.getByLabel("Message to the customer (optional)"));
    await owner.keyboard.type("Printing it this afternoon.");
    await activate(owner, accept.getByRole("button", { name: "Accept Order" }));
    await poll(() => inSection("Active Orders").getByRole("button", { name: "Start Printing" }).count()).toBe(1);
    await activate(owner, inSection("Active Orders").getByRole("button", { name: "Start Printing" }));
    await poll(() => inSection("Active Orders").getByRole("button", { name: "Mark Complete" }).count()).toBe(1);
    await markComplete(owner, inSection("Active Orders").getByRole("button", { name: "Mark Complete" }), { keyboard: true });
    const ready = inSection("Completed Orders").getByRole("button", { name: "Ready for Pickup" });
    await poll(() => ready.count()).toBe(1);
    await activate(owner, ready);
    await poll(() => inSection("Ready for Pickup or Shipping").count()).toBe(1);
    await expectNoSeriousA11yViolations(owner, "after the keyboard steps");

    // The owner answers on /messages: the conversation, then the message box; Enter sends.
    await owner.goto(`${stack().url}/messages`);
    const conversation = owner.getByRole("button", { name: new RegExp(`keyboard-box\\.stl|${orderNumber}`) }).first();
    await poll(() => conversation.count()).toBe(1);
    await activate(owner, conversation);
    await owner.waitForURL(`**/messages?job=${orderId}`);
    await tabTo(owner, owner.getByRole("textbox", { name: "Message" }));
    await owner.keyboard.type("Ready for pickup tomorrow.");
    await owner.keyboard.press("Enter");
    await poll(() => owner.getByRole("list", { name: "Messages" }).getByText("Ready for pickup tomorrow.").count()).toBe(1);

    // The customer sees the steps and the answer.
    await poll(async () => {
      const res = await page.request.get(`${stack().url}/api/print-jobs/${orderId}`);
      return ((await res.json()) as { status: string }).status;
    }).toBe("ready_for_pickup");

    expect(errors).toEqual([]);
    await customerCtx.close();
    await ownerCtx.close();
  }, 240_000);
});
