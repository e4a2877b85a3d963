import { z } from "zod";

// Mirrors of the API's answers and payloads, as the site reads them: the one module the typed
// client (`hc<AppType>`, docs/api.md) replaces. Every field the server always sends is required
// here, so a test fixture must be a full answer (test/fixtures.ts builds them). Objects are not
// strict: fields the site does not read are dropped.

// ---- accounts, stats, notifications (spec 1 §3)

export const userTypeSchema = z.enum(["customer", "printer_owner", "both"]);
export type UserType = z.infer<typeof userTypeSchema>;

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  userType: userTypeSchema,
  zipCode: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const statsSchema = z.object({
  printersNearby: z.number(),
  printsThisMonth: z.number(),
  totalPrinters: z.number(),
  totalOrders: z.number(),
});
export type Stats = z.infer<typeof statsSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationListSchema = z.array(notificationSchema);

/** The API's error body (architecture rule 3); read only by the client's one error parser. */
export const errorBodySchema = z.object({
  message: z.string().min(1),
  code: z.string().optional(),
});

export interface LoginPayload {
  email: string;
  password: string;
}

export interface RegisterPayload {
  username: string;
  email: string;
  password: string;
}

// ---- uploads

const size3 = z.object({ x: z.number(), y: z.number(), z: z.number() });

/** An upload and the server's analysis (geometry and estimate are read through core's analysis types). */
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

// ---- jobs: drafts (saved prints) and orders

export const pricingSchema = z.object({
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
export type JobPricing = z.infer<typeof pricingSchema>;

export const deliveryMethodSchema = z.enum(["pickup", "delivery", "shipping"]);
export type DeliveryMethod = z.infer<typeof deliveryMethodSchema>;

const ownerNameSchema = z.object({ username: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable() });

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
  deliveryMethod: deliveryMethodSchema,
  specialInstructions: z.string(),
  estimatedWeight: z.number(),
  estimatedFromSize: z.boolean(),
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
      owner: ownerNameSchema.nullable(),
    })
    .nullable(),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

/** A job sent to an owner's printers (spec 2 §7): the job plus the customer's name. */
export const ownerJobSchema = jobSchema.extend({
  customer: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable() }),
});
export type OwnerJob = z.infer<typeof ownerJobSchema>;

export interface DraftPayload {
  uploadId?: string;
  material: string;
  filamentColor: string;
  deliveryMethod: DeliveryMethod;
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

export interface SubmitOrderPayload {
  printerId: string;
  draftId: string;
  filamentColor: string;
  deliveryMethod: DeliveryMethod;
  specialInstructions: string;
}

// ---- printers (spec 1 §3, spec 2 §3)

/** Spec 1 §3: latitude, longitude and pricePerGram may come as numeric strings. */
const numeric = z.union([z.number(), z.string()]).transform((v) => (typeof v === "number" ? v : Number(v)));
const optionalNumeric = z
  .union([z.number(), z.string(), z.null()])
  .transform((v) => (v === null || v === "" ? null : typeof v === "number" ? v : Number(v)));

export const inventoryItemSchema = z.object({ material: z.string(), color: z.string(), inStock: z.boolean() });
export type InventoryItem = z.infer<typeof inventoryItemSchema>;

export const printerSchema = z
  .object({
    id: z.string(),
    ownerId: z.string(),
    name: z.string(),
    model: z.string(),
    description: z.string().nullable(),
    /** Always a stock image or an https address from our server; null is read as "use the stock image". */
    imageUrl: z.string().nullable(),
    owner: ownerNameSchema,
    location: z.string(),
    latitude: optionalNumeric,
    longitude: optionalNumeric,
    buildVolumeX: z.number(),
    buildVolumeY: z.number(),
    buildVolumeZ: z.number(),
    materials: z.array(z.string()),
    pricePerGram: numeric,
    hourlyRate: optionalNumeric,
    isAvailable: z.boolean(),
    availability: z.boolean(),
    rating: optionalNumeric,
    totalReviews: z.number(),
    totalJobs: z.number(),
    filamentInventory: z.array(inventoryItemSchema),
    /** Only when the list was asked for nearest first (`zip`). */
    distanceMiles: z.number().optional(),
    /** Only on the owner's own list. */
    street: z.string().nullable().optional(),
    zipCode: z.string().nullable().optional(),
  })
  .transform((p) => ({ ...p, available: p.isAvailable }));
export type Printer = z.infer<typeof printerSchema>;

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

export interface UpdatePrinterPayload {
  name?: string;
  description?: string;
  pricePerGram?: number;
  isAvailable?: boolean;
  location?: string;
  materials?: string[];
  filamentInventory?: InventoryItem[];
}

// ---- the answers' wire shapes (what the server sends), for typed test fixtures

export type UserAnswer = z.input<typeof userSchema>;
export type StatsAnswer = z.input<typeof statsSchema>;
export type NotificationAnswer = z.input<typeof notificationSchema>;
export type UploadAnswer = z.input<typeof uploadSchema>;
export type JobAnswer = z.input<typeof jobSchema>;
export type OwnerJobAnswer = z.input<typeof ownerJobSchema>;
export type PrinterAnswer = z.input<typeof printerSchema>;
