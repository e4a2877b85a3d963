import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type ToastInput, useToast } from "../components/Toasts";
import { ApiError, call, client, referenceOf, saidUnderField } from "./client";
import { queryKeys } from "./keys";
import type { LoginBody, RegisterBody, User } from "./types";

// Accounts: GET /api/auth/user, POST /api/login, /api/register and /api/logout (spec 1 §7).

// ---- fetch functions

let sessionUnknown = false;

/** Whether the last session check got no answer (offline): it is asked again once the API answers. */
export const sessionCheckUnanswered = () => sessionUnknown;

/**
 * Reads the signed-in user. The API answers `null` for a signed-out visitor (spec 1 §7); any
 * non-OK answer or network error also means "signed out": it is logged (except a 401, which an
 * older API answered when signed out) and never thrown. A network error is also remembered
 * (sessionCheckUnanswered), so the session is read again when the connection is back.
 */
export async function fetchSessionUser(): Promise<User | null> {
  try {
    const user = await call(client.api.auth.user.$get());
    sessionUnknown = false;
    return user;
  } catch (error) {
    sessionUnknown = error instanceof ApiError && error.code === "network_error";
    if (!(error instanceof ApiError && error.status === 401)) console.warn("Session check failed; treating as signed out", error);
    return null;
  }
}

export const login = (json: LoginBody) => call(client.api.login.$post({ json }));
export const register = (json: RegisterBody) => call(client.api.register.$post({ json }));
export const logout = () => call(client.api.logout.$post());

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

/**
 * `shownFields`: the fields the form says a refusal under (the toast then gives its fallback: `saidUnderField`).
 * `asked`: answers that are the next step rather than a failure (a staff account's "enter your code"),
 * which the form shows by itself, with no failure toast.
 */
function useAccountMutation<I>(
  call: (payload: I) => Promise<User>,
  texts: AccountTexts,
  shownFields: readonly string[],
  asked: readonly string[] = [],
) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: call,
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.session, user);
      toast(texts.success);
    },
    onError: (error) => {
      if (error instanceof ApiError && asked.includes(error.code)) return;
      toast({
        title: texts.failure.title,
        description: saidUnderField(error, shownFields)
          ? texts.failure.fallback
          : failureDescription(error, texts.failure.defaultText, texts.failure.fallback),
        variant: "destructive",
        reference: referenceOf(error),
      });
    },
  });
}

/** A staff account's password was right and its authenticator code is next (issue 21): not a failed sign-in. */
export const CODE_ASKED = "totp_required";

export function useLogin(shownFields: readonly string[] = []) {
  return useAccountMutation(
    login,
    {
      success: { title: "Welcome back!", description: "You have been successfully logged in." },
      failure: { title: "Login Failed", defaultText: "Login failed", fallback: "Please check your credentials" },
    },
    shownFields,
    [CODE_ASKED],
  );
}

export function useRegister(shownFields: readonly string[] = []) {
  return useAccountMutation(
    register,
    {
      success: { title: "Account Created!", description: "Welcome to Printhood. You can now start using the platform." },
      failure: { title: "Registration Failed", defaultText: "Registration failed", fallback: "Please try again" },
    },
    shownFields,
  );
}
