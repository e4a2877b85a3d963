import { join } from "node:path";
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD, DEMO_STAFF } from "../src/index.ts";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { shots, signIn, useBrowserStack } from "./browser.ts";
import { call, newCustomer, ok, person, placePaidOrder, poll } from "./orders.ts";

const { stack, browser } = useBrowserStack();

/**
 * The staff side in the browser (issue 21 points 5 and 6): a customer reports the owner's message
 * from the order page; the demo staff member signs in with the TOTP code the form asks for, finds the
 * report in the console's queue, looks the owner up and suspends them with a reason; the owner's
 * order is cancelled and refunded, the owner can no longer sign in, and the audit log says so.
 */
describe("the staff console", () => {
  it("a report from the order page, staff sign-in with TOTP, a look-up and a suspension", async () => {
    // The customer, with a paid order to Sam's printer, and a message from Sam on it.
    const customer = await person(browser());
    await newCustomer(stack(), customer.page, "staff");
    const printers = await ok<{ id: string; name: string }[]>(customer.page, "GET", "/api/printers");
    const printer = printers.find((p) => p.name === "Old Town Print Shop");
    if (!printer) throw new Error("the demo printer is missing");
    const order = await placePaidOrder(stack(), customer.page, printer.id, "pickup", "bracket.stl");
    const sam = await person(browser());
    await signIn(sam.page, stack().url, "sam@printhood.local", DEMO_PASSWORD);
    await ok(sam.page, "POST", `/api/print-jobs/${order.orderId}/messages`, { message: "Send me the money by bank transfer instead." });

    // The customer reports the message from the order page.
    await customer.page.goto(`${stack().url}/order/${order.orderId}`);
    const report = customer.page.getByRole("button", { name: /^Report the message from/ });
    await poll(() => report.count()).toBe(1);
    await report.click();
    const dialog = customer.page.getByRole("dialog", { name: "Report this message" });
    await poll(() => dialog.count()).toBe(1);
    await dialog.getByLabel("A scam, or asking to pay outside Printhood").check();
    await dialog.getByLabel(/What happened/).fill("Wants payment outside Printhood.");
    await expectNoSeriousA11yViolations(customer.page, "report dialog");
    await dialog.getByRole("button", { name: "Send report" }).click();
    await poll(() => customer.page.getByText("Report sent").count()).toBeGreaterThan(0);
    expect(customer.errors).toEqual([]);

    // Staff sign in: the form asks for the code once the password is right.
    const staff = await person(browser());
    const page = staff.page;
    await page.goto(`${stack().url}/auth`);
    await page.getByLabel("Email").fill(DEMO_STAFF.email);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await poll(() => page.getByLabel("Authenticator code").count()).toBe(1);
    await poll(() =>
      page.getByText("This is a staff account: enter the 6-digit code from your authenticator app to sign in.").count(),
    ).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page, "sign-in asking for the code");
    await page.screenshot({ path: join(shots, "staff-sign-in-code.png") });
    await page.getByLabel("Authenticator code").fill(await generate({ secret: DEMO_STAFF.totpSecret }));
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL("**/staff");

    // The queue shows the report with the message.
    await poll(() => page.getByRole("heading", { name: "Staff console" }).count()).toBe(1);
    const card = page.getByRole("article", { name: `A message reported on ${order.orderNumber}` });
    await poll(() => card.count()).toBe(1);
    expect(await card.innerText()).toContain("Send me the money by bank transfer instead.");
    await expectNoSeriousA11yViolations(page, "staff console: reports");
    await page.screenshot({ path: join(shots, "staff-reports.png"), fullPage: true });

    // Look the owner up and suspend them.
    await page.getByRole("link", { name: "Look-up" }).click();
    await page.getByLabel("E-mail, username, order number or printer number").fill("sam@printhood.local");
    await page.getByRole("button", { name: "Look up" }).click();
    const suspend = page.getByRole("button", { name: "Suspend account: sam@printhood.local" });
    await poll(() => suspend.count()).toBe(1);
    await poll(() => page.getByText(order.orderNumber).count()).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page, "staff console: look-up");
    await suspend.click();
    const confirm = page.getByRole("dialog", { name: "Suspend sam@printhood.local" });
    await poll(() => confirm.count()).toBe(1);
    await confirm.getByLabel("Reason").fill("Asked a customer to pay outside Printhood");
    await expectNoSeriousA11yViolations(page, "suspend dialog");
    await confirm.getByRole("button", { name: "Suspend account" }).click();
    await poll(() => page.getByText(/Suspended .*: Asked a customer to pay outside Printhood/).count()).toBe(1);
    await poll(() => page.getByText(/1 open order was cancelled and refunded/).count()).toBeGreaterThan(0);
    await page.screenshot({ path: join(shots, "staff-suspended.png"), fullPage: true });

    // What that did: the order is cancelled for the customer, Sam is signed out and cannot sign in.
    await stack().idle();
    await poll(async () => (await ok<{ status: string }>(customer.page, "GET", `/api/print-jobs/${order.orderId}`)).status).toBe(
      "cancelled",
    );
    expect((await call(sam.page, "GET", "/api/auth/user")).json).toBeNull();
    const again = await call<{ code: string }>(sam.page, "POST", "/api/login", { email: "sam@printhood.local", password: DEMO_PASSWORD });
    expect(again.json.code).toBe("account_suspended");

    // The audit log, newest first.
    await page.getByRole("link", { name: "Audit log" }).click();
    const firstRow = page.getByRole("row").nth(1);
    await poll(() => firstRow.innerText()).toContain("order.cancel");
    await poll(() => page.getByRole("cell", { name: "user.suspend" }).count()).toBe(1);
    await expectNoSeriousA11yViolations(page, "staff console: audit log");

    // Anyone else sees no console, as the API answers them.
    await customer.page.goto(`${stack().url}/staff`);
    await poll(() => customer.page.getByRole("heading", { name: "Page Not Found" }).count()).toBe(1);
    expect((await call(customer.page, "GET", "/api/staff/audit")).status).toBe(404);
    expect(staff.errors).toEqual([]);
    for (const p of [customer, sam, staff]) await p.context.close();
  });
});
