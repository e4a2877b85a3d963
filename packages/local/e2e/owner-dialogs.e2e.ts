import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../src/index.ts";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { shots, signIn, signUp, useBrowserStack } from "./browser.ts";
import { ok, person, placePaidOrder, poll } from "./orders.ts";
import { markComplete } from "./photos.ts";

/**
 * The Printer Owner Dashboard's own dialogs in the browser (spec 2 §2, issue 9): Job Details with
 * the order's facts and the owner's moves, Download 3D File, and Message History (the customer's
 * Contact Printer dialog under the owner's title).
 */

const { stack, browser } = useBrowserStack();

describe("the owner's dashboard dialogs", () => {
  it("Job Details shows the order and runs it from request to picked up; Download 3D File; Message History", async () => {
    const url = stack().url;
    const owner = await person(browser());
    const customer = await person(browser());
    await signIn(owner.page, url, "maria@printhood.local", DEMO_PASSWORD);
    const me = await ok<{ id: string }>(owner.page, "GET", "/api/auth/user");
    const printers = await ok<{ id: string }[]>(owner.page, "GET", `/api/users/${me.id}/printers`);
    const id = `d${Date.now().toString(36)}`;
    await signUp(customer.page, url, { username: `cust_${id}`, email: `cust_${id}@example.com`, password: "a long journey password" });
    const buyer = await ok<{ id: string; email: string }>(customer.page, "GET", "/api/auth/user");
    await ok(customer.page, "PATCH", `/api/users/${buyer.id}`, { firstName: "Jamie", lastName: "Rivera" });
    const order = await placePaidOrder(stack(), customer.page, printers[0]!.id, "pickup", "hinge.stl");

    // Job Details from the request's card: a dialog on the dashboard, not the order page.
    await owner.page.goto(`${url}/printer-dashboard`);
    const request = owner.page
      .getByRole("region", { name: "New Order Requests", exact: true })
      .getByRole("article", { name: order.orderNumber, exact: true });
    await poll(() => request.count()).toBe(1);
    await request.getByRole("button", { name: "Job Details" }).click();
    const details = owner.page.getByRole("dialog", { name: "Job Details" });
    await poll(() => details.count()).toBe(1);
    expect(owner.page.url()).toBe(`${url}/printer-dashboard`);
    const text = await details.innerText();
    for (const fact of [
      "hinge.stl",
      "Jamie Rivera",
      buyer.email,
      "40 × 30 × 20 mm (scale 100%)",
      "PLA, Black",
      "Pickup",
      "Please leave the brim on.",
    ])
      expect(text, fact).toContain(fact);
    expect(text).not.toContain(order.orderId);
    await owner.page.screenshot({ path: join(shots, "owner-job-details.png") });
    await expectNoSeriousA11yViolations(owner.page);

    // Download 3D File saves the design under its file name.
    const [download] = await Promise.all([
      owner.page.waitForEvent("download"),
      details.getByRole("button", { name: "Download 3D File" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("hinge.stl");

    // Accept (with a message) and every next step from inside the dialog, which follows the order.
    await details.getByRole("button", { name: "Accept", exact: true }).click();
    const accept = owner.page.getByRole("dialog", { name: "Accept Order" });
    await accept.getByLabel("Message to the customer (optional)").fill("Printing it tonight.");
    await accept.getByRole("button", { name: "Accept Order" }).click();
    for (const [button, next] of [
      ["Start Printing", "Mark Complete"],
      ["Mark Complete", "Ready for Pickup"],
      ["Ready for Pickup", "Mark Picked Up"],
    ] as const) {
      await poll(() => details.getByRole("button", { name: button, exact: true }).count()).toBe(1);
      // Mark Complete asks for a photo of the finished part in its own dialog, over Job Details.
      if (button === "Mark Complete") await markComplete(owner.page, details.getByRole("button", { name: button, exact: true }));
      else await details.getByRole("button", { name: button, exact: true }).click();
      await poll(() => details.getByRole("button", { name: next, exact: true }).count()).toBe(1);
    }
    expect(await details.innerText()).toContain("Printing it tonight.");
    await poll(async () => (await ok<{ status: string }>(customer.page, "GET", `/api/print-jobs/${order.orderId}`)).status).toBe(
      "ready_for_pickup",
    );

    // Message History over Job Details: the owner's title, the thread, a message box.
    await details.getByRole("button", { name: "Message Customer" }).click();
    const history = owner.page.getByRole("dialog", { name: "Message History" });
    await poll(() => history.count()).toBe(1);
    expect(await owner.page.getByRole("dialog", { name: "Contact Printer Owner" }).count()).toBe(0);
    await history.getByRole("textbox", { name: "Message" }).fill("Ready whenever you are!");
    await history.getByRole("textbox", { name: "Message" }).press("Enter");
    await poll(() => history.getByRole("list", { name: "Messages" }).getByText("Ready whenever you are!").count()).toBe(1);
    await owner.page.screenshot({ path: join(shots, "owner-message-history.png") });
    await expectNoSeriousA11yViolations(owner.page);
    await owner.page.keyboard.press("Escape");
    await poll(() => history.count()).toBe(0);
    await owner.page.keyboard.press("Escape");
    await poll(() => details.count()).toBe(0);

    // The customer reads it in their own dialog, still titled Contact Printer Owner.
    await customer.page.goto(`${url}/dashboard`);
    await customer.page.getByRole("tab", { name: /^All Orders/ }).click();
    const mine = customer.page.getByRole("listitem", { name: `Order ${order.orderNumber}` });
    await mine.getByRole("button", { name: "Contact Printer" }).click();
    const contact = customer.page.getByRole("dialog", { name: "Contact Printer Owner" });
    await poll(() => contact.getByText("Ready whenever you are!").count()).toBe(1);

    expect(owner.errors).toEqual([]);
    expect(customer.errors).toEqual([]);
    await owner.context.close();
    await customer.context.close();
  }, 180_000);
});
