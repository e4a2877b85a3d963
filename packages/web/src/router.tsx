import type { QueryClient } from "@tanstack/react-query";
import { createRouter, type RouterHistory } from "@tanstack/react-router";
import { accountRoutes } from "./routes/account";
import { orderingRoutes } from "./routes/ordering";
import { ownerRoutes } from "./routes/owner";
import { publicRoutes } from "./routes/public";
import { rootRoute } from "./routes/root";
import { signedInRoute } from "./routes/signedIn";

// The route tree (code-based). Routes are declared by area in src/routes/: public screens, and
// under the one signed-in layout route (routes/signedIn.tsx) the ordering, account and owner screens.

export const routeTree = rootRoute.addChildren([
  ...publicRoutes,
  signedInRoute.addChildren([...accountRoutes, ...orderingRoutes, ...ownerRoutes]),
]);

export function createAppRouter({ queryClient, history }: { queryClient: QueryClient; history?: RouterHistory }) {
  return createRouter({
    routeTree,
    context: { queryClient },
    ...(history ? { history } : {}),
    defaultPreload: "intent",
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module "@tanstack/react-router" {
  interface Register {
    router: AppRouter;
  }
}
