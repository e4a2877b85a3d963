import { createRoute } from "@tanstack/react-router";
import { ownerJobsQuery, ownPrintersQuery } from "../api/printers";
import { AddPrinterPage } from "../pages/add-printer/AddPrinterPage";
import { PrinterDashboardPage } from "../pages/PrinterDashboardPage";
import { PrinterTrackingPage } from "../pages/PrinterTrackingPage";
import { prefetch } from "./prefetch";
import { signedInRoute } from "./signedIn";

// The printer owner's screens (spec 2 §2).

export const ownerRoutes = [
  createRoute({
    getParentRoute: () => signedInRoute,
    path: "/printer-dashboard",
    staticData: { signIn: { title: null, message: "Please sign in to access your printer dashboard." } },
    loader: ({ context: { queryClient, user } }) => {
      if (!user) return;
      prefetch(queryClient, ownPrintersQuery(user.id));
      prefetch(queryClient, ownerJobsQuery(user.id));
    },
    component: PrinterDashboardPage,
  }),
  createRoute({ getParentRoute: () => signedInRoute, path: "/add-printer", component: AddPrinterPage }),
  createRoute({ getParentRoute: () => signedInRoute, path: "/printer-tracking", component: PrinterTrackingPage }),
] as const;
