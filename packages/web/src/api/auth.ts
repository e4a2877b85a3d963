import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type ToastInput, useToast } from "../components/Toasts";
import { ApiError, api } from "./client";
import { queryKeys } from "./keys";
import { type LoginPayload, type RegisterPayload, type User, userSchema } from "./schemas";

// Accounts: GET /api/auth/user, POST /api/login, /api/register and /api/logout (spec 1 §7).

// ---- fetch functions

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

export const login = (payload: LoginPayload) => api("/api/login", { method: "POST", json: payload, schema: userSchema });
export const register = (payload: RegisterPayload) => api("/api/register", { method: "POST", json: payload, schema: userSchema });
export const logout = () => api("/api/logout", { method: "POST" });

// ---- queries

/** The session: the user, or null when signed out. Never fails (see fetchSessionUser). */
export const sessionQuery = queryOptions({ queryKey: queryKeys.session, queryFn: fetchSessionUser });

// ---- mutations

/**
 * The text a failed sign-in or registration shows: the server's message when there is one,
 * else the call's default error text, else the toast's fallback (spec 1 §8).
 */
export function failureDescription(error: unknown, defaultText: string, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.fromServer || error.code === "network_error") return error.message || fallback;
    return defaultText;
  }
  return fallback;
}

interface AccountTexts {
  success: ToastInput;
  failure: { title: string; defaultText: string; fallback: string };
}

function useAccountMutation<I>(call: (payload: I) => Promise<User>, texts: AccountTexts) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: call,
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.session, user);
      toast(texts.success);
    },
    onError: (error) =>
      toast({
        title: texts.failure.title,
        description: failureDescription(error, texts.failure.defaultText, texts.failure.fallback),
        variant: "destructive",
      }),
  });
}

export function useLogin() {
  return useAccountMutation(login, {
    success: { title: "Welcome back!", description: "You have been successfully logged in." },
    failure: { title: "Login Failed", defaultText: "Login failed", fallback: "Please check your credentials" },
  });
}

export function useRegister() {
  return useAccountMutation(register, {
    success: { title: "Account Created!", description: "Welcome to Printhood. You can now start using the platform." },
    failure: { title: "Registration Failed", defaultText: "Registration failed", fallback: "Please try again" },
  });
}
