import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { draftPagesQuery, draftQuery, printJobQuery } from "../api/jobs";
import { myOrderPagesQuery } from "../api/orders";
import { printerQuery } from "../api/printers";
import type { CheckoutSearch } from "../pages/CheckoutPage";
import { CHOOSE_DEFAULTS, type ChoosePrinterSearch, choosePrintersQuery } from "../pages/choosePrinterQuery";
import type { OrderConfirmationSearch } from "../pages/OrderConfirmationPage";
import { SUBMIT_RETRIES, type SubmitPrintSearch } from "../pages/submit/submitSearch";
import type { UploadSearch } from "../pages/upload/UploadPage";
import { lazyPage } from "./lazyPage";
import { prefetch } from "./prefetch";
import { idSearch } from "./search";
import { signedInRoute } from "./signedIn";

// From a design to an order (spec 1 §2, spec 2 §2): upload, saved prints, printer choice,
// submission, checkout and the orders. All signed in; loaders fetch only for a signed-in user.
// Each screen is its own chunk, loaded with its route (./lazyPage.ts): the upload page's analysis
// and 3D preview, and checkout's card form, never reach the other screens.

const uploadRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/upload",
  staticData: { signIn: { title: "Sign In Required", message: "Please sign in to upload your 3D designs." } },
  validateSearch: (search: Record<string, unknown>): UploadSearch => idSearch(search, "printer", "draft"),
  loaderDeps: ({ search }) => ({ draft: search.draft, printer: search.printer }),
  loader: ({ context: { queryClient, user }, deps }) => {
    if (!user) return;
    if (deps.draft) prefetch(queryClient, draftQuery(deps.draft));
    if (deps.printer) prefetch(queryClient, printerQuery(deps.printer));
  },
  component: lazyPage(
    () => import("../pages/upload/UploadPage"),
    ({ UploadPage }) =>
      function UploadRoute() {
        const search = uploadRoute.useSearch();
        return <UploadPage key={search.draft ?? "new"} search={search} />;
      },
  ),
});

const savedPrintsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/saved-prints",
  loader: ({ context: { queryClient, user } }) => {
    if (user) void queryClient.prefetchInfiniteQuery(draftPagesQuery(user.id));
  },
  component: lazyRouteComponent(() => import("../pages/SavedPrintsPage"), "SavedPrintsPage"),
});

const choosePrinterRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/choose-printer",
  validateSearch: (search: Record<string, unknown>): ChoosePrinterSearch => idSearch(search, "draftId"),
  loaderDeps: ({ search }) => ({ draftId: search.draftId }),
  loader: ({ context: { queryClient, user }, deps }) => {
    if (!user) return;
    void queryClient.prefetchInfiniteQuery(choosePrintersQuery(CHOOSE_DEFAULTS));
    if (deps.draftId) prefetch(queryClient, draftQuery(deps.draftId));
  },
  component: lazyPage(
    () => import("../pages/ChoosePrinterPage"),
    ({ ChoosePrinterPage }) =>
      function ChoosePrinterRoute() {
        return <ChoosePrinterPage search={choosePrinterRoute.useSearch()} />;
      },
  ),
});

const submitPrintRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/submit-print",
  validateSearch: (search: Record<string, unknown>): SubmitPrintSearch => idSearch(search, "printerId", "draftId"),
  loaderDeps: ({ search }) => ({ printerId: search.printerId, draftId: search.draftId }),
  loader: ({ context: { queryClient, user }, deps: { printerId, draftId } }) => {
    if (!user || !printerId || !draftId) return;
    prefetch(queryClient, draftQuery(draftId, SUBMIT_RETRIES));
    prefetch(queryClient, printerQuery(printerId, SUBMIT_RETRIES));
  },
  component: lazyPage(
    () => import("../pages/submit/SubmitPrintPage"),
    ({ SubmitPrintPage }) =>
      function SubmitPrintRoute() {
        const search = submitPrintRoute.useSearch();
        return <SubmitPrintPage key={`${search.printerId}/${search.draftId}`} search={search} />;
      },
  ),
});

const checkoutRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/checkout",
  validateSearch: (search: Record<string, unknown>): CheckoutSearch => idSearch(search, "orderId"),
  loaderDeps: ({ search }) => ({ orderId: search.orderId }),
  loader: ({ context: { queryClient, user }, deps }) => {
    if (user && deps.orderId) prefetch(queryClient, printJobQuery(deps.orderId));
  },
  component: lazyPage(
    () => import("../pages/CheckoutPage"),
    ({ CheckoutPage }) =>
      function CheckoutRoute() {
        return <CheckoutPage search={checkoutRoute.useSearch()} />;
      },
  ),
});

const orderDetailsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/order/$id",
  loader: ({ context: { queryClient, user }, params }) => {
    if (user) prefetch(queryClient, printJobQuery(params.id));
  },
  component: lazyPage(
    () => import("../pages/order/OrderDetailsPage"),
    ({ OrderDetailsPage }) =>
      function OrderDetailsRoute() {
        const { id } = orderDetailsRoute.useParams();
        return <OrderDetailsPage orderId={id} />;
      },
  ),
});

const orderConfirmationRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/order-confirmation",
  validateSearch: (search: Record<string, unknown>): OrderConfirmationSearch => idSearch(search, "orderId"),
  component: lazyPage(
    () => import("../pages/OrderConfirmationPage"),
    ({ OrderConfirmationPage }) =>
      function OrderConfirmationRoute() {
        return <OrderConfirmationPage search={orderConfirmationRoute.useSearch()} />;
      },
  ),
});

export const orderingRoutes = [
  uploadRoute,
  savedPrintsRoute,
  choosePrinterRoute,
  submitPrintRoute,
  checkoutRoute,
  createRoute({
    getParentRoute: () => signedInRoute,
    path: "/orders",
    loader: ({ context: { queryClient, user } }) => {
      if (user) void queryClient.prefetchInfiniteQuery(myOrderPagesQuery(user.id));
    },
    component: lazyRouteComponent(() => import("../pages/OrdersPage"), "OrdersPage"),
  }),
  orderDetailsRoute,
  orderConfirmationRoute,
] as const;
