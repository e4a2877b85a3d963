import { createRoute } from "@tanstack/react-router";
import { validateStaffSearch } from "../pages/staff/staffSearch";
import { lazyPage } from "./lazyPage";
import { signedInRoute } from "./signedIn";

// The staff console (issue 21 point 5): its own chunk; the page shows "not found" to anyone but staff.

const staffRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/staff",
  staticData: { signIn: { title: null, message: "Please sign in to continue." } },
  validateSearch: validateStaffSearch,
  component: lazyPage(
    () => import("../pages/staff/StaffConsolePage"),
    ({ StaffConsolePage }) =>
      function StaffRoute() {
        return <StaffConsolePage search={staffRoute.useSearch()} />;
      },
  ),
});

export const staffRoutes = [staffRoute] as const;
