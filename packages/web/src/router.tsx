import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, createRoute, createRouter, type RouterHistory, redirect } from "@tanstack/react-router";
import { RequireAuth } from "./auth/RequireAuth";
import { RootLayout } from "./components/RootLayout";
import type { SignInPromptProps } from "./components/SignInPrompt";
import { AddPrinterPage } from "./pages/AddPrinterPage";
import { AuthPage } from "./pages/AuthPage";
import { BrowsePage } from "./pages/BrowsePage";
import { CheckoutPage } from "./pages/CheckoutPage";
import { ChoosePrinterPage } from "./pages/ChoosePrinterPage";
import { ContactPage } from "./pages/ContactPage";
import { DashboardPage } from "./pages/DashboardPage";
import { FaqPage } from "./pages/FaqPage";
import { HowItWorksPage } from "./pages/HowItWorksPage";
import { LandingPage } from "./pages/LandingPage";
import { MessagesPage } from "./pages/MessagesPage";
import { NotFoundPage } from "./pages/NotFoundPage";
import { OrderConfirmationPage } from "./pages/OrderConfirmationPage";
import { OrderDetailsPage } from "./pages/OrderDetailsPage";
import { OrdersPage } from "./pages/OrdersPage";
import { PricingPage } from "./pages/PricingPage";
import { PrinterDashboardPage } from "./pages/PrinterDashboardPage";
import { PrintersPage, validatePrintersSearch } from "./pages/PrintersPage";
import { PrinterTrackingPage } from "./pages/PrinterTrackingPage";
import { ProfilePage } from "./pages/ProfilePage";
import { SavedPrintsPage } from "./pages/SavedPrintsPage";
import { SubmitPrintPage } from "./pages/SubmitPrintPage";
import { TermsPage } from "./pages/TermsPage";
import { UploadPage } from "./pages/UploadPage";

export interface RouterContext {
  queryClient: QueryClient;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

// ---- public routes ----

const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: "/", component: LandingPage });

interface AuthSearch {
  tab?: string;
}

const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/auth",
  validateSearch: (search: Record<string, unknown>): AuthSearch => (typeof search.tab === "string" ? { tab: search.tab } : {}),
  component: function AuthRoute() {
    const { tab } = authRoute.useSearch();
    return <AuthPage tab={tab} />;
  },
});

const howItWorksRoute = createRoute({ getParentRoute: () => rootRoute, path: "/how-it-works", component: HowItWorksPage });
const pricingRoute = createRoute({ getParentRoute: () => rootRoute, path: "/pricing", component: PricingPage });
const browseRoute = createRoute({ getParentRoute: () => rootRoute, path: "/browse", component: BrowsePage });
const printersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/printers",
  validateSearch: validatePrintersSearch,
  component: function PrintersRoute() {
    return <PrintersPage search={printersRoute.useSearch()} />;
  },
});
const contactRoute = createRoute({ getParentRoute: () => rootRoute, path: "/contact", component: ContactPage });
const helpRoute = createRoute({ getParentRoute: () => rootRoute, path: "/help", component: ContactPage });
const faqRoute = createRoute({ getParentRoute: () => rootRoute, path: "/faq", component: FaqPage });
const termsRoute = createRoute({ getParentRoute: () => rootRoute, path: "/terms", component: TermsPage });

const myOrdersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/my-orders",
  beforeLoad: () => {
    throw redirect({ to: "/dashboard", replace: true });
  },
});

// ---- signed-in routes: each renders through RequireAuth ----

function signedIn(Page: () => React.JSX.Element, prompt?: SignInPromptProps): () => React.JSX.Element {
  function SignedInRoute() {
    return (
      <RequireAuth prompt={prompt}>
        <Page />
      </RequireAuth>
    );
  }
  return SignedInRoute;
}

const dashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/dashboard",
  component: signedIn(DashboardPage, { title: null, message: "Please sign in to view your dashboard." }),
});
const printerDashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/printer-dashboard",
  component: signedIn(PrinterDashboardPage, {
    title: null,
    message: "Please sign in to access your printer dashboard.",
  }),
});
const messagesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/messages",
  component: signedIn(MessagesPage, { title: null, message: "Please log in to view your messages." }),
});
/** Ids in the address: non-empty text (numbers, as the spec's integer ids, read as text). */
function idParam(v: unknown): string | undefined {
  const s = typeof v === "number" && Number.isFinite(v) ? String(v) : typeof v === "string" ? v.trim() : "";
  return s && s.length <= 64 ? s : undefined;
}
function idSearch<K extends string>(...keys: K[]) {
  return (search: Record<string, unknown>): Partial<Record<K, string>> => {
    const out: Partial<Record<K, string>> = {};
    for (const k of keys) {
      const v = idParam(search[k]);
      if (v) out[k] = v;
    }
    return out;
  };
}

const uploadRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/upload",
  validateSearch: idSearch("printer", "draft"),
  component: function UploadRoute() {
    const search = uploadRoute.useSearch();
    return (
      <RequireAuth prompt={{ title: "Sign In Required", message: "Please sign in to upload your 3D designs." }}>
        <UploadPage key={search.draft ?? "new"} search={search} />
      </RequireAuth>
    );
  },
});
const addPrinterRoute = createRoute({ getParentRoute: () => rootRoute, path: "/add-printer", component: signedIn(AddPrinterPage) });
const printerTrackingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/printer-tracking",
  component: signedIn(PrinterTrackingPage),
});
const orderDetailsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/order/$id",
  component: function OrderDetailsRoute() {
    const { id } = orderDetailsRoute.useParams();
    return (
      <RequireAuth>
        <OrderDetailsPage orderId={id} />
      </RequireAuth>
    );
  },
});
const checkoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/checkout",
  validateSearch: idSearch("orderId"),
  component: function CheckoutRoute() {
    const search = checkoutRoute.useSearch();
    return (
      <RequireAuth>
        <CheckoutPage search={search} />
      </RequireAuth>
    );
  },
});
const profileRoute = createRoute({ getParentRoute: () => rootRoute, path: "/profile", component: signedIn(ProfilePage) });
const ordersRoute = createRoute({ getParentRoute: () => rootRoute, path: "/orders", component: signedIn(OrdersPage) });
const orderConfirmationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/order-confirmation",
  component: signedIn(OrderConfirmationPage),
});
const choosePrinterRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/choose-printer",
  validateSearch: idSearch("draftId"),
  component: function ChoosePrinterRoute() {
    const search = choosePrinterRoute.useSearch();
    return (
      <RequireAuth>
        <ChoosePrinterPage search={search} />
      </RequireAuth>
    );
  },
});
const submitPrintRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/submit-print",
  validateSearch: idSearch("printerId", "draftId"),
  component: function SubmitPrintRoute() {
    const search = submitPrintRoute.useSearch();
    return (
      <RequireAuth>
        <SubmitPrintPage key={`${search.printerId}/${search.draftId}`} search={search} />
      </RequireAuth>
    );
  },
});
const savedPrintsRoute = createRoute({ getParentRoute: () => rootRoute, path: "/saved-prints", component: signedIn(SavedPrintsPage) });

export const routeTree = rootRoute.addChildren([
  indexRoute,
  authRoute,
  howItWorksRoute,
  pricingRoute,
  browseRoute,
  printersRoute,
  contactRoute,
  helpRoute,
  faqRoute,
  termsRoute,
  myOrdersRoute,
  dashboardRoute,
  printerDashboardRoute,
  addPrinterRoute,
  printerTrackingRoute,
  orderDetailsRoute,
  checkoutRoute,
  profileRoute,
  messagesRoute,
  ordersRoute,
  orderConfirmationRoute,
  uploadRoute,
  choosePrinterRoute,
  submitPrintRoute,
  savedPrintsRoute,
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
