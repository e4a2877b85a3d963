/**
 * Registers the service worker that vite-plugin-pwa builds (Workbox, precaching the app shell) at
 * /sw.js, the address spec 2 §1 names. Production builds only: the dev server has no worker.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((error: unknown) => {
      console.error("Service worker registration failed", error);
    });
  });
}
