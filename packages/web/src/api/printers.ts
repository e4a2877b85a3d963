import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { sessionQueryKey } from "../auth/session";
import { api } from "./client";
import { jobSchema } from "./jobs";

// Printers as the API answers them (spec 1 §3, spec 2 §3). Not strict: the server may add fields.

const numeric = z.union([z.number(), z.string()]).transform((v) => (typeof v === "number" ? v : Number(v)));
const optionalNumeric = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined || v === "" ? null : typeof v === "number" ? v : Number(v)));

export const inventoryItemSchema = z.object({ material: z.string(), color: z.string(), inStock: z.boolean() });
export type InventoryItem = z.infer<typeof inventoryItemSchema>;

export const printerSchema = z
  .object({
    id: z.string(),
    ownerId: z.string().optional(),
    name: z.string(),
    model: z.string(),
    description: z.string().nullable().optional(),
    imageUrl: z.string().nullable().optional(),
    owner: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable(), username: z.string() }).nullable().optional(),
    location: z.string(),
    latitude: optionalNumeric,
    longitude: optionalNumeric,
    buildVolumeX: z.number(),
    buildVolumeY: z.number(),
    buildVolumeZ: z.number(),
    materials: z.array(z.string()),
    pricePerGram: numeric,
    hourlyRate: optionalNumeric,
    isAvailable: z.boolean().optional(),
    availability: z.boolean().optional(),
    rating: optionalNumeric,
    totalReviews: z.number().optional().default(0),
    totalJobs: z.number().optional().default(0),
    filamentInventory: z.array(inventoryItemSchema).optional().default([]),
    distanceMiles: z.number().optional(),
    street: z.string().nullable().optional(),
    zipCode: z.string().nullable().optional(),
  })
  .transform((p) => ({ ...p, available: p.isAvailable ?? p.availability ?? true }));
export type Printer = z.infer<typeof printerSchema>;
export const printerListSchema = z.array(printerSchema);

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

export const printersKey = ["/api/printers"] as const;

export function printersQuery(filters: PrinterFilters = {}) {
  const qs = printersQueryString(filters);
  return queryOptions({
    queryKey: [...printersKey, qs],
    queryFn: () => api(`/api/printers${qs}`, { schema: printerListSchema }),
  });
}

export function printerQuery(id: string) {
  return queryOptions({
    queryKey: [...printersKey, "one", id],
    queryFn: () => api(`/api/printers/${encodeURIComponent(id)}`, { schema: printerSchema }),
  });
}

/** After listing a printer: the account (a customer becomes "both"), the marketplace and the owner's own list. */
export function refreshAfterPrinterAdded(queryClient: QueryClient, userId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
    queryClient.invalidateQueries({ queryKey: printersKey }),
    queryClient.invalidateQueries({ queryKey: ["/api/users", userId, "printers"] }),
  ]);
}

export function ownPrintersQuery(userId: string) {
  return queryOptions({
    queryKey: ["/api/users", userId, "printers"],
    queryFn: () => api(`/api/users/${encodeURIComponent(userId)}/printers`, { schema: printerListSchema }),
  });
}

/**
 * Jobs sent to an owner's printers (spec 2 §7): the same job as GET /api/print-jobs/{id}, plus
 * the customer's name. Only orders (never drafts) are listed; newest submission first.
 */
export const ownerJobSchema = jobSchema.extend({
  customer: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable() }),
});
export type OwnerJob = z.infer<typeof ownerJobSchema>;
export const ownerJobListSchema = z.array(ownerJobSchema);

export function ownerJobsQuery(userId: string) {
  return queryOptions({
    queryKey: ["/api/users", userId, "printer-jobs"],
    queryFn: () => api(`/api/users/${encodeURIComponent(userId)}/printer-jobs`, { schema: ownerJobListSchema }),
  });
}

export function printerJobsQuery(printerId: string) {
  return queryOptions({
    queryKey: [...printersKey, printerId, "jobs"],
    queryFn: () => api(`/api/printers/${encodeURIComponent(printerId)}/jobs`, { schema: ownerJobListSchema }),
  });
}

export interface CreatePrinterPayload {
  ownerId?: string;
  name: string;
  model: string;
  description?: string;
  buildVolumeX: number;
  buildVolumeY: number;
  buildVolumeZ: number;
  materials: string[];
  pricePerGram: number;
  location: string;
  street?: string;
  city?: string;
  state?: string;
  zipCode?: string;
  imageUrl?: string;
  isAvailable?: boolean;
}

export const createPrinter = (payload: CreatePrinterPayload) =>
  api("/api/printers", { method: "POST", json: payload, schema: printerSchema });

export interface UpdatePrinterPayload {
  name?: string;
  description?: string;
  pricePerGram?: number;
  isAvailable?: boolean;
  location?: string;
  materials?: string[];
  filamentInventory?: InventoryItem[];
}

export const updatePrinter = (id: string, payload: UpdatePrinterPayload) =>
  api(`/api/printers/${encodeURIComponent(id)}`, { method: "PUT", json: payload, schema: printerSchema });

export const deletePrinter = (id: string) => api(`/api/printers/${encodeURIComponent(id)}`, { method: "DELETE" });
