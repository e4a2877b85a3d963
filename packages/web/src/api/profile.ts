import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useToast } from "../components/Toasts";
import { byId, call, client } from "./client";
import { queryKeys } from "./keys";
import type { ProfileBody } from "./types";
import { useFailureToast } from "./useFailureToast";

// Profile Settings (spec 2 §2, §8; DECISIONS.md "Profile"): PATCH /api/users/{id}.

export const updateProfile = (userId: string, json: ProfileBody) => call(client.api.users[":id"].$patch({ ...byId(userId), json }));

/**
 * Saves profile changes. The answer is the user, put straight into the session so the header,
 * the profile menu and the avatar change at once. Toasts "Profile Updated" / "Update Failed" with
 * the server's sentence (spec 2 §8), or the fallback when the form says it under one of `shownFields`.
 */
export function useUpdateProfile(userId: string, shownFields: readonly string[] = []) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const fail = useFailureToast();
  return useMutation({
    mutationFn: (body: ProfileBody) => updateProfile(userId, body),
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.session, user);
      toast({ title: "Profile Updated", description: "Your profile has been saved." });
    },
    onError: (error) => fail(error, "Update Failed", { fallback: "Failed to update profile", shownFields }),
  });
}
