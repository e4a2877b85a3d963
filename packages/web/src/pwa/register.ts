/**
 * Registers the service worker that vite-plugin-pwa builds (Workbox, precaching the app shell) at
 * /sw.js, the address spec 2 §1 names. Production builds only: the dev server has no worker.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const register = () =>
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((error: unknown) => {
      console.error("Service worker registration failed", error);
    });
  // After the page's load, so the worker's precaching does not compete with it; the app often
  // starts after that event already (src/boot.ts).
  if (document.readyState === "complete") void register();
  else window.addEventListener("load", () => void register());
}
