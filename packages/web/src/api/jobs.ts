import { infiniteQueryOptions, type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { useToast } from "../components/Toasts";
import { ApiError, byId, call, client } from "./client";
import { queryKeys } from "./keys";
import { asList, asPage, byCursor, pageParams } from "./pages";
import { retryExcept404 } from "./retry";
import type { DraftBody, Job, NewDraftBody, SavedDraft, SubmitOrderBody } from "./types";
import { useFailureToast } from "./useFailureToast";

// Drafts (saved prints) and orders: GET/PUT/DELETE /api/drafts/{id}, GET /api/users/{id}/drafts,
// POST /api/save-draft, /api/upload-design and /api/submit-order, GET /api/print-jobs/{id}.

// ---- fetch functions (the only code that knows paths and payload shapes)

export const fetchDraft = (id: string) => call(client.api.drafts[":id"].$get(byId(id)));
export const fetchDrafts = (userId: string) => call(client.api.users[":id"].drafts.$get({ ...byId(userId), query: {} })).then(asList);
/** A page of the saved prints (the "Show more" list). */
export const fetchDraftsPage = (userId: string, cursor?: string) =>
  call(client.api.users[":id"].drafts.$get({ ...byId(userId), query: pageParams(cursor) })).then(asPage);
export const fetchPrintJob = (id: string) => call(client.api["print-jobs"][":id"].$get(byId(id)));
/** The site sends the draft as JSON (the spec's multipart form is accepted too, docs/api.md). */
export const saveDraft = (json: NewDraftBody) => call(client.api["save-draft"].$post({ json }));
/** The spec's upload-design path: saves the draft the compatible-printers finder carries as jobId. */
export const uploadDesign = (json: NewDraftBody) => call(client.api["upload-design"].$post({ json }));
export const updateDraft = (id: string, json: DraftBody) => call(client.api.drafts[":id"].$put({ ...byId(id), json }));
export const deleteDraft = (id: string) => call(client.api.drafts[":id"].$delete(byId(id)));
export const submitOrder = (json: SubmitOrderBody) => call(client.api["submit-order"].$post({ json }));
/** A finished order again as a new saved print, on its own printer (issue 22 point 6). */
export const reorderJob = (id: string) => call(client.api["print-jobs"][":id"].reorder.$post({ ...byId(id), json: {} }));

// ---- queries

/** A draft; `retries` extra attempts on failures other than 404 (the submit screen retries twice, spec 1 §7). */
export function draftQuery(id: string, { retries = 0 }: { retries?: number } = {}) {
  return queryOptions({ queryKey: queryKeys.drafts.one(id), queryFn: () => fetchDraft(id), retry: retryExcept404(retries) });
}

export function draftsQuery(userId: string) {
  return queryOptions({ queryKey: queryKeys.drafts.mine(userId), queryFn: () => fetchDrafts(userId) });
}

/** The saved prints a page at a time ("Show more saved prints"), under the same prefix as the list. */
export function draftPagesQuery(userId: string) {
  return infiniteQueryOptions({
    queryKey: [...queryKeys.drafts.mine(userId), "pages"] as const,
    queryFn: ({ pageParam }) => fetchDraftsPage(userId, pageParam),
    ...byCursor,
  });
}

export function printJobQuery(id: string) {
  return queryOptions({ queryKey: queryKeys.printJobs.one(id), queryFn: () => fetchPrintJob(id) });
}

// ---- mutations: each owns its cache updates and its toasts

/** What saving needs: the draft to update (null for a new one) and the payload, built once the server's analysis is in. */
export interface SaveDraftVariables {
  draftId: string | null;
  payload: () => Promise<DraftBody>;
}

/** Writes a new draft through `create` (save-draft or upload-design) or updates the one being edited (keeping its cached answer); returns its id. */
async function writeDraft(
  queryClient: QueryClient,
  { draftId, payload }: SaveDraftVariables,
  create: (payload: NewDraftBody) => Promise<SavedDraft>,
): Promise<string> {
  const body = await payload();
  if (!draftId) {
    // A new draft is made from an upload (the upload page waits for it before saving).
    const { uploadId } = body;
    if (!uploadId) throw new Error("Please select a 3D file to upload.");
    return (await create({ ...body, uploadId })).jobId;
  }
  const job: Job = await updateDraft(draftId, body);
  queryClient.setQueryData(queryKeys.drafts.one(job.id), job);
  return job.id;
}

export function useSaveDraft() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const fail = useFailureToast();
  return useMutation({
    mutationFn: (v: SaveDraftVariables) => writeDraft(queryClient, v, saveDraft),
    onSuccess: (_id, { draftId }) => {
      toast({ title: draftId ? "Draft Updated" : "Draft Saved" });
      void queryClient.invalidateQueries({ queryKey: queryKeys.drafts.lists });
    },
    onError: (e, { draftId }) => fail(e, draftId ? "Failed to Update Draft" : "Failed to Save Draft", { signInOn401: true }),
  });
}

/** Find Compatible Printers: saves the design through upload-design (or updates the draft) for the finder's jobId. */
export function useUploadDesign() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const fail = useFailureToast();
  return useMutation({
    mutationFn: (v: SaveDraftVariables) => writeDraft(queryClient, v, uploadDesign),
    onSuccess: () => {
      toast({ title: "Design Uploaded Successfully", description: "Searching for compatible printers in your area..." });
      void queryClient.invalidateQueries({ queryKey: queryKeys.drafts.lists });
    },
    onError: (e) => fail(e, "Upload Failed", { signInOn401: true }),
  });
}

export function useDeleteDraft() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const fail = useFailureToast();
  return useMutation({
    mutationFn: (id: string) => deleteDraft(id),
    onSuccess: (_answer, id) => {
      toast({ title: "Draft Deleted", description: "The saved print has been removed." });
      queryClient.removeQueries({ queryKey: queryKeys.drafts.one(id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.drafts.lists });
    },
    onError: (e) => fail(e, "Delete Failed"),
  });
}

/** Submit Order: the draft becomes an order (it leaves Saved Prints); then checkout reads it as a print job. */
export function useSubmitOrder() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const fail = useFailureToast();
  return useMutation({
    // The contract also takes the spec's integer ids (read as text); the site's ids are strings.
    mutationFn: (payload: SubmitOrderBody & { draftId: string }) => submitOrder(payload),
    onSuccess: ({ orderId }, { draftId }) => {
      toast({ title: "Order Submitted Successfully!", description: "Redirecting to secure checkout to complete payment." });
      // The draft is an order now: read it again only when a screen next opens it (a refetch here
      // would answer 404 while this screen is still showing).
      void queryClient.invalidateQueries({ queryKey: queryKeys.drafts.one(draftId), refetchType: "none" });
      void queryClient.invalidateQueries({ queryKey: queryKeys.drafts.lists });
      void queryClient.invalidateQueries({ queryKey: queryKeys.printJobs.one(orderId) });
      // A new order: the dashboard's figures and tabs and My Print Orders count and list it.
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.lists });
    },
    onError: (e, { printerId }) => {
      // The owner changed the price: the form shows the server's sentence, and the printer is read
      // again so the summary shows the new total the customer can submit (pages/submit/SubmitPrintForm).
      if (isPriceChanged(e)) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.printers.one(String(printerId)) });
        return;
      }
      fail(e, "Submission Failed", { signInOn401: true });
    },
  });
}

/** Re-order: the finished order's parts as a new saved print at today's prices (the caller goes on to submit it). */
export function useReorder() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const fail = useFailureToast();
  return useMutation({
    mutationFn: (orderId: string) => reorderJob(orderId),
    onSuccess: ({ draft }) => {
      toast({ title: "Saved as a New Print", description: "The same parts and quantities, at today's prices." });
      queryClient.setQueryData(queryKeys.drafts.one(draft.id), draft);
      void queryClient.invalidateQueries({ queryKey: queryKeys.drafts.lists });
    },
    onError: (e) => fail(e, "Re-order Failed", { signInOn401: true }),
  });
}

/** Submit-order's 409 when the total the customer saw is no longer the server's. */
export const isPriceChanged = (e: unknown): e is ApiError => e instanceof ApiError && e.code === "price_changed";
