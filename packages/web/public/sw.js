// Printhood service worker: a network-only pass-through.
// It caches nothing, so it can never serve stale pages or API data; it exists so the
// site is installable and so a later offline helper has a place to live.
self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

// No fetch handler on purpose: every request goes to the network as if there were no worker
// (an empty handler would only add overhead to each navigation).
