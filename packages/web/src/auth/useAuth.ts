import { useQuery } from "@tanstack/react-query";
import { sessionQuery } from "../api/auth";
import type { User } from "../api/types";

export interface AuthState {
  user: User | null;
  isLoading: boolean;
  isAuthenticated: boolean;
}

export function useAuth(): AuthState {
  const { data, isPending } = useQuery(sessionQuery);
  const user = data ?? null;
  return { user, isLoading: isPending, isAuthenticated: user !== null };
}
