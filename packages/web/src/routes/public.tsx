import { createRoute, lazyRouteComponent, type RouteComponent, redirect } from "@tanstack/react-router";
import { sessionQuery } from "../api/auth";
import { statsQuery } from "../api/stats";
import { BROWSE_DEFAULTS, browseQuery } from "../pages/browseQuery";
import { finderDefaults, finderQuery, validatePrintersSearch } from "../pages/printers/finder";
import { lazyPage } from "./lazyPage";
import { prefetch } from "./prefetch";
import { rootRoute } from "./root";

// Public screens (spec 1 §2, §6): anyone may open them. Each screen is its own chunk, loaded with
// its route (./lazyPage.ts); the loaders and search rules stay here, in the first load.

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/",
  loader: ({ context }) => prefetch(context.queryClient, statsQuery),
  component: lazyRouteComponent(() => import("../pages/LandingPage"), "LandingPage"),
});

const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/auth",
  validateSearch: (search: Record<string, unknown>): { tab?: string } => (typeof search.tab === "string" ? { tab: search.tab } : {}),
  component: lazyPage(
    () => import("../pages/AuthPage"),
    ({ AuthPage }) =>
      function AuthRoute() {
        const { tab } = authRoute.useSearch();
        return <AuthPage tab={tab} />;
      },
  ),
});

const browseRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/browse",
  loader: ({ context }) => void context.queryClient.prefetchInfiniteQuery(browseQuery(BROWSE_DEFAULTS)),
  component: lazyRouteComponent(() => import("../pages/BrowsePage"), "BrowsePage"),
});

const printersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/printers",
  validateSearch: validatePrintersSearch,
  // The finder opens nearest first from the account's ZIP, so it waits for the session (already asked for by the header).
  loader: async ({ context }) => {
    if (context.prerender) return;
    const user = await context.queryClient.ensureQueryData(sessionQuery);
    void context.queryClient.prefetchInfiniteQuery(finderQuery(finderDefaults(user?.zipCode)));
  },
  component: lazyPage(
    () => import("../pages/printers/PrintersPage"),
    ({ PrintersPage }) =>
      function PrintersRoute() {
        return <PrintersPage search={printersRoute.useSearch()} />;
      },
  ),
});

/** /my-orders redirects to /dashboard for everyone (spec 1 §2). */
const myOrdersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/my-orders",
  beforeLoad: () => {
    throw redirect({ to: "/dashboard", replace: true });
  },
});

/** A page with nothing to load. */
const page = <P extends string>(path: P, component: RouteComponent) => createRoute({ getParentRoute: () => rootRoute, path, component });

const howItWorksPage = lazyRouteComponent(() => import("../pages/HowItWorksPage"), "HowItWorksPage");
const pricingPage = lazyRouteComponent(() => import("../pages/pricing/PricingPage"), "PricingPage");
const contactPage = lazyRouteComponent(() => import("../pages/ContactPage"), "ContactPage");
const faqPage = lazyRouteComponent(() => import("../pages/FaqPage"), "FaqPage");
const termsPage = lazyRouteComponent(() => import("../pages/TermsPage"), "TermsPage");

export const publicRoutes = [
  indexRoute,
  authRoute,
  page("/how-it-works", howItWorksPage),
  page("/pricing", pricingPage),
  browseRoute,
  printersRoute,
  page("/contact", contactPage),
  page("/help", contactPage),
  page("/faq", faqPage),
  page("/terms", termsPage),
  myOrdersRoute,
] as const;
