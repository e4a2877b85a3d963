import { createContext, useContext } from "react";
import type { User } from "../api/types";

/** The signed-in user, provided by the signed-in layout route (routes/signedIn.tsx) to every screen under it. */
export const SignedInUserContext = createContext<User | null>(null);

/** The signed-in user, for screens under the signed-in layout route. */
export function useSignedInUser(): User {
  const user = useContext(SignedInUserContext);
  if (!user) throw new Error("useSignedInUser must be used under the signed-in layout route");
  return user;
}
