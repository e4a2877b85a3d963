/** Debian's Chromium, which the journeys and the page audit drive (no browser download). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Flags that keep Chromium away from Google's services: on this offline machine it otherwise
 * tries to reach them at every start, many connections at a time.
 */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
