import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { draftsQuery } from "../api/jobs";
import { conversationsQuery } from "../api/messages";
import { myOrderFiguresQuery, myOrderPagesQuery } from "../api/orders";
import type { MessagesSearch } from "../pages/MessagesPage";
import { lazyPage } from "./lazyPage";
import { prefetch, prefetchPages } from "./prefetch";
import { idSearch } from "./search";
import { signedInRoute } from "./signedIn";

// The customer's own screens (spec 2 §2). /dashboard and /messages have their own sign-in texts.
// Each screen is its own chunk, loaded with its route (./lazyPage.ts).

const messagesRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/messages",
  staticData: { signIn: { title: null, message: "Please log in to view your messages." } },
  validateSearch: (search: Record<string, unknown>): MessagesSearch => idSearch(search, "job"),
  loader: ({ context: { queryClient, user } }) => {
    if (user) prefetchPages(queryClient, conversationsQuery(user.id));
  },
  component: lazyPage(
    () => import("../pages/MessagesPage"),
    ({ MessagesPage }) =>
      function MessagesRoute() {
        return <MessagesPage search={messagesRoute.useSearch()} />;
      },
  ),
});

export const accountRoutes = [
  createRoute({
    getParentRoute: () => signedInRoute,
    path: "/dashboard",
    staticData: { signIn: { title: null, message: "Please sign in to view your dashboard." } },
    loader: ({ context: { queryClient, user } }) => {
      if (!user) return;
      prefetch(queryClient, myOrderFiguresQuery(user.id));
      prefetch(queryClient, draftsQuery(user.id));
      // The tab the dashboard opens on.
      prefetchPages(queryClient, myOrderPagesQuery(user.id, "active"));
    },
    component: lazyRouteComponent(() => import("../pages/DashboardPage"), "DashboardPage"),
  }),
  messagesRoute,
  createRoute({
    getParentRoute: () => signedInRoute,
    path: "/profile",
    component: lazyRouteComponent(() => import("../pages/ProfilePage"), "ProfilePage"),
  }),
] as const;
