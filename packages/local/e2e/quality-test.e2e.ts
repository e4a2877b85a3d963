import { join } from "node:path";
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD, DEMO_STAFF } from "../src/index.ts";
import { inboxOf } from "../src/ses.ts";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { shots, signUp, useBrowserStack } from "./browser.ts";
import { person, poll } from "./orders.ts";
import { phonePhoto } from "./photos.ts";

const { stack, browser } = useBrowserStack();

/**
 * The owner's path from listing to verified (issue 21 point 1): a new owner lists a printer, which
 * stays out of the public list, marked "Awaiting quality test" on their dashboard; they download the
 * test piece, enter their caliper measurements, add photos (a renamed text file is refused) and send
 * it; the demo staff member signs in with TOTP, reviews it in the console and approves it; the owner
 * is e-mailed and the printer is listed with its Verified badge.
 */
describe("the quality test in the browser", () => {
  it("an owner lists a printer, takes the quality test, staff approve it, and it is listed as Verified", async () => {
    const owner = await person(browser());
    const page = owner.page;
    const id = Date.now().toString(36);
    const printerName = `Quality Journey ${id}`;
    const email = `qt_${id}@example.com`;
    await signUp(page, stack().url, { username: `qt_${id}`, email, password: "a long journey password" });

    // List a printer: on the dashboard, awaiting its test; not on /printers.
    await page.goto(`${stack().url}/add-printer`);
    await page.getByLabel("Printer Name").fill(printerName);
    await page.getByLabel("Printer Model").selectOption("Prusa i3 MK3S+");
    await page.getByLabel("Location").fill("Loveland, CO");
    await page.getByRole("button", { name: "Add Printer" }).click();
    await page.waitForURL("**/printer-dashboard");
    const status = page.getByTestId("quality-test-status");
    await poll(() => status.count()).toBe(1);
    expect(await page.getByTestId("owner-printer").getByText("Awaiting quality test").count()).toBe(1);
    expect(await status.innerText()).toContain("Print our test piece, measure it with calipers");
    await expectNoSeriousA11yViolations(page, "dashboard: awaiting quality test");
    await page.screenshot({ path: join(shots, "quality-test-dashboard.png"), fullPage: true });
    await page.goto(`${stack().url}/printers`);
    await poll(() => page.getByTestId("printer-card").count()).toBeGreaterThan(0);
    expect(await page.getByRole("article", { name: printerName }).count()).toBe(0);

    // The quality test screen: download, measure, photograph.
    await page.goto(`${stack().url}/printer-dashboard`);
    await page.getByRole("link", { name: `Take the quality test: ${printerName}` }).click();
    await page.waitForURL("**/quality-test/**");
    await poll(() => page.getByRole("heading", { name: `Quality test: ${printerName}` }).count()).toBe(1);
    const download = page.getByRole("link", { name: "Download the test piece (STL)" });
    await poll(() => download.count()).toBe(1);
    const stl = await page.request.get(`${stack().url}${await download.getAttribute("href")}`);
    expect(stl.status()).toBe(200);
    const bytes = await stl.body();
    expect(bytes.subarray(0, 9).toString()).toBe("Printhood");
    expect(bytes.readUInt32LE(80)).toBe(44); // triangles

    const measured: Record<string, string> = { A: "50.08", B: "29.9", C: "35.1", D: "20.02", E: "20.6", F: "10.05", G: "3.92", H: "20.1" };
    for (const [key, value] of Object.entries(measured)) await page.getByLabel(new RegExp(`^${key}: `)).fill(value);
    // E is 0.6 mm long: judged as typed. Corrected before sending.
    await poll(() => page.getByText("Outside tolerance (+0.60 mm)").count()).toBe(1);
    await page.getByLabel(/^E: /).fill("20.04");
    await poll(() => page.getByText("Outside tolerance", { exact: false }).count()).toBe(0);

    const photos = page.getByLabel("Photos");
    await photos.setInputFiles([
      { name: "photo.jpg", mimeType: "image/jpeg", buffer: Buffer.from("Dear diary, this is not a photo at all.") },
    ]);
    const refused = page
      .getByTestId("photo-tile")
      .getByText("This file is not a JPEG, PNG or WebP image, whatever its name says. Please choose a photo.");
    await poll(() => refused.count()).toBe(1);
    await page.getByRole("button", { name: "Remove photo.jpg" }).click();
    await photos.setInputFiles([
      { name: "top.jpg", mimeType: "image/jpeg", buffer: await phonePhoto("top") },
      { name: "side.jpg", mimeType: "image/jpeg", buffer: await phonePhoto("side") },
    ]);
    await poll(() => page.getByTestId("photo-tile").getByText("Ready", { exact: true }).count()).toBe(2);
    // The previews are the server's thumbnails now, loaded from their short-lived links.
    await poll(() =>
      page
        .getByRole("img", { name: "Preview of top.jpg" })
        .evaluate((img) => (img as HTMLImageElement).src.startsWith("http") && (img as HTMLImageElement).naturalWidth),
    ).toBe(320);
    await expectNoSeriousA11yViolations(page, "quality test: filled");
    await page.screenshot({ path: join(shots, "quality-test-filled.png"), fullPage: true });
    await page.getByRole("button", { name: "Send for review" }).click();
    await poll(() => page.getByRole("heading", { name: "Waiting for review" }).count()).toBe(1);
    // one word for where the test stands, not "Awaiting quality test" beside it
    expect(await page.getByText("Awaiting quality test").count()).toBe(0);
    expect(await page.getByRole("table").innerText()).toContain("Within tolerance");
    await poll(() => page.getByText("every dimension within tolerance").count()).toBe(1);
    await expectNoSeriousA11yViolations(page, "quality test: waiting for review");
    await page.screenshot({ path: join(shots, "quality-test-sent.png"), fullPage: true });

    // Staff sign in with their code and approve it from the console's queue.
    const staff = await person(browser());
    const console_ = staff.page;
    await console_.goto(`${stack().url}/auth`);
    await console_.getByLabel("Email").fill(DEMO_STAFF.email);
    await console_.getByLabel("Password").fill(DEMO_PASSWORD);
    await console_.getByRole("button", { name: "Sign In", exact: true }).click();
    await poll(() => console_.getByLabel("Authenticator code").count()).toBe(1);
    await console_.getByLabel("Authenticator code").fill(await generate({ secret: DEMO_STAFF.totpSecret }));
    await console_.getByRole("button", { name: "Sign In", exact: true }).click();
    await console_.waitForURL("**/staff");
    await console_.goto(`${stack().url}/staff?tab=quality-tests`);
    const card = console_.getByRole("article", { name: `Quality test of ${printerName}, attempt 1` });
    await poll(() => card.count()).toBe(1);
    expect(await card.innerText()).toContain(email);
    await poll(() => card.getByRole("img").evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length)).toBe(
      2,
    );
    // Priya's Ender waits in the queue too (the demo data).
    expect(await console_.getByRole("article", { name: "Quality test of Priya's Ender 3 S1, attempt 1" }).count()).toBe(1);
    await expectNoSeriousA11yViolations(console_, "staff console: quality tests");
    await console_.screenshot({ path: join(shots, "staff-quality-tests.png"), fullPage: true });
    await card.getByRole("button", { name: "Approve" }).click();
    const dialog = console_.getByRole("dialog", { name: `Approve ${printerName}` });
    await poll(() => dialog.count()).toBe(1);
    await dialog.getByLabel("Note to the owner").fill("All eight dimensions within tolerance. Welcome aboard!");
    await dialog.getByRole("button", { name: "Approve" }).click();
    await poll(() => card.count()).toBe(0);

    // The owner: e-mailed, verified on the dashboard, listed with its badge on the grid and the map.
    await poll(async () => (await inboxOf(stack().endpoints.ses, email)).map((m) => m.subject)).toContain(
      `${printerName} passed the quality test`,
    );
    await page.goto(`${stack().url}/printer-dashboard`);
    const row = page.getByTestId("owner-printer");
    await poll(() => row.getByText("Verified", { exact: true }).count()).toBe(1);
    expect(await page.getByTestId("quality-test-status").count()).toBe(0);
    await page.goto(`${stack().url}/printers`);
    const listed = page.getByRole("article", { name: printerName });
    await poll(() => listed.count()).toBe(1);
    expect(await listed.getByText("Verified", { exact: true }).count()).toBe(1);
    await expectNoSeriousA11yViolations(page, "printers: verified");
    expect(owner.errors).toEqual([]);
    expect(staff.errors).toEqual([]);
  });
});
