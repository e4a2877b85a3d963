import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { expect } from "vitest";

/**
 * Parts of a page drawn by third-party code that axe cannot judge fairly, each with why:
 * - `.leaflet-tile-pane`: the map's tile images (OpenStreetMap's, blocked on this offline machine),
 *   decorative raster tiles that Leaflet renders without alt text by design; the markers and popups
 *   (ours) stay checked.
 */
const THIRD_PARTY_EXCLUSIONS = [".leaflet-tile-pane"];

/**
 * Runs axe-core (WCAG 2 A and AA rules) on the page as it is now and fails with a readable list
 * when it finds a serious or critical violation: the rule, what it asks, and each element's
 * selector with axe's explanation. Minor and moderate findings are left to Lighthouse's audit
 * (npm run audit:web). Call it once the page's content has loaded, and again after a change that
 * draws something new (a dialog, a tab, a form's errors).
 */
export async function expectNoSeriousA11yViolations(page: Page, where = ""): Promise<void> {
  await settleAnimations(page);
  let builder = new AxeBuilder({ page })
    // Legacy mode runs axe inside the page itself: no helper page, so it works for pages made
    // with browser.newPage() too (their context cannot open another), and the site has no frames.
    .setLegacyMode(true)
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  for (const selector of THIRD_PARTY_EXCLUSIONS) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const found = serious.flatMap((v) =>
    v.nodes.map((n) => {
      const why = (n.failureSummary ?? "").split("\n").slice(1, 3).join(" ").trim();
      return `${v.id} (${v.impact}): ${v.help}: ${n.target.join(" ")} ${n.html.slice(0, 160)}${why ? ` (${why})` : ""}`;
    }),
  );
  const path = new URL(page.url()).pathname + new URL(page.url()).search;
  expect(found, `axe found serious or critical accessibility violations on ${path}${where ? ` (${where})` : ""}`).toEqual([]);
}

/**
 * Waits (at most 2 s) for the page's finite animations and transitions to end, so axe judges what
 * a person reads rather than a frame of a fade-in: a toast caught half-faded measured 3.4:1 where
 * the settled one is well above 4.5:1. Endless ones (spinners) are not waited for.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.race([Promise.allSettled(finite.map((a) => a.finished)), new Promise((r) => setTimeout(r, 2000))]);
  });
}

/**
 * The controls on the page smaller than 24×24 px (WCAG 2.2 target size, 2.5.8), as "WxH <tag> text"
 * lines: links, buttons, tabs and switches. axe's `target-size` lets a small target pass when
 * nothing is within 24 px of it; this asks each control itself to be 24 px high and wide (padding or
 * min-h-6, not bigger text), so a small "Job Details" beside other text fails. Left out, as WCAG
 * leaves them out: a link inside a sentence (inline, with words around it), a check box or radio
 * button inside a label of at least 24×24 px (the label is clicked too, so it is the target), and
 * what is not shown (sr-only's 1 px).
 */
export async function smallTargets(page: Page): Promise<string[]> {
  await settleAnimations(page);
  return page.evaluate(() => {
    const controls = document.querySelectorAll(
      'a[href], button, summary, input:not([type="hidden"]), select, [role="button"], [role="tab"], [role="switch"], [role="link"]',
    );
    const inSentence = (el: Element) =>
      getComputedStyle(el).display === "inline" &&
      [...(el.parentElement?.childNodes ?? [])].some(
        (n) => n !== el && n.nodeType === Node.TEXT_NODE && (n.textContent ?? "").trim() !== "",
      );
    // A check box or radio button inside its label is clicked through the label too: its target is
    // the label's box, which must itself be 24×24 px (a 16 px box in a 16 px line of text is not).
    const inLabel = (el: Element) => {
      const label = el instanceof HTMLInputElement && ["checkbox", "radio"].includes(el.type) ? el.closest("label") : null;
      const r = label?.getBoundingClientRect();
      return !!r && r.width >= 23.5 && r.height >= 23.5;
    };
    return [...controls].flatMap((el) => {
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1 || getComputedStyle(el).visibility === "hidden") return [];
      if ((r.width >= 23.5 && r.height >= 23.5) || inSentence(el) || inLabel(el) || el.closest(".leaflet-container")) return [];
      const text = (el.textContent || el.getAttribute("aria-label") || "").trim().replace(/\s+/g, " ").slice(0, 40);
      return [`${Math.round(r.width)}x${Math.round(r.height)} <${el.tagName.toLowerCase()}> "${text}"`];
    });
  });
}
