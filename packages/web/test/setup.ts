import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeAll, vi } from "vitest";
import { markReachable } from "../src/pwa/reachability";

// findBy*/waitFor give up after 1 s by default. A screen's lazily loaded code is transformed by vitest
// on first import, which on a busy 2-core machine (CI runs the tiers side by side) takes longer than
// that: the checkout's card form failed only under load. 5 s still fails a screen that never shows.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these; the router's scroll restoration and Headless UI touch them.
Object.defineProperty(window, "scrollTo", { value: () => {}, writable: true });
if (typeof globalThis.ResizeObserver === "undefined") {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// The header's bell and profile menu load lazily in the app (src/components/Header.tsx). Loading
// their module once per test file makes a test wait for a render, not for the first transform of
// Headless UI's menus, which took over a second on a busy machine (waitFor's limit).
beforeAll(async () => {
  await import("../src/components/AccountMenus");
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  markReachable(); // a test's network failure must not leave the next one "unreachable"
  sessionStorage.clear();
});
