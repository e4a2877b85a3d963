import { useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { useToast } from "../components/Toasts";
import { ApiError, failureText, referenceOf, saidUnderField } from "./client";

export interface FailureOptions {
  /** Shown when the error carries no usable text (default "Please try again."). */
  fallback?: string;
  /** Show only a message the server wrote; generic texts give way to the fallback. */
  serverOnly?: boolean;
  /** A 401 sends the visitor to /auth instead of a toast (saving, updating and submitting, spec 1 §5). */
  signInOn401?: boolean;
  /** The fields the form says a refusal under: a refusal of one of them toasts the fallback, not the sentence again. */
  shownFields?: readonly string[];
}

/**
 * The failure side of every mutation hook: a destructive toast titled as the spec names the
 * failure, with the error's text (see `failureText`) and the request's reference. Pages never build these themselves.
 */
export function useFailureToast(): (error: unknown, title: string, options?: FailureOptions) => void {
  const { toast } = useToast();
  const navigate = useNavigate();
  return useCallback(
    (error, title, { fallback = "Please try again.", serverOnly = false, signInOn401 = false, shownFields = [] } = {}) => {
      if (signInOn401 && error instanceof ApiError && error.status === 401) {
        void navigate({ to: "/auth" });
        return;
      }
      const description = saidUnderField(error, shownFields) ? fallback : failureText(error, fallback, { serverOnly });
      toast({ title, description, variant: "destructive", reference: referenceOf(error) });
    },
    [toast, navigate],
  );
}
