import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext } from "@tanstack/react-router";
import { RootLayout } from "../components/RootLayout";
import { NotFoundPage } from "../pages/NotFoundPage";

export interface RouterContext {
  queryClient: QueryClient;
  /**
   * True only in the build's prerender (src/prerender.tsx): there is no API to ask, so nothing
   * waits for the session, and the pages draw what they draw while it loads.
   */
  prerender?: boolean;
}

/** Header, page and footer for every address; the 404 page for unknown ones. */
export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});
