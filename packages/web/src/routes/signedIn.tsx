import { createRoute, Outlet, useMatches } from "@tanstack/react-router";
import { sessionQuery } from "../api/auth";
import { SignedInUserContext } from "../auth/signedInUser";
import { useAuth } from "../auth/useAuth";
import { SignInPrompt, type SignInPromptProps } from "../components/SignInPrompt";
import { FullPageSpinner } from "../components/Spinner";
import { rootRoute } from "./root";

declare module "@tanstack/react-router" {
  interface StaticDataRouteOption {
    /** What a signed-out visitor sees instead of this screen (spec 1 §2, spec 2 §2); by default "Sign In Required". */
    signIn?: SignInPromptProps;
  }
}

/**
 * The one guard of every signed-in screen (spec 1 §2, spec 2 §2): a pathless layout route. Its
 * `beforeLoad` makes sure the session is known (through the query client, so the header and the
 * screens read the same answer) and hands the user to the child routes' loaders; for a signed-out
 * visitor they fetch nothing. Addresses never change: a signed-out visitor sees the screen's own
 * sign-in screen (its `staticData.signIn`) in place of the page, and a full-page spinner shows
 * while the session loads (also the build's prerender of these screens, which has no session).
 */
export const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "signed-in",
  beforeLoad: async ({ context }) => ({ user: context.prerender ? null : await context.queryClient.ensureQueryData(sessionQuery) }),
  component: SignedInLayout,
});

function SignedInLayout() {
  const { user, isLoading } = useAuth();
  const prompt = useMatches({ select: (matches) => matches.findLast((m) => m.staticData.signIn)?.staticData.signIn });
  if (isLoading) return <FullPageSpinner />;
  if (!user) return <SignInPrompt {...prompt} />;
  return (
    <SignedInUserContext.Provider value={user}>
      <Outlet />
    </SignedInUserContext.Provider>
  );
}
