import { createRoute } from "@tanstack/react-router";
import { draftQuery, draftsQuery, printJobQuery } from "../api/jobs";
import { myOrdersQuery } from "../api/orders";
import { printerQuery } from "../api/printers";
import { CheckoutPage, type CheckoutSearch } from "../pages/CheckoutPage";
import { CHOOSE_DEFAULTS, ChoosePrinterPage, type ChoosePrinterSearch, choosePrintersQuery } from "../pages/ChoosePrinterPage";
import { OrderConfirmationPage, type OrderConfirmationSearch } from "../pages/OrderConfirmationPage";
import { OrdersPage } from "../pages/OrdersPage";
import { OrderDetailsPage } from "../pages/order/OrderDetailsPage";
import { SavedPrintsPage } from "../pages/SavedPrintsPage";
import { SUBMIT_RETRIES, SubmitPrintPage, type SubmitPrintSearch } from "../pages/submit/SubmitPrintPage";
import { UploadPage, type UploadSearch } from "../pages/upload/UploadPage";
import { prefetch } from "./prefetch";
import { idSearch } from "./search";
import { signedInRoute } from "./signedIn";

// From a design to an order (spec 1 §2, spec 2 §2): upload, saved prints, printer choice,
// submission, checkout and the orders. All signed in; loaders fetch only for a signed-in user.

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
  component: function UploadRoute() {
    const search = uploadRoute.useSearch();
    return <UploadPage key={search.draft ?? "new"} search={search} />;
  },
});

const savedPrintsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/saved-prints",
  loader: ({ context: { queryClient, user } }) => {
    if (user) prefetch(queryClient, draftsQuery(user.id));
  },
  component: SavedPrintsPage,
});

const choosePrinterRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/choose-printer",
  validateSearch: (search: Record<string, unknown>): ChoosePrinterSearch => idSearch(search, "draftId"),
  loaderDeps: ({ search }) => ({ draftId: search.draftId }),
  loader: ({ context: { queryClient, user }, deps }) => {
    if (!user) return;
    prefetch(queryClient, choosePrintersQuery(CHOOSE_DEFAULTS));
    if (deps.draftId) prefetch(queryClient, draftQuery(deps.draftId));
  },
  component: function ChoosePrinterRoute() {
    return <ChoosePrinterPage search={choosePrinterRoute.useSearch()} />;
  },
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
  component: function SubmitPrintRoute() {
    const search = submitPrintRoute.useSearch();
    return <SubmitPrintPage key={`${search.printerId}/${search.draftId}`} search={search} />;
  },
});

const checkoutRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/checkout",
  validateSearch: (search: Record<string, unknown>): CheckoutSearch => idSearch(search, "orderId"),
  loaderDeps: ({ search }) => ({ orderId: search.orderId }),
  loader: ({ context: { queryClient, user }, deps }) => {
    if (user && deps.orderId) prefetch(queryClient, printJobQuery(deps.orderId));
  },
  component: function CheckoutRoute() {
    return <CheckoutPage search={checkoutRoute.useSearch()} />;
  },
});

const orderDetailsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/order/$id",
  loader: ({ context: { queryClient, user }, params }) => {
    if (user) prefetch(queryClient, printJobQuery(params.id));
  },
  component: function OrderDetailsRoute() {
    const { id } = orderDetailsRoute.useParams();
    return <OrderDetailsPage orderId={id} />;
  },
});

const orderConfirmationRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/order-confirmation",
  validateSearch: (search: Record<string, unknown>): OrderConfirmationSearch => idSearch(search, "orderId"),
  component: function OrderConfirmationRoute() {
    return <OrderConfirmationPage search={orderConfirmationRoute.useSearch()} />;
  },
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
      if (user) prefetch(queryClient, myOrdersQuery(user.id));
    },
    component: OrdersPage,
  }),
  orderDetailsRoute,
  orderConfirmationRoute,
] as const;
