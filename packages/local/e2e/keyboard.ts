import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { expectNoSeriousA11yViolations } from "./a11y.ts";

/** The focused element, described for a failure message: its tag, role, name or text. */
export function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return "(nothing: the page's body)";
    const name = el.getAttribute("aria-label") ?? (el as HTMLElement).innerText?.trim().slice(0, 40) ?? "";
    return `<${el.tagName.toLowerCase()}${el.getAttribute("role") ? ` role=${el.getAttribute("role")}` : ""}> ${name}`;
  });
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement).catch(() => false);

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user walks the page: it
 * fails when the target is not reached within `max` presses (not focusable, or out of the tab
 * order). Reads the focus only; never clicks. The reached element must show where the focus is
 * (see expectVisibleFocus).
 */
export async function tabTo(page: Page, target: Locator, { max = 80, back = false } = {}): Promise<void> {
  await target.waitFor({ state: "attached", timeout: 20_000 });
  for (let i = 0; i <= max; i++) {
    if (await isFocused(target)) {
      await expectVisibleFocus(page);
      return;
    }
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  throw new Error(`Tab did not reach ${target} in ${max} presses; the focus is on ${await describeFocus(page)}`);
}

/**
 * The focused element shows it: an outline or a ring (box-shadow) on it, or, for a visually
 * hidden control (the file input), on the label that stands for it.
 */
export async function expectVisibleFocus(page: Page): Promise<void> {
  const shown = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return "nothing focused";
    const visible = (e: Element) => {
      const s = getComputedStyle(e);
      const outline = s.outlineStyle !== "none" && Number.parseFloat(s.outlineWidth) > 0;
      const ring = s.boxShadow !== "none" && s.boxShadow !== "";
      return outline || ring;
    };
    const r = el.getBoundingClientRect();
    const tiny = r.width <= 2 || r.height <= 2;
    if (!tiny && visible(el)) return "";
    // A visually hidden input: its label (or the element right after it) carries the focus ring.
    const labels = [...((el as HTMLInputElement).labels ?? []), el.nextElementSibling].filter((x): x is Element => !!x);
    if (labels.some(visible)) return "";
    return `no visible focus on <${el.tagName.toLowerCase()}> ${el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 40) ?? ""}`;
  });
  expect(shown, "the focused element shows a focus outline or ring").toBe("");
}

/** Tabs to `target` and presses Enter on it. */
export async function activate(page: Page, target: Locator, key: "Enter" | "Space" = "Enter"): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

/** Whether the focus is inside the open dialog. */
export function focusInDialog(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const dialogs = [...document.querySelectorAll('[role="dialog"]')];
    return dialogs.some((d) => d.contains(document.activeElement));
  });
}

/**
 * A modal dialog keeps the focus: it starts inside, and `presses` Tabs and as many Shift+Tabs never
 * leave it; Escape closes it and gives the focus back to `opener`.
 */
export async function expectFocusTrapAndEscape(page: Page, dialog: Locator, opener: Locator, presses = 12): Promise<void> {
  await expect.poll(() => dialog.count(), { timeout: 20_000 }).toBe(1);
  await expect.poll(() => focusInDialog(page), { timeout: 5_000 }).toBe(true);
  const visited = new Set<number>();
  for (const key of ["Tab", "Shift+Tab"]) {
    for (let i = 0; i < presses; i++) {
      await page.keyboard.press(key);
      const inside = await focusInDialog(page);
      if (!inside) throw new Error(`${key} moved the focus out of the dialog, to ${await describeFocus(page)}`);
      // Where the focus is, by its place in the document (two controls may share a name: both "Close").
      visited.add(await page.evaluate(() => [...document.querySelectorAll("*")].indexOf(document.activeElement as Element)));
    }
  }
  expect(visited.size, "Tab moves between the dialog's controls").toBeGreaterThan(1);
  await page.keyboard.press("Escape");
  await expect.poll(() => dialog.count(), { timeout: 10_000 }).toBe(0);
  await expect.poll(() => isFocused(opener), { timeout: 5_000 }).toBe(true);
}

/** Opens a dialog from the keyboard (Tab to its button, Enter), checks it with axe, then its focus trap and Escape. */
export async function checkDialog(page: Page, opener: Locator, name: string): Promise<void> {
  await tabTo(page, opener);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name });
  await expect.poll(() => dialog.count(), { timeout: 20_000 }).toBe(1);
  await expectNoSeriousA11yViolations(page, `${name} dialog`);
  await expectFocusTrapAndEscape(page, dialog, opener);
}
