import type { QueryClient } from "@tanstack/react-query";
import { type AnyRoute, createRouter, type RouterHistory } from "@tanstack/react-router";
import { accountRoutes } from "./routes/account";
import { orderingRoutes } from "./routes/ordering";
import { ownerRoutes } from "./routes/owner";
import { publicRoutes } from "./routes/public";
import { rootRoute } from "./routes/root";
import { signedInRoute } from "./routes/signedIn";
import { staffRoutes } from "./routes/staff";

// The route tree (code-based). Routes are declared by area in src/routes/: public screens, and
// under the one signed-in layout route (routes/signedIn.tsx) the ordering, account and owner screens.

export const routeTree = rootRoute.addChildren([
  ...publicRoutes,
  signedInRoute.addChildren([...accountRoutes, ...orderingRoutes, ...ownerRoutes, ...staffRoutes]),
]);

export function createAppRouter({
  queryClient,
  history,
  prerender = false,
}: {
  queryClient: QueryClient;
  history?: RouterHistory;
  prerender?: boolean;
}) {
  return createRouter({
    routeTree,
    context: { queryClient, prerender },
    ...(prerender ? { isServer: true } : {}),
    ...(history ? { history } : {}),
    defaultPreload: "intent",
    // Not in the prerender: on a server the router writes its restoring script into the page, which the CSP refuses.
    scrollRestoration: !prerender,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * Starts fetching the code of the screen at the current address at once, alongside the session
 * check. The router itself fetches a screen's chunk only in the loader phase, after every
 * `beforeLoad` has run, and the signed-in screens' guard waits for the session there: without
 * this, the first load of /dashboard or /checkout asks for the session, then for the screen's
 * code, one after the other. A failure is left to the router's own load, which reports it.
 */
export function preloadCurrentScreen(router: AppRouter): void {
  for (const match of router.matchRoutes(router.latestLocation)) {
    const route = (router.routesById as Record<string, AnyRoute>)[match.routeId];
    if (route) router.loadRouteChunk(route)?.catch(() => {});
  }
}

declare module "@tanstack/react-router" {
  interface Register {
    router: AppRouter;
  }
}
