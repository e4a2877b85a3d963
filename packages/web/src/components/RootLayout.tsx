import { Outlet } from "@tanstack/react-router";
import { InstallPrompt } from "../pwa/InstallPrompt";
import { OfflineNotice } from "../pwa/OfflineNotice";
import { Footer } from "./Footer";
import { Header } from "./Header";

/**
 * Header, page and footer, drawn at once: public pages do not wait for the session (the header
 * leaves its account corner empty until it is known), so the build's prerendered markup and the
 * first render are the same page (docs/architecture.md "First paint"). Signed-in screens wait
 * for it in their own layout (routes/signedIn.tsx).
 */
export function RootLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <OfflineNotice />
      <Header />
      {/* At least a screen tall: the footer starts below the fold, so a page whose data arrives after
          its first paint grows without pushing a visible footer down (layout shift, issue 13). */}
      <main id="main" className="min-h-screen flex-1">
        <Outlet />
      </main>
      <Footer />
      <InstallPrompt />
    </div>
  );
}
