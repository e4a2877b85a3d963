import type { TrackingGroup } from "@printhood/core/shared/job-groups";
import { BUILD_VOLUME_MAX_MM } from "@printhood/core/shared/sizes";
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type ToastInput, useToast } from "../components/Toasts";
import { ApiError, byId, call, client } from "./client";
import { queryKeys } from "./keys";
import { asPage, byCursor, type Paged, pageParams } from "./pages";
import { retryExcept404 } from "./retry";
import type { CreatePrinterBody, ListedPrinter, PrintersQuery, PrinterView, UpdatePrinterBody } from "./types";
import { useFailureToast } from "./useFailureToast";

// Printers (spec 1 §3, spec 2 §3): GET/POST /api/printers, GET/PUT/DELETE /api/printers/{id},
// GET /api/users/{id}/printers, GET /api/printers/{id}/jobs, GET /api/users/{id}/printer-jobs.

/** Filters of GET /api/printers, by the route's query keys; empty values and 'all' are left out of the query (spec 1 §7). */
export type PrinterFilters = { [K in keyof PrintersQuery]?: string | number | undefined };

/** The query as sent: only the filters that filter, as text (in the filters' order, as the cache key reads it). */
export function printersQueryParams(filters: PrinterFilters): Record<string, string> & PrintersQuery {
  const query: Record<string, string> = {};
  for (const [k, v] of Object.entries(filters)) {
    if (v === undefined) continue;
    const s = String(v).trim();
    if (!s || s.toLowerCase() === "all") continue;
    query[k] = s;
  }
  return query;
}

// ---- fetch functions (the only code that knows paths and payload shapes)

export const fetchPrinter = (id: string) => call(client.api.printers[":id"].$get(byId(id)));
export const fetchOwnPrinters = (userId: string) => call(client.api.users[":id"].printers.$get(byId(userId)));
/** A page of the orders sent to the owner's printers (the "Show more" lists); a `group`: only those not yet finished, or completed. */
export const fetchOwnerJobsPage = (userId: string, cursor?: string, group?: "open" | "completed") =>
  call(
    client.api.users[":id"]["printer-jobs"].$get({ ...byId(userId), query: { ...pageParams(cursor), ...(group ? { group } : {}) } }),
  ).then(asPage);
/** A page of one printer's orders not yet finished (the Print Queue). */
export const fetchPrinterOpenJobsPage = (printerId: string, cursor?: string) =>
  call(client.api.printers[":id"].jobs.$get({ ...byId(printerId), query: { ...pageParams(cursor), group: "open" } })).then(asPage);
/** The dashboard's figures: every order counted by group, and what the owner has earned. */
export const fetchOwnerFigures = (userId: string) => call(client.api.users[":id"]["printer-jobs"].figures.$get(byId(userId)));
/** One printer's orders counted by group, with the handed-over orders' money. */
export const fetchPrinterFigures = (printerId: string) => call(client.api.printers[":id"].jobs.figures.$get(byId(printerId)));
export const fetchPrinterJobsPage = (printerId: string, cursor?: string, group?: TrackingGroup) =>
  call(client.api.printers[":id"].jobs.$get({ ...byId(printerId), query: { ...pageParams(cursor), ...(group ? { group } : {}) } })).then(
    asPage,
  );
export const createPrinter = (json: CreatePrinterBody) => call(client.api.printers.$post({ json }));
export const updatePrinter = (id: string, json: UpdatePrinterBody) => call(client.api.printers[":id"].$put({ ...byId(id), json }));
export const deletePrinter = (id: string) => call(client.api.printers[":id"].$delete(byId(id)));

/** A page of the finder (GET /api/printers with `limit`): nearest first from a ZIP, `nextCursor` for more. */
export const fetchPrinterPage = (query: PrintersQuery, cursor?: string): Promise<Paged<ListedPrinter>> =>
  call(client.api.printers.$get({ query: { ...query, ...pageParams(cursor) } })).then((answer) =>
    asPage(answer as ListedPrinter[] | Paged<ListedPrinter>),
  );

/** What a map shows of a box (GET /api/printers with `bbox` and `zoom`): printers, or clusters with a count. */
export const fetchPrinterView = (query: PrintersQuery): Promise<PrinterView> =>
  call(client.api.printers.$get({ query })).then((answer) => answer as PrinterView);

// ---- queries

/** The finder a page at a time ("Show more printers"): /printers, /browse and /choose-printer. */
export function printerPagesQuery(filters: PrinterFilters = {}) {
  const query = printersQueryParams(filters);
  const qs = new URLSearchParams(query).toString();
  return infiniteQueryOptions({
    queryKey: [...queryKeys.printers.list(qs), "pages"] as const,
    queryFn: ({ pageParam }) => fetchPrinterPage(query, pageParam),
    ...byCursor,
  });
}

/** The least build volume a design of this size needs, as the finder asks it (whole millimetres, rounded up). */
export const sizeNeeds = (b: { x: number; y: number; z: number }) => ({ minX: Math.ceil(b.x), minY: Math.ceil(b.y), minZ: Math.ceil(b.z) });

/**
 * Whether any listed printer, available or not, can take a design of this size: the finder's question
 * (GET /api/printers with the design's least build volume, which the API answers by core's one fit
 * rule), one printer being enough. A design bigger than any listing may be (often one drawn in the
 * wrong units) fits none without asking: the API refuses a question that large.
 */
export function anyPrinterFitsQuery(b: { x: number; y: number; z: number }) {
  const n = sizeNeeds(b);
  const beyondAny = Math.max(n.minX, n.minY, n.minZ) > BUILD_VOLUME_MAX_MM;
  const query = printersQueryParams({ minBuildVolumeX: n.minX, minBuildVolumeY: n.minY, minBuildVolumeZ: n.minZ });
  return queryOptions({
    queryKey: [...queryKeys.printers.list(new URLSearchParams(query).toString()), "any"] as const,
    queryFn: async () => !beyondAny && (await fetchPrinterPage(query)).items.length > 0,
  });
}

/**
 * What a map shows of a box at a zoom, for the page's filters (the box already rounded by the map:
 * see components/printers/mapBox.ts). Where to sort from and how many per page do not change a
 * view, so they are left out of its question and its cache key.
 */
export function printerViewQuery(filters: PrinterFilters, view: { bbox: string; zoom: number }) {
  const { zip: _zip, radius: _radius, limit: _limit, cursor: _cursor, ...rest } = filters;
  const query = printersQueryParams({ ...rest, bbox: view.bbox, zoom: view.zoom });
  const qs = new URLSearchParams(query).toString();
  return queryOptions({ queryKey: queryKeys.printers.list(qs), queryFn: () => fetchPrinterView(query) });
}

/** One printer; `retries` extra attempts on failures other than 404 (the submit screen retries twice, spec 1 §7). */
export function printerQuery(id: string, { retries = 0 }: { retries?: number } = {}) {
  return queryOptions({ queryKey: queryKeys.printers.one(id), queryFn: () => fetchPrinter(id), retry: retryExcept404(retries) });
}

export function ownPrintersQuery(userId: string) {
  return queryOptions({ queryKey: queryKeys.printers.mine(userId), queryFn: () => fetchOwnPrinters(userId) });
}

/**
 * The owner's orders of a group, a page at a time, newest submission first: `open` (not yet
 * finished: the dashboard's requests, active and ready sections) or `completed` (Completed Orders).
 */
export function ownerJobGroupPagesQuery(userId: string, group: "open" | "completed") {
  return infiniteQueryOptions({
    queryKey: queryKeys.printers.ownerJobGroup(userId, group),
    queryFn: ({ pageParam }) => fetchOwnerJobsPage(userId, pageParam, group),
    ...byCursor,
  });
}

/** One printer's orders not yet finished, a page at a time (the Print Queue). */
export function printerOpenJobPagesQuery(printerId: string) {
  return infiniteQueryOptions({
    queryKey: queryKeys.printers.openJobs(printerId),
    queryFn: ({ pageParam }) => fetchPrinterOpenJobsPage(printerId, pageParam),
    ...byCursor,
  });
}

/** The dashboard's cards, counted on the server (the lists beside them are read a page at a time). */
export function ownerFiguresQuery(userId: string) {
  return queryOptions({ queryKey: queryKeys.printers.ownerFigures(userId), queryFn: () => fetchOwnerFigures(userId) });
}

export function printerFiguresQuery(printerId: string) {
  return queryOptions({ queryKey: queryKeys.printers.figures(printerId), queryFn: () => fetchPrinterFigures(printerId) });
}

/** One printer's orders, a page at a time, newest submission first: every one, or a tracking tab's (the server filters). */
export function printerJobPagesQuery(printerId: string, group?: TrackingGroup) {
  return infiniteQueryOptions({
    queryKey: group ? [...queryKeys.printers.jobs(printerId), group] : queryKeys.printers.jobs(printerId),
    queryFn: ({ pageParam }) => fetchPrinterJobsPage(printerId, pageParam, group),
    ...byCursor,
  });
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
    mutationFn: (payload: CreatePrinterBody) => createPrinter(payload),
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
    mutationFn: (payload: UpdatePrinterBody) => updatePrinter(printerId, payload),
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
    // A printer with open orders is refused with the server's sentence (how many), which the delete
    // dialog shows with the offer to set it offline; anything else is the spec's toast.
    onError: (e) => {
      if (e instanceof ApiError && e.code === "printer_has_open_orders") return;
      toast({ title: "Error", description: "Failed to delete printer.", variant: "destructive" });
    },
  });
}
