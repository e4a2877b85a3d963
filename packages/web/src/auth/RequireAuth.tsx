import { createContext, type ReactNode, useContext } from "react";
import type { User } from "../api/types";
import { SignInPrompt, type SignInPromptProps } from "../components/SignInPrompt";
import { FullPageSpinner } from "../components/Spinner";
import { useAuth } from "./useAuth";

const SignedInUserContext = createContext<User | null>(null);

/** The signed-in user, for components rendered inside RequireAuth. */
export function useSignedInUser(): User {
  const user = useContext(SignedInUserContext);
  if (!user) throw new Error("useSignedInUser must be used inside <RequireAuth>");
  return user;
}

export interface RequireAuthProps {
  children: ReactNode;
  /** What a signed-out visitor sees instead (title and message of the sign-in screen). */
  prompt?: SignInPromptProps;
}

/** Wraps every signed-in route: spinner while the session loads, sign-in screen when signed out. */
export function RequireAuth({ children, prompt }: RequireAuthProps) {
  const { user, isLoading } = useAuth();
  if (isLoading) return <FullPageSpinner />;
  if (!user) return <SignInPrompt {...prompt} />;
  return <SignedInUserContext.Provider value={user}>{children}</SignedInUserContext.Provider>;
}
