import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { logout } from "../api/auth";
import { KEPT_ON_SIGN_OUT, queryKeys } from "../api/keys";
import { INSTALL_DISMISSED_KEY } from "../pwa/InstallPrompt";

function clearReadableCookies(): void {
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: expiring every readable cookie is exactly what sign-out must do
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

/**
 * Sign out: POST /api/logout, then, whatever happened (failures are logged), go to /, forget the
 * user and everything cached for them, and clear local storage, session storage and readable cookies.
 */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await logout();
    } catch (error) {
      console.error("Sign out failed; clearing the session locally anyway", error);
    }
    // Leave the signed-in screen first so it never flashes its sign-in prompt.
    await navigate({ to: "/" });
    queryClient.removeQueries({
      predicate: (query) => !KEPT_ON_SIGN_OUT.some((kept) => kept.every((part, i) => query.queryKey[i] === part)),
    });
    queryClient.setQueryData(queryKeys.session, null);
    try {
      // The install prompt's "Not now" belongs to the device, not the account: it survives sign-out.
      const installDismissed = localStorage.getItem(INSTALL_DISMISSED_KEY);
      localStorage.clear();
      if (installDismissed) localStorage.setItem(INSTALL_DISMISSED_KEY, installDismissed);
      sessionStorage.clear();
      clearReadableCookies();
    } catch (error) {
      console.error("Could not clear browser storage", error);
    }
  }, [queryClient, navigate]);
}
