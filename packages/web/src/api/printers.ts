import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { type ToastInput, useToast } from "../components/Toasts";
import { api } from "./client";
import { queryKeys } from "./keys";
import { retryExcept404 } from "./retry";
import { type CreatePrinterPayload, ownerJobSchema, printerSchema, type UpdatePrinterPayload } from "./schemas";
import { useFailureToast } from "./useFailureToast";

// Printers (spec 1 §3, spec 2 §3): GET/POST /api/printers, GET/PUT/DELETE /api/printers/{id},
// GET /api/users/{id}/printers, GET /api/printers/{id}/jobs, GET /api/users/{id}/printer-jobs.

/** Filters of GET /api/printers; empty values and 'all' are left out of the query (spec 1 §7). */
export interface PrinterFilters {
  location?: string | undefined;
  material?: string | undefined;
  color?: string | undefined;
  available?: "true" | "false" | undefined;
  minBuildVolumeX?: number | undefined;
  minBuildVolumeY?: number | undefined;
  minBuildVolumeZ?: number | undefined;
  search?: string | undefined;
  zip?: string | undefined;
}

export function printersQueryString(filters: PrinterFilters): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) {
    if (v === undefined || v === null) continue;
    const s = String(v).trim();
    if (!s || s.toLowerCase() === "all") continue;
    params.set(k, s);
  }
  const qs = params.toString();
  return qs ? `?${qs}` : "";
}

// ---- fetch functions (the only code that knows paths and payload shapes)

const path = (id: string) => encodeURIComponent(id);
const printerList = z.array(printerSchema);
const ownerJobList = z.array(ownerJobSchema);

export const fetchPrinters = (queryString: string) => api(`/api/printers${queryString}`, { schema: printerList });
export const fetchPrinter = (id: string) => api(`/api/printers/${path(id)}`, { schema: printerSchema });
export const fetchOwnPrinters = (userId: string) => api(`/api/users/${path(userId)}/printers`, { schema: printerList });
export const fetchOwnerJobs = (userId: string) => api(`/api/users/${path(userId)}/printer-jobs`, { schema: ownerJobList });
export const fetchPrinterJobs = (printerId: string) => api(`/api/printers/${path(printerId)}/jobs`, { schema: ownerJobList });
export const createPrinter = (payload: CreatePrinterPayload) =>
  api("/api/printers", { method: "POST", json: payload, schema: printerSchema });
export const updatePrinter = (id: string, payload: UpdatePrinterPayload) =>
  api(`/api/printers/${path(id)}`, { method: "PUT", json: payload, schema: printerSchema });
export const deletePrinter = (id: string) => api(`/api/printers/${path(id)}`, { method: "DELETE" });

// ---- queries

export function printersQuery(filters: PrinterFilters = {}) {
  const qs = printersQueryString(filters);
  return queryOptions({ queryKey: queryKeys.printers.list(qs), queryFn: () => fetchPrinters(qs) });
}

/** One printer; `retries` extra attempts on failures other than 404 (the submit screen retries twice, spec 1 §7). */
export function printerQuery(id: string, { retries = 0 }: { retries?: number } = {}) {
  return queryOptions({ queryKey: queryKeys.printers.one(id), queryFn: () => fetchPrinter(id), retry: retryExcept404(retries) });
}

export function ownPrintersQuery(userId: string) {
  return queryOptions({ queryKey: queryKeys.printers.mine(userId), queryFn: () => fetchOwnPrinters(userId) });
}

/** Jobs sent to an owner's printers (spec 2 §7): orders only (never drafts), newest submission first. */
export function ownerJobsQuery(userId: string) {
  return queryOptions({ queryKey: queryKeys.printers.ownerJobs(userId), queryFn: () => fetchOwnerJobs(userId) });
}

export function printerJobsQuery(printerId: string) {
  return queryOptions({ queryKey: queryKeys.printers.jobs(printerId), queryFn: () => fetchPrinterJobs(printerId) });
}

// ---- mutations: each owns its cache updates and its toasts. A changed printer refreshes every
// printer answer (the marketplace, the owner's list and queues).

/**
 * Lists a printer. The success toast is the caller's words (the dialog and the full form differ);
 * the account is read again too, since listing a printer makes a customer "both".
 */
export function useCreatePrinter(success: ToastInput) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const fail = useFailureToast();
  return useMutation({
    mutationFn: (payload: CreatePrinterPayload) => createPrinter(payload),
    onSuccess: () => {
      toast(success);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.session }),
        queryClient.invalidateQueries({ queryKey: queryKeys.printers.all }),
      ]);
    },
    onError: (e) => fail(e, "Error", { serverOnly: true, fallback: "Failed to add printer" }),
  });
}

/** Printer Settings (spec 2 §2): "Success" / "Printer settings updated.", else the server's message. */
export function useUpdatePrinterSettings(printerId: string) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const fail = useFailureToast();
  return useMutation({
    mutationFn: (payload: UpdatePrinterPayload) => updatePrinter(printerId, payload),
    onSuccess: () => {
      toast({ title: "Success", description: "Printer settings updated." });
      return queryClient.invalidateQueries({ queryKey: queryKeys.printers.all });
    },
    onError: (e) => fail(e, "Error", { serverOnly: true, fallback: "Failed to update printer settings." }),
  });
}

/** The dashboard's online/offline switch. */
export function useSetPrinterAvailability(printerId: string) {
  const queryClient = useQueryClient();
  const fail = useFailureToast();
  return useMutation({
    mutationFn: (isAvailable: boolean) => updatePrinter(printerId, { isAvailable }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.printers.all }),
    onError: (e) => fail(e, "Update failed", { serverOnly: true, fallback: "Failed to update printer status" }),
  });
}

export function useDeletePrinter(printerId: string) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: () => deletePrinter(printerId),
    onSuccess: () => {
      toast({ title: "Success", description: "Printer deleted." });
      return queryClient.invalidateQueries({ queryKey: queryKeys.printers.all });
    },
    onError: () => toast({ title: "Error", description: "Failed to delete printer.", variant: "destructive" }),
  });
}
