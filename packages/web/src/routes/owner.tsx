import { createRoute } from "@tanstack/react-router";
import { ownerJobsQuery, ownPrintersQuery } from "../api/printers";
import { AddPrinterPage } from "../pages/add-printer/AddPrinterPage";
import { PrinterDashboardPage } from "../pages/PrinterDashboardPage";
import { PrinterTrackingPage, validateTrackingSearch } from "../pages/tracking/PrinterTrackingPage";
import { prefetch } from "./prefetch";
import { signedInRoute } from "./signedIn";

// The printer owner's screens (spec 2 §2).

const trackingRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/printer-tracking",
  validateSearch: validateTrackingSearch,
  loader: ({ context: { queryClient, user } }) => {
    if (user) prefetch(queryClient, ownPrintersQuery(user.id));
  },
  component: function PrinterTrackingRoute() {
    return <PrinterTrackingPage search={trackingRoute.useSearch()} />;
  },
});

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
  trackingRoute,
] as const;
