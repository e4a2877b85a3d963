import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { useToast } from "../components/Toasts";
import { api } from "./client";
import { queryKeys } from "./keys";
import { retryExcept404 } from "./retry";
import { type DraftPayload, type Job, jobSchema, type SubmitOrderPayload } from "./schemas";
import { useFailureToast } from "./useFailureToast";

// Drafts (saved prints) and orders: GET/PUT/DELETE /api/drafts/{id}, GET /api/users/{id}/drafts,
// POST /api/save-draft, /api/upload-design and /api/submit-order, GET /api/print-jobs/{id}.

// ---- fetch functions (the only code that knows paths and payload shapes)

const path = (id: string) => encodeURIComponent(id);
const savedSchema = z.object({ jobId: z.string() });

export const fetchDraft = (id: string) => api(`/api/drafts/${path(id)}`, { schema: jobSchema });
export const fetchDrafts = (userId: string) => api(`/api/users/${path(userId)}/drafts`, { schema: z.array(jobSchema) });
export const fetchPrintJob = (id: string) => api(`/api/print-jobs/${path(id)}`, { schema: jobSchema });
export const saveDraft = (payload: DraftPayload) => api("/api/save-draft", { method: "POST", json: payload, schema: savedSchema });
/** The spec's upload-design path: saves the draft the compatible-printers finder carries as jobId. */
export const uploadDesign = (payload: DraftPayload) => api("/api/upload-design", { method: "POST", json: payload, schema: savedSchema });
export const updateDraft = (id: string, payload: DraftPayload) =>
  api(`/api/drafts/${path(id)}`, { method: "PUT", json: payload, schema: jobSchema });
export const deleteDraft = (id: string) => api(`/api/drafts/${path(id)}`, { method: "DELETE" });
export const submitOrder = (payload: SubmitOrderPayload) =>
  api("/api/submit-order", { method: "POST", json: payload, schema: z.object({ orderId: z.string() }) });

// ---- queries

/** A draft; `retries` extra attempts on failures other than 404 (the submit screen retries twice, spec 1 §7). */
export function draftQuery(id: string, { retries = 0 }: { retries?: number } = {}) {
  return queryOptions({ queryKey: queryKeys.drafts.one(id), queryFn: () => fetchDraft(id), retry: retryExcept404(retries) });
}

export function draftsQuery(userId: string) {
  return queryOptions({ queryKey: queryKeys.drafts.mine(userId), queryFn: () => fetchDrafts(userId) });
}

export function printJobQuery(id: string) {
  return queryOptions({ queryKey: queryKeys.printJobs.one(id), queryFn: () => fetchPrintJob(id) });
}

// ---- mutations: each owns its cache updates and its toasts

/** What saving needs: the draft to update (null for a new one) and the payload, built once the server's analysis is in. */
export interface SaveDraftVariables {
  draftId: string | null;
  payload: () => Promise<DraftPayload>;
}

/** Writes a new draft through `create` (save-draft or upload-design) or updates the one being edited (keeping its cached answer); returns its id. */
async function writeDraft(
  queryClient: QueryClient,
  { draftId, payload }: SaveDraftVariables,
  create: (payload: DraftPayload) => Promise<{ jobId: string }>,
): Promise<string> {
  const body = await payload();
  if (!draftId) return (await create(body)).jobId;
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
    mutationFn: (payload: SubmitOrderPayload) => submitOrder(payload),
    onSuccess: ({ orderId }, { draftId }) => {
      toast({ title: "Order Submitted Successfully!", description: "Redirecting to secure checkout to complete payment." });
      // The draft is an order now: read it again only when a screen next opens it (a refetch here
      // would answer 404 while this screen is still showing).
      void queryClient.invalidateQueries({ queryKey: queryKeys.drafts.one(draftId), refetchType: "none" });
      void queryClient.invalidateQueries({ queryKey: queryKeys.drafts.lists });
      void queryClient.invalidateQueries({ queryKey: queryKeys.printJobs.one(orderId) });
    },
    onError: (e) => fail(e, "Submission Failed", { signInOn401: true }),
  });
}
