import { useEffect, useState } from "react";

/** Chrome's `beforeinstallprompt` event (not in the DOM typings). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

/** Local storage key of "Not now" (spec 2 §2 Install prompt: a dismissed flag stored locally). Kept on sign-out: it is the device's. */
export const INSTALL_DISMISSED_KEY = "printhood.installPromptDismissed";

function dismissedBefore(): boolean {
  try {
    return localStorage.getItem(INSTALL_DISMISSED_KEY) === "1";
  } catch {
    return false;
  }
}

/**
 * The install prompt: appears when the browser offers to install the app (its
 * `beforeinstallprompt`), with Install (the browser's own dialog) and Not now (remembered).
 */
export function InstallPrompt() {
  const [offer, setOffer] = useState<BeforeInstallPromptEvent | null>(null);

  useEffect(() => {
    const onOffer = (event: Event) => {
      event.preventDefault(); // show ours instead of the browser's mini-infobar
      if (!dismissedBefore()) setOffer(event as BeforeInstallPromptEvent);
    };
    const onInstalled = () => setOffer(null);
    window.addEventListener("beforeinstallprompt", onOffer);
    window.addEventListener("appinstalled", onInstalled);
    return () => {
      window.removeEventListener("beforeinstallprompt", onOffer);
      window.removeEventListener("appinstalled", onInstalled);
    };
  }, []);

  if (!offer) return null;

  const install = async () => {
    setOffer(null);
    try {
      await offer.prompt();
      await offer.userChoice;
    } catch (error) {
      console.error("The install prompt failed", error);
    }
  };
  const notNow = () => {
    try {
      localStorage.setItem(INSTALL_DISMISSED_KEY, "1");
    } catch {
      // storage unavailable: it simply asks again next time
    }
    setOffer(null);
  };

  return (
    <section
      aria-labelledby="install-prompt-title"
      className="fixed inset-x-4 bottom-4 z-[90] mx-auto max-w-md rounded-2xl border border-slate-200 bg-white p-4 shadow-xl sm:left-4 sm:right-auto"
    >
      <div className="flex items-start gap-3">
        <img src="/icons/icon-192.png" alt="" className="h-10 w-10 rounded-lg" />
        <div className="min-w-0 flex-1">
          <h2 id="install-prompt-title" className="font-semibold text-slate-900">
            Install Printhood
          </h2>
          <p className="mt-0.5 text-sm text-slate-600">Add Printhood to your device for quick access to your orders and messages.</p>
          <div className="mt-3 flex gap-2">
            <button
              type="button"
              onClick={() => void install()}
              className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
            >
              Install
            </button>
            <button type="button" onClick={notNow} className="rounded-lg px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100">
              Not now
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
