import { queryOptions } from "@tanstack/react-query";
import { type User, userSchema } from "../api/types";

export const sessionQueryKey = ["/api/auth/user"] as const;

/**
 * Reads the signed-in user. Any non-OK answer, network error or odd body means "signed out":
 * it is logged (a 401 is the normal signed-out answer and is not) and never thrown.
 */
export async function fetchSessionUser(): Promise<User | null> {
  try {
    const res = await fetch("/api/auth/user", {
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    });
    if (!res.ok) {
      if (res.status !== 401) console.warn(`Session check answered ${res.status}; treating as signed out`);
      return null;
    }
    const body: unknown = await res.json();
    if (body === null) return null;
    const parsed = userSchema.safeParse(body);
    if (!parsed.success) {
      console.warn("Session check returned an unexpected user; treating as signed out", parsed.error);
      return null;
    }
    return parsed.data;
  } catch (error) {
    console.error("Session check failed; treating as signed out", error);
    return null;
  }
}

export const sessionQuery = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: fetchSessionUser,
});
