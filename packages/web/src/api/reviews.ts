import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { useToast } from "../components/Toasts";
import { byId, call, client } from "./client";
import { queryKeys } from "./keys";
import { asPage, byCursor, pageParams } from "./pages";
import type { ReviewBody } from "./types";
import { useFailureToast } from "./useFailureToast";

// Ratings (issue 10; DECISIONS.md "Ratings"): POST/GET /api/print-jobs/{id}/review,
// GET /api/printers/{id}/reviews (public), GET /api/users/{id}/reviews (the owner's printers').

// ---- fetch functions

export const fetchOrderReview = (jobId: string) => call(client.api["print-jobs"][":id"].review.$get(byId(jobId)));
export const postReview = (jobId: string, json: ReviewBody) => call(client.api["print-jobs"][":id"].review.$post({ ...byId(jobId), json }));
/** A page of the reviews of the owner's printers, newest first (the "Show more" list). */
export const fetchOwnerReviewsPage = (userId: string, cursor?: string) =>
  call(client.api.users[":id"].reviews.$get({ ...byId(userId), query: pageParams(cursor) })).then(asPage);

// ---- queries

export function orderReviewQuery(jobId: string) {
  return queryOptions({ queryKey: queryKeys.reviews.ofOrder(jobId), queryFn: () => fetchOrderReview(jobId), select: (d) => d.review });
}

/** The owner's reviews a page at a time ("Show more reviews"). */
export function ownerReviewsQuery(userId: string) {
  return infiniteQueryOptions({
    queryKey: queryKeys.reviews.mine(userId),
    queryFn: ({ pageParam }) => fetchOwnerReviewsPage(userId, pageParam),
    ...byCursor,
  });
}

// ---- mutations

/** Rates the order's printer; the order's review shows at once and every printer answer (rating, review count) refreshes. */
export function useRateOrder(jobId: string) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const fail = useFailureToast();
  return useMutation({
    mutationFn: (body: ReviewBody) => postReview(jobId, body),
    onSuccess: (review) => {
      queryClient.setQueryData(queryKeys.reviews.ofOrder(jobId), { review });
      void queryClient.invalidateQueries({ queryKey: queryKeys.printers.all });
      toast({ title: "Thank you for your review", description: "Your rating now counts towards the printer's score." });
    },
    onError: (error) => fail(error, "Rating Failed", { fallback: "Failed to save your rating" }),
  });
}
