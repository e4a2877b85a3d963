import { readFileSync } from "node:fs";
import { join } from "node:path";
import { unzipSync } from "fflate";
import type { Download, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../src/index.ts";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { shots, signIn, useBrowserStack } from "./browser.ts";
import { boxStl } from "./meshes.ts";
import { newCustomer, ok, person, poll } from "./orders.ts";
import { ownerStepByApi } from "./photos.ts";

/**
 * Projects of several parts (issue 22 point 7): three files picked together on /upload with
 * quantities 3, 1 and 12, priced line by line with the same total on every screen and on the
 * server, a printer too small for one part that cannot be chosen and says which, paid, printed and
 * picked up as one order; the owner downloads each part (the same bytes) and the zip; a re-order.
 */

const { stack, browser } = useBrowserStack();

const PARTS = [
  { name: "enclosure.stl", bytes: boxStl(60, 40, 30), quantity: 3 },
  { name: "lid.stl", bytes: boxStl(60, 40, 5), quantity: 1 },
  // 200 mm long: fits Maria's Prusa (250 × 210), not Sam's A1 mini (180 × 180 × 180)
  { name: "plate.stl", bytes: boxStl(200, 40, 4), quantity: 12 },
];
const QUANTITY_WORDS = "Quantity must be a whole number from 1 to 1,000.";

interface ServerPart {
  fileName: string;
  quantity: number;
  lineTotalCents: number;
  lineTotal: string;
}
interface ServerJob {
  id: string;
  status: string;
  fileName: string;
  printerId: string | null;
  parts: ServerPart[];
  pricing: { totalCents: number; total: string };
  orderNumber?: string;
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
/** The part lines a screen shows (PartLines), in order: each line's total. */
const lineTotals = (scope: Locator) => scope.getByTestId("part-line-total").allInnerTexts();
const part = (scope: Page | Locator, n: number, name: string) => scope.getByRole("listitem", { name: `Part ${n}: ${name}` });

async function savedBytes(download: Download, name: string): Promise<Buffer> {
  const path = join(shots, `project-${name}`);
  await download.saveAs(path);
  return readFileSync(path);
}

describe("a project of three parts, in quantities", () => {
  it("from upload to pickup: lines and total agree everywhere, a too-small printer says which part, the owner downloads each part and the zip, and it is re-ordered", async () => {
    const customer = await person(browser());
    const owner = await person(browser());
    const url = stack().url;
    const page = customer.page;
    await newCustomer(stack(), page, "proj");

    // Maria gives 10% off a part ordered in 10 copies or more (her printer's settings).
    await signIn(owner.page, url, "maria@printhood.local", DEMO_PASSWORD);
    await owner.page.goto(`${url}/printer-dashboard`);
    await owner.page.getByRole("button", { name: "Settings for Maria's Prusa" }).click();
    const settings = owner.page.getByRole("dialog", { name: "Printer Settings" });
    await settings.getByRole("button", { name: "Add Discount" }).click();
    await settings.getByLabel("From copies (discount 1)").fill("1");
    await settings.getByRole("button", { name: "Save Changes" }).click();
    await poll(() => settings.getByRole("alert").innerText()).toBe("A discount starts from 2 to 1,000 copies (a whole number)");
    await settings.getByLabel("From copies (discount 1)").fill("10");
    await settings.getByLabel("Percent off (discount 1)").fill("10");
    await settings.getByRole("button", { name: "Save Changes" }).click();
    await poll(() => settings.count()).toBe(0);

    // Upload: the three files picked together, each uploaded and analysed on its own.
    await page.goto(`${url}/upload`);
    await poll(() => page.getByRole("heading", { name: "File Upload" }).count()).toBe(1);
    await page
      .getByLabel("Choose a 3D design file")
      .setInputFiles(PARTS.map((p) => ({ name: p.name, mimeType: "model/stl", buffer: p.bytes })));
    const parts = page.getByRole("region", { name: "Project Parts" });
    await poll(() => part(parts, 1, "enclosure.stl").count()).toBe(1);
    await poll(() => part(parts, 2, "lid.stl").count()).toBe(1);
    await poll(() => part(parts, 3, "plate.stl").count()).toBe(1);
    await expect.poll(() => page.getByText("Confirmed by our server's analysis", { exact: true }).count(), { timeout: 90_000 }).toBe(1);
    for (const [n, name] of [
      [2, "lid.stl"],
      [3, "plate.stl"],
    ] as const) {
      await expect.poll(() => part(parts, n, name).innerText(), { timeout: 90_000 }).toContain("Analysed");
      await poll(() => part(parts, n, name).getByRole("img", { name }).count()).toBe(1); // its picture, drawn by the server
    }
    // Each part in the 3D preview: the plate's own size, then back to the enclosure.
    const preview = page.getByRole("region", { name: "3D Preview" });
    await poll(() => preview.innerText()).toContain("Dimensions: 60 × 40 × 30 mm");
    await part(parts, 3, "plate.stl").getByRole("button", { name: "Show part 3 in 3D" }).click();
    await poll(() => preview.innerText()).toContain("Dimensions: 200 × 40 × 4 mm");
    expect(await preview.innerText()).toContain("plate.stl");
    await part(parts, 3, "plate.stl").getByRole("button", { name: "Showing part 3 in 3D" }).click();
    await poll(() => preview.innerText()).toContain("Dimensions: 60 × 40 × 30 mm");

    // Quantities: out of bounds is refused with a sentence; then 3, 1 and 12.
    const quantity = (n: number, name: string) => part(parts, n, name).getByLabel("Quantity");
    await quantity(1, "enclosure.stl").fill("0");
    await poll(() => parts.getByRole("alert").innerText()).toBe(QUANTITY_WORDS);
    await page.getByRole("button", { name: "Save Print" }).click();
    await poll(() => page.getByText(QUANTITY_WORDS).count()).toBeGreaterThan(1); // the alert and the toast
    await quantity(1, "enclosure.stl").fill("1001");
    await poll(() => parts.getByRole("alert").innerText()).toBe(QUANTITY_WORDS);
    for (const [i, p] of PARTS.entries()) await quantity(i + 1, p.name).fill(String(p.quantity));
    await poll(() => parts.getByRole("alert").count()).toBe(0);
    await page.getByLabel("Color", { exact: true }).selectOption("White");
    // The lid in its own colour (material and colour may differ per part).
    await part(parts, 2, "lid.stl").getByLabel("Color (part 2)").selectOption("Red");
    // ...and its own infill (each part has its own print settings).
    await part(parts, 2, "lid.stl")
      .getByText(/^Print settings of part 2:/)
      .click();
    await part(parts, 2, "lid.stl").getByLabel("Infill (part 2)").selectOption("30");
    await poll(() =>
      part(parts, 2, "lid.stl")
        .getByText(/^Print settings of part 2: .*30% infill/)
        .count(),
    ).toBe(1);
    const pricing = page.getByRole("region", { name: "Pricing Breakdown" });
    await poll(async () => (await lineTotals(pricing)).length).toBe(3);
    const uploadLines = await lineTotals(pricing);
    const uploadTotal = await pricing.locator("dt:text-is('Total') + dd").innerText();
    await page.screenshot({ path: join(shots, "project-upload.png"), fullPage: true });
    await expectNoSeriousA11yViolations(page);

    // Save: the server's draft has the parts, quantities, lines and total the page showed.
    await page.getByRole("button", { name: "Save Print" }).click();
    await page.waitForURL(/\/choose-printer\?draftId=/);
    const draftId = new URL(page.url()).searchParams.get("draftId")!;
    const draft = await ok<ServerJob>(page, "GET", `/api/drafts/${draftId}`);
    expect(draft.fileName).toBe("enclosure.stl + 2 more");
    expect(draft.parts.map((p) => [p.fileName, p.quantity])).toEqual(PARTS.map((p) => [p.name, p.quantity]));
    expect(draft.parts.map((p) => money(p.lineTotalCents))).toEqual(uploadLines);
    expect(money(draft.pricing.totalCents)).toBe(uploadTotal);

    // Choose a printer: Sam's A1 mini cannot make the plate, says so, and cannot be selected.
    const cardOf = (name: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
    const sam = cardOf("Sam's A1 mini");
    await poll(() => sam.getByText(/Part 3 \(plate\.stl\)/).count()).toBe(1);
    expect(await sam.innerText()).toContain("does not fit Sam's A1 mini's build volume");
    expect(await page.getByRole("button", { name: "Select Printer Sam's A1 mini" }).isDisabled()).toBe(true);
    const maria = cardOf("Maria's Prusa");
    await poll(() => maria.getByText("Total for your print:").count()).toBe(1);
    expect(await maria.innerText()).toMatch(/Ready in about \d+ days?/);
    expect(await maria.innerText()).toContain("Quantity discounts: 10% off from 10 copies");
    const cardTotal = (await maria.getByText("Total for your print:").innerText()).replace("Total for your print: ", "");
    await page.screenshot({ path: join(shots, "project-choose-printer.png"), fullPage: true });
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Select Printer Maria's Prusa" }).click();
    await page.waitForURL(/\/submit-print\?/);
    const printerId = new URL(page.url()).searchParams.get("printerId")!;

    // Submit: the same total, a line per part, every part listed with its quantity.
    await poll(() => page.getByTestId("order-total").innerText()).toBe(cardTotal);
    const summary = page.getByRole("complementary");
    const submitLines = await lineTotals(summary);
    expect(submitLines).toHaveLength(3);
    expect(await part(page.getByRole("list", { name: "Project parts" }), 3, "plate.stl").innerText()).toContain("Quantity: 12");
    // The plate's 12 copies take Maria's 10%; the enclosure's 3 do not.
    expect(await summary.getByRole("listitem", { name: "Part 3: plate.stl" }).innerText()).toContain("10% quantity discount");
    expect(await summary.getByRole("listitem", { name: "Part 1: enclosure.stl" }).innerText()).not.toContain("discount");
    await page.screenshot({ path: join(shots, "project-submit.png"), fullPage: true });
    await page.getByRole("button", { name: "Submit Order" }).click();
    await page.waitForURL(/\/checkout\?orderId=/);
    const orderId = new URL(page.url()).searchParams.get("orderId")!;

    // The server's order: the same lines and total as every screen.
    const order = await ok<ServerJob>(page, "GET", `/api/print-jobs/${orderId}`);
    expect(order.parts.map((p) => money(p.lineTotalCents))).toEqual(submitLines);
    expect(money(order.pricing.totalCents)).toBe(cardTotal);

    // Checkout: the lines and the total; pay with the test card; the confirmation shows them too.
    await poll(() => page.getByRole("heading", { name: "Order Summary" }).count()).toBe(1);
    await poll(async () => lineTotals(page.getByRole("region", { name: "Order Summary" }))).toEqual(submitLines);
    expect(await page.locator("dt:text-is('Total') + dd").innerText()).toBe(cardTotal);
    const pay = page.getByRole("button", { name: `Pay ${cardTotal}` });
    await poll(() => pay.isEnabled()).toBe(true);
    if (!(await page.getByLabel("ZIP code").inputValue())) await page.getByLabel("ZIP code").fill("80513");
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry date").fill("12/34");
    await page.getByLabel("CVC").fill("123");
    await pay.click();
    await page.waitForURL(/\/order-confirmation\?orderId=/);
    await poll(() => page.getByRole("heading", { name: "Order Confirmed!" }).count()).toBe(1);
    expect(await lineTotals(page.getByRole("region", { name: "Order Summary" }))).toEqual(submitLines);
    expect(await page.locator("dt:text-is('Total') + dd").innerText()).toBe(cardTotal);
    await page.screenshot({ path: join(shots, "project-confirmation.png"), fullPage: true });

    // The owner's order page: every part with its quantity and size; each part downloads as its own bytes, and the zip has them all.
    await poll(async () => (await ok<ServerJob>(page, "GET", `/api/print-jobs/${orderId}`)).status).toBe("confirmed");
    await owner.page.goto(`${url}/order/${orderId}`);
    const ownerParts = owner.page.getByRole("region", { name: /^Parts \(16 copies of 3 parts\)$/ });
    await poll(() => ownerParts.count()).toBe(1);
    expect(await part(ownerParts, 1, "enclosure.stl").innerText()).toContain("Quantity: 3");
    expect(await part(ownerParts, 1, "enclosure.stl").innerText()).toContain("Printed size: 60 × 40 × 30 mm");
    expect(await part(ownerParts, 3, "plate.stl").innerText()).toContain("Quantity: 12");
    expect(await part(ownerParts, 2, "lid.stl").innerText()).toContain("Red PLA");
    expect(await part(ownerParts, 2, "lid.stl").innerText()).toContain("30% infill");
    expect(await part(ownerParts, 3, "plate.stl").innerText()).not.toContain("30% infill");
    expect(await part(ownerParts, 1, "enclosure.stl").innerText()).toContain("White PLA");
    for (const [i, p] of PARTS.entries()) {
      const [download] = await Promise.all([
        owner.page.waitForEvent("download"),
        owner.page.getByRole("button", { name: `Download part ${i + 1} (${p.name})` }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(p.name);
      expect((await savedBytes(download, p.name)).equals(p.bytes)).toBe(true);
    }
    const [zip] = await Promise.all([
      owner.page.waitForEvent("download"),
      owner.page.getByRole("button", { name: "Download all (zip)" }).click(),
    ]);
    const entries = unzipSync(new Uint8Array(await savedBytes(zip, "all.zip")));
    for (const p of PARTS) {
      const entry = Object.entries(entries).find(([name]) => name.endsWith(p.name));
      expect(entry, `${p.name} in ${Object.keys(entries).join(", ")}`).toBeDefined();
      expect(Buffer.from(entry![1]).equals(p.bytes)).toBe(true);
    }
    await owner.page.screenshot({ path: join(shots, "project-owner-order.png"), fullPage: true });
    await expectNoSeriousA11yViolations(owner.page);

    // Printed and picked up as one order.
    const request = owner.context.request;
    const respond = await request.post(`${url}/api/print-jobs/${orderId}/respond`, {
      headers: { origin: url },
      data: { action: "accept" },
    });
    expect(respond.status(), await respond.text()).toBe(200);
    for (const status of ["printing", "completed", "ready_for_pickup", "picked_up"])
      await ownerStepByApi(stack(), request, orderId, { status });
    expect((await ok<ServerJob>(page, "GET", `/api/print-jobs/${orderId}`)).status).toBe("picked_up");

    // Re-order: the same parts and quantities as a new saved print on the same printer, at today's prices.
    await page.goto(`${url}/order/${orderId}`);
    await poll(() => page.getByRole("button", { name: "Re-order" }).count()).toBe(1);
    await page.getByRole("button", { name: "Re-order" }).click();
    await page.waitForURL(/\/submit-print\?/);
    const again = new URL(page.url()).searchParams;
    expect(again.get("printerId")).toBe(printerId);
    const reordered = await ok<ServerJob>(page, "GET", `/api/drafts/${again.get("draftId")}`);
    expect(reordered.status).toBe("draft");
    expect(reordered.parts.map((p) => [p.fileName, p.quantity])).toEqual(PARTS.map((p) => [p.name, p.quantity]));
    await poll(() => page.getByTestId("order-total").innerText()).toBe(money(reordered.pricing.totalCents));

    expect(customer.errors).toEqual([]);
    expect(owner.errors).toEqual([]);
    await customer.context.close();
    await owner.context.close();
  });
});

describe("a project with a part the server cannot read", () => {
  it("is saved to Saved Prints, never offered for ordering, and the page names the part", async () => {
    const customer = await person(browser());
    const page = customer.page;
    await newCustomer(stack(), page, "projbad");
    await page.goto(`${stack().url}/upload`);
    await poll(() => page.getByRole("heading", { name: "File Upload" }).count()).toBe(1);
    // a binary STL cut short: it says 12 triangles and holds one and a half
    const cut = boxStl(20, 20, 20).subarray(0, 160);
    await page.getByLabel("Choose a 3D design file").setInputFiles([
      { name: "cube.stl", mimeType: "model/stl", buffer: boxStl(20, 20, 20) },
      { name: "cut.stl", mimeType: "model/stl", buffer: cut },
    ]);
    const parts = page.getByRole("region", { name: "Project Parts" });
    await expect.poll(() => part(parts, 2, "cut.stl").innerText(), { timeout: 90_000 }).toContain("too short");
    await expect.poll(() => page.getByText("Confirmed by our server's analysis", { exact: true }).count(), { timeout: 90_000 }).toBe(1);
    const choose = page.getByRole("button", { name: "Choose Printer" });
    await poll(() => choose.isDisabled()).toBe(true);
    expect(await page.locator("#not-orderable").innerText()).toBe(
      "We could not analyse part 2 (cut.stl), so this print can be saved but not ordered. Please upload a repaired file or remove the part.",
    );
    await page.getByRole("button", { name: "Save Print" }).click();
    await page.waitForURL(/\/saved-prints$/);
    expect(customer.errors).toEqual([]);
    await customer.context.close();
  });
});

describe("a project's parts on a phone", () => {
  it("keeps each part's name readable: Quantity and Remove Part go under it instead of squeezing it", async () => {
    const context = await browser().newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await newCustomer(stack(), page, "projphone");
    await page.goto(`${stack().url}/upload`);
    await poll(() => page.getByRole("heading", { name: "File Upload" }).count()).toBe(1);
    await page.getByLabel("Choose a 3D design file").setInputFiles([
      { name: "base.stl", mimeType: "model/stl", buffer: boxStl(30, 20, 10) },
      { name: "knob.stl", mimeType: "model/stl", buffer: boxStl(20, 20, 15) },
    ]);
    const parts = page.getByRole("region", { name: "Project Parts" });
    const name = part(parts, 2, "knob.stl").getByText("Part 2: knob.stl", { exact: true });
    await poll(() => name.count()).toBe(1);
    const box = await name.boundingBox();
    // the whole name on one line (it was squeezed to a few pixels, its words one under another)
    expect(box!.width).toBeGreaterThan(100);
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await page.screenshot({ path: join(shots, "project-parts-phone.png"), fullPage: true });
    await context.close();
  });
});
