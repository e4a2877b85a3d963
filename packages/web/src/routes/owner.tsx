import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { ownerFiguresQuery, ownerJobGroupPagesQuery, ownPrintersQuery } from "../api/printers";
import { printerVerificationQuery, qualityTestQuery } from "../api/verification";
import { validateTrackingSearch } from "../pages/tracking/trackingSearch";
import { lazyPage } from "./lazyPage";
import { prefetch, prefetchPages } from "./prefetch";
import { signedInRoute } from "./signedIn";

// The printer owner's screens (spec 2 §2). Each screen is its own chunk, loaded with its route (./lazyPage.ts).

const trackingRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/printer-tracking",
  validateSearch: validateTrackingSearch,
  loader: ({ context: { queryClient, user } }) => {
    if (user) prefetch(queryClient, ownPrintersQuery(user.id));
  },
  component: lazyPage(
    () => import("../pages/tracking/PrinterTrackingPage"),
    ({ PrinterTrackingPage }) =>
      function PrinterTrackingRoute() {
        return <PrinterTrackingPage search={trackingRoute.useSearch()} />;
      },
  ),
});

/** A printer's quality test (issue 21): download, print, measure, photograph, send; then its result. */
const qualityTestRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/quality-test/$printerId",
  staticData: { signIn: { title: null, message: "Please sign in to take your printer's quality test." } },
  loader: ({ context: { queryClient, user }, params }) => {
    if (!user) return;
    prefetch(queryClient, qualityTestQuery());
    prefetch(queryClient, printerVerificationQuery(params.printerId));
  },
  component: lazyPage(
    () => import("../pages/quality-test/QualityTestPage"),
    ({ QualityTestPage }) =>
      function QualityTestRoute() {
        const { printerId } = qualityTestRoute.useParams();
        return <QualityTestPage printerId={printerId} />;
      },
  ),
});

export const ownerRoutes = [
  createRoute({
    getParentRoute: () => signedInRoute,
    path: "/printer-dashboard",
    staticData: { signIn: { title: null, message: "Please sign in to access your printer dashboard." } },
    loader: ({ context: { queryClient, user } }) => {
      if (!user) return;
      prefetch(queryClient, ownPrintersQuery(user.id));
      prefetch(queryClient, ownerFiguresQuery(user.id));
      prefetchPages(queryClient, ownerJobGroupPagesQuery(user.id, "open"));
      prefetchPages(queryClient, ownerJobGroupPagesQuery(user.id, "completed"));
    },
    component: lazyRouteComponent(() => import("../pages/PrinterDashboardPage"), "PrinterDashboardPage"),
  }),
  createRoute({
    getParentRoute: () => signedInRoute,
    path: "/add-printer",
    component: lazyRouteComponent(() => import("../pages/add-printer/AddPrinterPage"), "AddPrinterPage"),
  }),
  trackingRoute,
  qualityTestRoute,
] as const;
