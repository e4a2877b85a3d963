import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { markReachable } from "../src/pwa/reachability";

// jsdom lacks these; the router's scroll restoration and Headless UI touch them.
Object.defineProperty(window, "scrollTo", { value: () => {}, writable: true });
if (typeof globalThis.ResizeObserver === "undefined") {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  markReachable(); // a test's network failure must not leave the next one "unreachable"
  sessionStorage.clear();
});
