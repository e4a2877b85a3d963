import { createRoute, redirect } from "@tanstack/react-router";
import { sessionQuery } from "../api/auth";
import { statsQuery } from "../api/stats";
import { AuthPage } from "../pages/AuthPage";
import { BROWSE_DEFAULTS, BrowsePage, browseQuery } from "../pages/BrowsePage";
import { ContactPage } from "../pages/ContactPage";
import { FaqPage } from "../pages/FaqPage";
import { HowItWorksPage } from "../pages/HowItWorksPage";
import { LandingPage } from "../pages/LandingPage";
import { PricingPage } from "../pages/pricing/PricingPage";
import { finderDefaults, finderQuery, validatePrintersSearch } from "../pages/printers/finder";
import { PrintersPage } from "../pages/printers/PrintersPage";
import { TermsPage } from "../pages/TermsPage";
import { prefetch } from "./prefetch";
import { rootRoute } from "./root";

// Public screens (spec 1 §2, §6): anyone may open them.

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/",
  loader: ({ context }) => prefetch(context.queryClient, statsQuery),
  component: LandingPage,
});

const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/auth",
  validateSearch: (search: Record<string, unknown>): { tab?: string } => (typeof search.tab === "string" ? { tab: search.tab } : {}),
  component: function AuthRoute() {
    const { tab } = authRoute.useSearch();
    return <AuthPage tab={tab} />;
  },
});

const browseRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/browse",
  loader: ({ context }) => prefetch(context.queryClient, browseQuery(BROWSE_DEFAULTS)),
  component: BrowsePage,
});

const printersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/printers",
  validateSearch: validatePrintersSearch,
  // The finder opens nearest first from the account's ZIP, so it waits for the session (already asked for by the header).
  loader: async ({ context }) => {
    const user = await context.queryClient.ensureQueryData(sessionQuery);
    prefetch(context.queryClient, finderQuery(finderDefaults(user?.zipCode)));
  },
  component: function PrintersRoute() {
    return <PrintersPage search={printersRoute.useSearch()} />;
  },
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
const page = <P extends string>(path: P, component: () => React.JSX.Element) =>
  createRoute({ getParentRoute: () => rootRoute, path, component });

export const publicRoutes = [
  indexRoute,
  authRoute,
  page("/how-it-works", HowItWorksPage),
  page("/pricing", PricingPage),
  browseRoute,
  printersRoute,
  page("/contact", ContactPage),
  page("/help", ContactPage),
  page("/faq", FaqPage),
  page("/terms", TermsPage),
  myOrdersRoute,
] as const;
