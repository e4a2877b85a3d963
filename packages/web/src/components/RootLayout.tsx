import { Outlet } from "@tanstack/react-router";
import { useAuth } from "../auth/useAuth";
import { InstallPrompt } from "../pwa/InstallPrompt";
import { OfflineNotice } from "../pwa/OfflineNotice";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { FullPageSpinner } from "./Spinner";

/** Header, page and footer; a full-page spinner until the session is known. */
export function RootLayout() {
  const { isLoading } = useAuth();
  if (isLoading)
    return (
      <>
        <OfflineNotice />
        <FullPageSpinner />
      </>
    );
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
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
      <InstallPrompt />
    </div>
  );
}
