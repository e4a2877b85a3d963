import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "../api/client";
import { type LoginPayload, type RegisterPayload, type User, userSchema } from "../api/types";
import { sessionQueryKey } from "./session";

/**
 * The text a failed sign-in or registration shows: the server's message when there is one,
 * else the call's default error text, else the toast's fallback.
 */
export function failureDescription(error: unknown, defaultText: string, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.fromServer || error.code === "network_error") return error.message || fallback;
    return defaultText;
  }
  return fallback;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: LoginPayload): Promise<User> => api("/api/login", { method: "POST", json: payload, schema: userSchema }),
    onSuccess: (user) => queryClient.setQueryData(sessionQueryKey, user),
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: RegisterPayload): Promise<User> => api("/api/register", { method: "POST", json: payload, schema: userSchema }),
    onSuccess: (user) => queryClient.setQueryData(sessionQueryKey, user),
  });
}
