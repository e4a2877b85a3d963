import { createRoute } from "@tanstack/react-router";
import { draftsQuery } from "../api/jobs";
import { myOrdersQuery } from "../api/orders";
import { DashboardPage } from "../pages/DashboardPage";
import { MessagesPage } from "../pages/MessagesPage";
import { ProfilePage } from "../pages/ProfilePage";
import { prefetch } from "./prefetch";
import { signedInRoute } from "./signedIn";

// The customer's own screens (spec 2 §2). /dashboard and /messages have their own sign-in texts.

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
  createRoute({
    getParentRoute: () => signedInRoute,
    path: "/messages",
    staticData: { signIn: { title: null, message: "Please log in to view your messages." } },
    component: MessagesPage,
  }),
  createRoute({ getParentRoute: () => signedInRoute, path: "/profile", component: ProfilePage }),
] as const;
