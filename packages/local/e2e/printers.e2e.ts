import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { shots, signUp, useBrowserStack, watchErrors } from "./browser.ts";
import { passTestAsDemoStaff } from "./quality.ts";

const { stack, browser } = useBrowserStack();

/** The card of one printer on /printers (an article labelled by its name). */
const card = (page: Page, name: string) => page.getByRole("article", { name });

describe("printers in the browser", () => {
  it("a new user adds a printer, finds it on /printers in the grid and on the map, turns it offline, edits it and deletes it", async () => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    // Offline machine: answer tile requests at once (as a failed tile server would) instead of waiting on DNS.
    await context.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    const page = await context.newPage();
    const errors = watchErrors(page);
    const id = Date.now().toString(36);
    const printerName = `Journey Printer ${id}`;

    // Sign up as a brand-new customer.
    await signUp(page, stack().url, { username: `owner_${id}`, email: `owner_${id}@example.com`, password: "a long journey password" });

    // /add-printer: a preset fills and locks the build volume.
    await page.goto(`${stack().url}/add-printer`);
    await page.getByRole("button", { name: "Add Printer" }).click();
    await expect.poll(() => page.getByText("Printer name is required").count()).toBe(1);
    expect(await page.getByText("At least one material is required").count()).toBe(1);
    await page.screenshot({ path: join(shots, "add-printer-errors.png"), fullPage: true });
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel("Printer Name").fill(printerName);
    await page.getByLabel("Printer Model").selectOption("Prusa i3 MK3S+");
    expect(await page.getByLabel("Build Volume X").inputValue()).toBe("250");
    expect(await page.getByLabel("Build Volume X").getAttribute("readonly")).not.toBeNull();
    await page.getByLabel("Location").fill("Loveland, CO");
    await page.screenshot({ path: join(shots, "add-printer-filled.png"), fullPage: true });
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Add Printer" }).click();
    await page.waitForURL("**/printer-dashboard");
    await expect.poll(() => page.getByText("Printer Added Successfully!").count()).toBe(1);
    await expect.poll(() => page.getByRole("heading", { name: printerName }).count()).toBe(1);
    await page.screenshot({ path: join(shots, "printer-dashboard.png"), fullPage: true });
    await expectNoSeriousA11yViolations(page);

    // Listed once it passes the quality test (issue 21; its own journey is quality-test.e2e.ts).
    const mineListed = await page.evaluate(async () => {
      const me = (await (await fetch("/api/auth/user")).json()) as { id: string };
      return (await (await fetch(`/api/users/${me.id}/printers`)).json()) as { id: string; name: string }[];
    });
    await passTestAsDemoStaff(stack(), mineListed.find((p) => p.name === printerName)!.id);

    // /printers grid: the new printer's card, Available with Select Printer.
    await page.goto(`${stack().url}/printers`);
    await expect.poll(() => card(page, printerName).count()).toBe(1);
    const mine = card(page, printerName);
    expect(await mine.getByText("Available", { exact: true }).count()).toBe(1);
    expect(await mine.getByText("250×210×210 mm").count()).toBe(1);
    expect(await mine.getByRole("link", { name: `Select Printer ${printerName}` }).getAttribute("href")).toMatch(/\/upload\?printer=/);
    await page.screenshot({ path: join(shots, "printers-grid.png"), fullPage: true });
    await expectNoSeriousA11yViolations(page);

    // The map asks the API for what is in view (issue 23 point 1). Zoomed out, the region's printers
    // are round markers with their counts (by the cells of the view, so the three towns may be two or
    // three of them), buttons that zoom in on them until they split.
    await page.getByRole("tab", { name: "Map" }).click();
    await expect.poll(() => page.locator(".leaflet-marker-icon").count()).toBeGreaterThan(0);
    const zoomOut = page.getByRole("button", { name: "Zoom out" });
    for (let i = 0; i < 5; i++) {
      await zoomOut.click();
      await page.waitForTimeout(300); // Leaflet ignores a click while it is still zooming
    }
    const clusters = page.getByRole("button", { name: /^\d+ printers here, zoom in$/ });
    const counted = async () => (await clusters.allInnerTexts()).map(Number).reduce((a, b) => a + b, 0);
    await expect.poll(counted).toBeGreaterThanOrEqual(7);
    await page.getByTestId("printer-map").scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, "printers-map-clusters.png") });
    await expectNoSeriousA11yViolations(page);
    // Pressed from the keyboard, a cluster zooms in, until the printers have their own markers.
    const printerMarkers = page.locator(".leaflet-marker-icon span[data-kind]");
    for (let i = 0; i < 8 && (await printerMarkers.count()) === 0; i++) {
      await clusters.first().focus();
      await page.keyboard.press("Enter");
      await expect.poll(async () => (await printerMarkers.count()) + (await clusters.count())).toBeGreaterThan(0);
      await page.waitForTimeout(400); // the map rests, then asks for its new view
    }
    await expect.poll(() => printerMarkers.count()).toBeGreaterThan(0);
    await page.screenshot({ path: join(shots, "printers-map-split.png") });

    // Ours among Loveland's printers: the map opens on the list's printers and draws what is in view.
    await page.getByLabel("Location", { exact: true }).fill("Loveland");
    const marker = page.locator(`.leaflet-marker-icon[title="${printerName} (Available)"]`);
    await expect.poll(() => marker.count()).toBe(1);
    // Markers are keyboard buttons: focus ours and press Enter (no other marker can be in the way).
    await marker.focus();
    await page.keyboard.press("Enter");
    const popup = page.getByTestId("printer-popup");
    await expect.poll(() => popup.count()).toBe(1);
    expect(await popup.getByText(printerName).count()).toBe(1);
    expect(await popup.getByRole("link", { name: "Select Printer" }).count()).toBe(1);
    await expect.poll(() => page.locator('.leaflet-marker-icon span[data-kind="selected"]').count()).toBe(1);
    await page.getByTestId("printer-map").scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, "printers-map.png") });
    await expectNoSeriousA11yViolations(page);

    // Offline from the dashboard: the card turns Busy with a disabled button.
    await page.goto(`${stack().url}/printer-dashboard`);
    const toggle = page.getByRole("switch", { name: `${printerName} online` });
    await expect.poll(() => toggle.getAttribute("aria-checked")).toBe("true");
    await toggle.click();
    await expect.poll(() => page.getByTestId("owner-printer").getByText("Offline").count()).toBe(1);
    await page.goto(`${stack().url}/printers`);
    await expect.poll(() => card(page, printerName).getByText("Busy", { exact: true }).count()).toBe(1);
    expect(await card(page, printerName).getByRole("button", { name: "Currently Busy" }).isDisabled()).toBe(true);
    await card(page, printerName).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, "printers-busy.png") });
    await expectNoSeriousA11yViolations(page);

    // Settings: rename, add a material, save.
    await page.goto(`${stack().url}/printer-dashboard`);
    await page.getByRole("button", { name: `Settings for ${printerName}` }).click();
    const dialog = page.getByRole("dialog", { name: "Printer Settings" });
    await expect.poll(() => dialog.count()).toBe(1);
    await dialog.getByLabel("Printer Name").fill(`${printerName} v2`);
    await dialog.getByLabel("New material").fill("PETG");
    await dialog.getByRole("button", { name: "Add Material" }).click();
    expect(await dialog.getByText("PETG is already in the list.").count()).toBe(1);
    await dialog.getByLabel("New material").fill("Nylon");
    await dialog.getByRole("button", { name: "Add Material" }).click();
    await page.screenshot({ path: join(shots, "printer-settings.png") });
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect.poll(() => page.getByRole("heading", { name: `${printerName} v2` }).count()).toBe(1);
    expect(await page.getByText(/Nylon/).count()).toBeGreaterThan(0);

    // Delete with the spec's confirmation.
    await page.getByRole("button", { name: `Delete ${printerName} v2` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete Printer" });
    expect(await confirm.getByText("Are you sure you want to delete this printer? This action cannot be undone.").count()).toBe(1);
    await page.screenshot({ path: join(shots, "printer-delete.png") });
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole("button", { name: "Delete Printer" }).click();
    await expect.poll(() => page.getByTestId("owner-printer").count()).toBe(0);
    await page.goto(`${stack().url}/printers`);
    await expect.poll(() => page.getByRole("article").count()).toBeGreaterThan(0);
    expect(await card(page, `${printerName} v2`).count()).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the design banner and compatible printers from the query parameters, and /browse's map view", async () => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    await context.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${stack().url}/printers?material=ABS&color=White&weight=42&minX=250&minY=250&minZ=250`);
    await expect.poll(() => page.getByText("Design Uploaded Successfully!").count()).toBe(1);
    await expect.poll(() => page.getByTestId("compatible-count").innerText()).toBe("1 compatible printer found");
    expect(await page.getByText("Design-Compatible").count()).toBe(1);
    expect(await card(page, "Loveland Bambu Farm").count()).toBe(1);
    await page.screenshot({ path: join(shots, "printers-design.png"), fullPage: true });
    await expectNoSeriousA11yViolations(page);

    await page.goto(`${stack().url}/printers?material=ABS&minZ=999`);
    await expect.poll(() => page.getByRole("button", { name: "View All Printers" }).count()).toBe(1);
    await page.getByRole("button", { name: "View All Printers" }).click();
    await page.waitForURL(`${stack().url}/printers`);
    await expect.poll(() => page.getByRole("article").count()).toBeGreaterThan(5);

    await page.goto(`${stack().url}/browse`);
    await page.getByRole("button", { name: "Map View" }).click();
    await page.getByPlaceholder("Search by city, state, or ZIP code...").fill("80521");
    const area = page.getByRole("region", { name: "Available Printers in Area" });
    await expect.poll(() => page.getByText(/mi away/).count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator(".leaflet-marker-icon").count()).toBeGreaterThan(0);
    expect(await area.count()).toBe(1);
    await page.screenshot({ path: join(shots, "browse-map.png") });
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
