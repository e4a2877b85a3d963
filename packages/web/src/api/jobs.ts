import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { ApiError, api } from "./client";

// Uploads, drafts (saved prints) and orders as the API answers them. Not strict: the server may add fields.

const size3 = z.object({ x: z.number(), y: z.number(), z: z.number() });

/** The fields of the server's analysis the screens read (the rest is kept as is). */
export const uploadSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  format: z.enum(["stl", "obj", "3mf"]),
  size: z.number(),
  status: z.enum(["pending", "analyzed", "failed"]),
  analysis: z.object({ geometry: z.unknown(), estimate: z.unknown() }).nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  createdAt: z.string(),
  analyzedAt: z.string().nullable(),
});
export type UploadRecord = z.infer<typeof uploadSchema>;

export const presignedSchema = z.object({
  uploadId: z.string(),
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  maxBytes: z.number(),
  expiresInSeconds: z.number(),
});
export type Presigned = z.infer<typeof presignedSchema>;

const pricingSchema = z.object({
  filamentCostPer1000gCents: z.number(),
  materialCostCents: z.number(),
  basePrintCostCents: z.number(),
  multicolorPremiumCents: z.number(),
  timePremiumCents: z.number(),
  subtotalCents: z.number(),
  platformFeeCents: z.number(),
  printerProfitCents: z.number(),
  customerPaysCents: z.number(),
  deliveryFeeCents: z.number(),
  totalCents: z.number(),
  weightTier: z.string(),
});

export const jobSchema = z.object({
  id: z.string(),
  customerId: z.string(),
  printerId: z.string().nullable(),
  uploadId: z.string(),
  fileName: z.string(),
  fileSize: z.number(),
  fileFormat: z.enum(["stl", "obj", "3mf"]),
  material: z.string(),
  filamentColor: z.string(),
  printSettings: z.object({
    quality: z.number(),
    infill: z.number(),
    supports: z.enum(["auto", "yes", "no"]),
    numberOfColors: z.number(),
    printTimeMinutes: z.number(),
    scale: z.number(),
  }),
  deliveryMethod: z.enum(["pickup", "delivery", "shipping"]),
  specialInstructions: z.string(),
  estimatedWeight: z.union([z.number(), z.string()]).transform(Number),
  estimatedFromSize: z.boolean().optional().default(false),
  numberOfColors: z.number(),
  printTimeMinutes: z.number(),
  boundingBox: size3.nullable(),
  pricing: pricingSchema,
  totalCost: z.string(),
  status: z.string(),
  printer: z
    .object({
      id: z.string(),
      name: z.string(),
      model: z.string(),
      location: z.string(),
      pricePerGram: z.number(),
      owner: z.object({ username: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable() }).nullable(),
    })
    .nullable(),
  createdAt: z.string(),
  submittedAt: z.string().nullable().optional(),
});
export type Job = z.infer<typeof jobSchema>;

export const uploadQueryKey = (id: string) => ["/api/uploads", id] as const;

export const createUpload = (fileName: string, size: number) =>
  api("/api/uploads", { method: "POST", json: { fileName, size }, schema: presignedSchema });

export const getUpload = (id: string) => api(`/api/uploads/${encodeURIComponent(id)}`, { schema: uploadSchema });

/** A draft; `retries` extra attempts on failures other than 404 (the submit screen retries twice). */
export function draftQuery(id: string, retries = 0) {
  return queryOptions({
    queryKey: ["/api/drafts", id],
    queryFn: () => api(`/api/drafts/${encodeURIComponent(id)}`, { schema: jobSchema }),
    retry: (count: number, error: Error) => !(error instanceof ApiError && error.status === 404) && count < retries,
  });
}

export function draftsQuery(userId: string) {
  return queryOptions({
    queryKey: ["/api/users", userId, "drafts"],
    queryFn: () => api(`/api/users/${encodeURIComponent(userId)}/drafts`, { schema: z.array(jobSchema) }),
  });
}

export function printJobQuery(id: string) {
  return queryOptions({
    queryKey: ["/api/print-jobs", id],
    queryFn: () => api(`/api/print-jobs/${encodeURIComponent(id)}`, { schema: jobSchema }),
  });
}

export interface DraftPayload {
  uploadId?: string;
  material: string;
  filamentColor: string;
  deliveryMethod: "pickup" | "delivery" | "shipping";
  specialInstructions: string;
  printSettings: {
    quality: number;
    infill: number;
    supports: "auto" | "yes" | "no";
    numberOfColors: number;
    printTimeMinutes: number;
    scale: number;
  };
  estimatedWeight: number;
  totalCost: string;
  printerId?: string;
  status: "draft";
}

export const saveDraft = (payload: DraftPayload) =>
  api("/api/save-draft", { method: "POST", json: payload, schema: z.object({ jobId: z.string() }) });

/** The spec's upload-design path: saves the draft the compatible-printers finder carries as jobId. */
export const uploadDesign = (payload: DraftPayload) =>
  api("/api/upload-design", { method: "POST", json: payload, schema: z.object({ jobId: z.string() }) });

export const updateDraft = (id: string, payload: DraftPayload) =>
  api(`/api/drafts/${encodeURIComponent(id)}`, { method: "PUT", json: payload, schema: jobSchema });

export const deleteDraft = (id: string) => api(`/api/drafts/${encodeURIComponent(id)}`, { method: "DELETE" });

export interface SubmitOrderPayload {
  printerId: string;
  draftId: string;
  filamentColor: string;
  deliveryMethod: "pickup" | "delivery";
  specialInstructions: string;
}

export const submitOrder = (payload: SubmitOrderPayload) =>
  api("/api/submit-order", { method: "POST", json: payload, schema: z.object({ orderId: z.string() }) });
