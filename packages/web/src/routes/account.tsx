import { createRoute } from "@tanstack/react-router";
import { draftsQuery } from "../api/jobs";
import { conversationsQuery } from "../api/messages";
import { myOrdersQuery } from "../api/orders";
import { DashboardPage } from "../pages/DashboardPage";
import { MessagesPage, type MessagesSearch } from "../pages/MessagesPage";
import { ProfilePage } from "../pages/ProfilePage";
import { prefetch } from "./prefetch";
import { idSearch } from "./search";
import { signedInRoute } from "./signedIn";

// The customer's own screens (spec 2 §2). /dashboard and /messages have their own sign-in texts.

const messagesRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/messages",
  staticData: { signIn: { title: null, message: "Please log in to view your messages." } },
  validateSearch: (search: Record<string, unknown>): MessagesSearch => idSearch(search, "job"),
  loader: ({ context: { queryClient, user } }) => {
    if (user) prefetch(queryClient, conversationsQuery(user.id));
  },
  component: function MessagesRoute() {
    return <MessagesPage search={messagesRoute.useSearch()} />;
  },
});

export const accountRoutes = [
  createRoute({
    getParentRoute: () => signedInRoute,
    path: "/dashboard",
    staticData: { signIn: { title: null, message: "Please sign in to view your dashboard." } },
    loader: ({ context: { queryClient, user } }) => {
      if (!user) return;
      prefetch(queryClient, myOrdersQuery(user.id));
      prefetch(queryClient, draftsQuery(user.id));
    },
    component: DashboardPage,
  }),
  messagesRoute,
  createRoute({ getParentRoute: () => signedInRoute, path: "/profile", component: ProfilePage }),
] as const;
