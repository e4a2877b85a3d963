import { useOnline } from "./useOnline";

/**
 * The offline notice (issue 10): the service worker opens the app shell without a network, and
 * this says plainly why accounts, orders, messages and printers cannot load until it is back.
 */
export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <div role="status" className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-center text-sm text-amber-900">
      <strong className="font-semibold">You are offline.</strong> Printhood opened from this device, but signing in, orders, messages and
      printers need a connection. They load again as soon as you are back online.
    </div>
  );
}
