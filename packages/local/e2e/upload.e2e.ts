import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_CUSTOMER, DEMO_PASSWORD } from "../src/index.ts";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { shots, signIn, useBrowserStack, watchErrors } from "./browser.ts";
import { sphereStl } from "./meshes.ts";

/** expect.poll with room for a busy machine (its default gives up after one second). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });

const { stack, browser } = useBrowserStack();

describe("from a file on disk to checkout", () => {
  it("signs in, uploads an STL with real progress and analysis, previews, saves, chooses a printer, submits and lands on checkout", async () => {
    const context = await browser().newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);

    // sign in as the demo customer
    await signIn(page, stack().url, DEMO_CUSTOMER.email, DEMO_PASSWORD);

    // a ~7 MB closed sphere, radius 25 mm (made here), uploaded at a throttled 3 MB/s so progress is visible
    const stl = sphereStl(25, 360, 200);
    await page.goto(`${stack().url}/upload`);
    await poll(() => page.getByRole("heading", { name: "File Upload" }).count()).toBe(1);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 3 * 1024 * 1024,
    });
    await page.getByLabel("Choose a 3D design file").setInputFiles({ name: "e2e-sphere.stl", mimeType: "model/stl", buffer: stl });

    const seen = new Set<number>();
    const bar = page.getByRole("progressbar", { name: "Upload progress" });
    await expect
      .poll(
        async () => {
          const v = await bar.getAttribute("aria-valuenow", { timeout: 200 }).catch(() => null);
          if (v !== null) seen.add(Number(v));
          return [...seen].some((n) => n > 0 && n < 100);
        },
        { timeout: 30_000, interval: 50 },
      )
      .toBe(true);
    await page.screenshot({ path: join(shots, "upload-progress.png") });
    await expectNoSeriousA11yViolations(page);
    await expect.poll(() => page.getByText("File ready for submission").count(), { timeout: 60_000 }).toBe(1);
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    expect([...seen].some((n) => n > 0 && n < 100)).toBe(true);

    // the server's analysis arrives and prices the design
    await expect.poll(() => page.getByText("Confirmed by our server's analysis", { exact: true }).count(), { timeout: 90_000 }).toBe(1);
    await poll(() => page.getByText("File Analyzed Successfully").count()).toBeGreaterThan(0);
    await poll(() => page.getByText("Dimensions: 50 × 50 × 50 mm").count()).toBe(1);
    const volume = await page.locator("dt:text-is('Volume') + dd").innerText();
    expect(Number.parseFloat(volume)).toBeGreaterThan(60); // (4/3)π·25³ ≈ 65.4 cm³, a little less as a polygon
    expect(Number.parseFloat(volume)).toBeLessThan(66);

    // the 3D preview renders in a canvas and can be orbited
    const preview = page.getByTestId("model-preview");
    await expect.poll(() => preview.locator("canvas").count(), { timeout: 20_000 }).toBe(1);
    const box = (await preview.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 30, { steps: 8 });
    await page.mouse.up();
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(shots, "upload-analysed.png"), fullPage: true });
    await expectNoSeriousA11yViolations(page);
    const shownWeight = await page.locator("dt:text-is('Estimated Weight') + dd").innerText();

    // save: forwarded to the printer choice with the new draft
    await page.getByLabel("Material").selectOption("PLA");
    await page.getByRole("button", { name: "Save Print" }).click();
    await page.waitForURL(/\/choose-printer\?draftId=/);
    const draftId = new URL(page.url()).searchParams.get("draftId")!;
    expect(draftId).toMatch(/^[0-9a-f-]{36}$/);

    // find it on /saved-prints and continue from there
    await page.goto(`${stack().url}/saved-prints`);
    const card = page.getByRole("listitem").filter({ hasText: "e2e-sphere.stl" });
    await poll(() => card.count()).toBe(1);
    await poll(() => card.getByText(shownWeight, { exact: true }).count()).toBe(1); // the server priced what the page showed
    await page.screenshot({ path: join(shots, "saved-prints.png"), fullPage: true });
    await expectNoSeriousA11yViolations(page);
    await card.getByRole("link", { name: "Choose Printer & Submit" }).click();
    await page.waitForURL(`**/choose-printer?draftId=${draftId}`);

    // choose a printer: the saved print banner, the list and the map
    await poll(() => page.getByText("Saved Print: e2e-sphere.stl").count()).toBe(1);
    await poll(() => page.getByRole("heading", { name: /^Available Printers \(\d+\)$/ }).count()).toBe(1);
    await poll(() => page.getByTestId("map-marker").count()).toBeGreaterThan(3);
    await page.screenshot({ path: join(shots, "choose-printer.png"), fullPage: true });
    await expectNoSeriousA11yViolations(page);
    // each card shows what this print costs there; Maria's is the total the next screens and the order show
    const maria = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Maria's Prusa" }) });
    await poll(() => maria.getByText("Total for your print:").count()).toBe(1);
    const cardTotal = (await maria.getByText("Total for your print:").innerText()).replace("Total for your print: ", "");
    expect(cardTotal).toMatch(/^\$\d+\.\d\d$/);
    await page.getByRole("button", { name: "Select Printer Maria's Prusa" }).click();
    await page.waitForURL(/\/submit-print\?/);
    const params = new URL(page.url()).searchParams;
    expect(params.get("draftId")).toBe(draftId);

    // submit: the colour and delivery chosen on /upload (Black, Pickup) come preselected; the customer picks Red
    await poll(() => page.getByRole("heading", { name: "Selected Printer" }).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Black", exact: true }).getAttribute("aria-pressed")).toBe("true");
    expect(await page.getByRole("radio", { name: /Pickup/ }).isChecked()).toBe(true);
    expect(await page.getByTestId("order-total").innerText()).toBe(cardTotal);
    const submit = page.getByRole("button", { name: "Submit Order" });
    await page.getByRole("button", { name: "Red", exact: true }).click();
    expect(await page.getByRole("button", { name: "Red", exact: true }).getAttribute("aria-pressed")).toBe("true");
    await page.screenshot({ path: join(shots, "submit-print.png"), fullPage: true });
    await expectNoSeriousA11yViolations(page);
    await submit.click();
    await page.waitForURL(/\/checkout\?orderId=/);
    expect(new URL(page.url()).searchParams.get("orderId")).toBe(draftId);
    await poll(() => page.getByRole("heading", { name: "Order Summary" }).count()).toBe(1);
    await poll(() => page.getByText(/^Maria's Prusa #\d+ · Berthoud, CO$/).count()).toBe(1);
    await poll(() => page.getByText("Order Submitted Successfully!").count()).toBeGreaterThan(0);
    expect(await page.locator("dt:text-is('Total') + dd").innerText()).toBe(cardTotal);
    await page.screenshot({ path: join(shots, "checkout.png"), fullPage: true });
    await expectNoSeriousA11yViolations(page);

    // the order is stored as submitted, priced by the server at the printer's price per gram: the total every screen showed
    const job = (await stack().store.entities.jobs.get({ jobId: draftId }).go()).data!;
    const chosen = (
      await stack()
        .store.entities.printers.get({ printerId: params.get("printerId")! })
        .go()
    ).data!;
    expect(job.status).toBe("submitted");
    expect(job.filamentColor).toBe("Red");
    expect(job.pricing.filamentCostPer1000gCents).toBe(Math.round(chosen.pricePerGram * 100_000));
    expect(`$${(job.pricing.totalCents / 100).toFixed(2)}`).toBe(cardTotal);

    expect(errors).toEqual([]);
    await context.close();
  });

  it("flags a model drawn in centimetres, rescales it in one click and finds compatible printers", async () => {
    const context = await browser().newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, stack().url, DEMO_CUSTOMER.email, DEMO_PASSWORD);
    await page.goto(`${stack().url}/upload`);
    // a 4 × 3 × 2 box: 4 mm read as millimetres, 40 mm if drawn in centimetres
    await page
      .getByLabel("Choose a 3D design file")
      .setInputFiles({ name: "bracket-cm.stl", mimeType: "model/stl", buffer: sphereStl(2, 24, 12) });
    await expect.poll(() => page.getByText("Confirmed by our server's analysis", { exact: true }).count(), { timeout: 60_000 }).toBe(1);
    await poll(() => page.getByText("Check the size", { exact: true }).count()).toBe(1);
    await page.getByRole("button", { name: /^Rescale to centimetres/ }).click();
    await poll(() => page.getByText("Dimensions: 40 × 40 × 40 mm", { exact: false }).count()).toBeGreaterThan(0);
    await poll(() => page.getByRole("button", { name: "Undo rescale" }).count()).toBe(1);
    await page.screenshot({ path: join(shots, "upload-rescale.png"), fullPage: true });
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Find Compatible Printers" }).click();
    await page.waitForURL(/\/printers\?/);
    const q = new URL(page.url()).searchParams;
    expect([q.get("material"), q.get("color"), q.get("minX"), q.get("minY"), q.get("minZ")]).toEqual(["PLA", "Black", "40", "40", "40"]);
    expect(q.get("jobId")).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number(q.get("weight"))).toBeGreaterThan(1);
    await poll(() => page.getByText("Design Uploaded Successfully!").count()).toBeGreaterThan(0);
    await page.screenshot({ path: join(shots, "printers-from-upload.png"), fullPage: true });
    await expectNoSeriousA11yViolations(page);
    // Select Printer carries the design's draft: the upload page reopens it with that printer.
    const jobId = q.get("jobId")!;
    await page.getByRole("link", { name: "Select Printer" }).first().click();
    await page.waitForURL(/\/upload\?/);
    const u = new URL(page.url()).searchParams;
    expect(u.get("draft")).toBe(jobId);
    await poll(() => page.getByText("Editing Draft: bracket-cm.stl", { exact: false }).count()).toBeGreaterThan(0);
    // the upload page prices the design on the chosen printer: the total /submit-print shows
    const uploadTotal = page.locator("dt:text-is('Total') + dd");
    await poll(() => uploadTotal.count()).toBe(1);
    await poll(() => page.getByText("Confirmed by our server's analysis", { exact: true }).count()).toBe(1);
    const shownTotal = await uploadTotal.innerText();
    // the printer's short public number on the button, never its id (issue 14)
    const submit = page.getByRole("button", { name: /^Submit to Printer #\d+$/ });
    await poll(() => submit.count()).toBe(1);
    await submit.click();
    await page.waitForURL(/\/submit-print\?/);
    expect(new URL(page.url()).searchParams.get("draftId")).toBe(jobId);
    await poll(() => page.getByTestId("order-total").count()).toBe(1);
    expect(await page.getByTestId("order-total").innerText()).toBe(shownTotal);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the pricing calculator with three examples", async () => {
    const page = await browser().newPage();
    const errors = watchErrors(page);
    await page.goto(`${stack().url}/pricing`);
    await poll(() => page.getByRole("heading", { name: "Pricing Calculator" }).count()).toBe(1);
    await page.getByRole("button", { name: /^101-150g/ }).click();
    expect(await page.getByRole("slider", { name: "Weight" }).inputValue()).toBe("101");
    // 101 g PLA, one colour: material 2.02, print service 4.04, fee 0.61 + 2.00 = 2.61, total 6.65
    expect(await page.getByTestId("calculator-total").innerText()).toBe("$6.65");
    await page.screenshot({ path: join(shots, "pricing.png"), fullPage: true });
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
    await page.close();
  });
});
