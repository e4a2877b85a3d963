import { z } from "zod";
import { ORDER_MATERIAL_VALUES } from "../shared/materials.ts";
import { COLOR_VALUES, INFILL_OPTIONS, QUALITY_OPTIONS, SUPPORT_VALUES } from "../shared/options.ts";
import { DELIVERY_METHODS } from "../shared/pricing.ts";
import { SPECIAL_INSTRUCTIONS_MAX_LENGTH } from "../shared/sizes.ts";
import { cleanLines } from "../shared/text.ts";
import { listInWords } from "../shared/words.ts";

const qualities = QUALITY_OPTIONS.map((q) => q.value) as number[];
const infills = INFILL_OPTIONS as readonly number[];

export const printSettingsInput = z.strictObject({
  quality: z
    .number({ error: "Layer height must be 0.1, 0.2 or 0.3 mm." })
    .refine((v) => qualities.includes(v), "Layer height must be 0.1, 0.2 or 0.3 mm."),
  infill: z
    .number({ error: "Infill must be 10, 15, 20, 30, 50 or 100 percent." })
    .refine((v) => infills.includes(v), "Infill must be 10, 15, 20, 30, 50 or 100 percent."),
  supports: z.enum(SUPPORT_VALUES, { error: "Supports must be no, auto or yes." }),
  /** Accepted for the spec's payload; the server counts colours from the design itself. */
  numberOfColors: z.number().int().min(1).max(8).optional(),
  /** Accepted for the spec's payload; the server's analysis gives the print time. */
  printTimeMinutes: z.number().min(0).max(100_000).optional(),
  /** Print at this factor of the file's size (the one-click unit rescale); default 1. */
  scale: z.number({ error: "Scale must be a number." }).min(0.001, "Scale is too small.").max(1000, "Scale is too large.").optional(),
});
export type PrintSettingsInput = z.output<typeof printSettingsInput>;

/** Ids are our UUID strings; the spec's integer ids are accepted as text too (DECISIONS.md). */
const id = (what: string) =>
  z
    .union([z.string(), z.number().int()], { error: `${what} is required.` })
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, `${what} is required.`).max(64, `${what} is not valid.`));

/** The customer's notes for the owner: free text the owner reads, normalised (shared/text.ts). */
const specialInstructions = z
  .string()
  .overwrite(cleanLines)
  .max(SPECIAL_INSTRUCTIONS_MAX_LENGTH, `Special instructions can be at most ${SPECIAL_INSTRUCTIONS_MAX_LENGTH} characters.`)
  .optional();

const draftFields = {
  material: z.enum(ORDER_MATERIAL_VALUES, { error: `Material must be ${listInWords(ORDER_MATERIAL_VALUES)}.` }),
  filamentColor: z.enum(COLOR_VALUES, { error: "Please choose one of the offered filament colours." }).default("Black"),
  deliveryMethod: z.enum(DELIVERY_METHODS, { error: "Delivery method must be pickup, delivery or shipping." }).default("pickup"),
  specialInstructions,
  printSettings: printSettingsInput,
  /** The browser's figures: accepted for the spec's payload, never trusted (the server prices). */
  estimatedWeight: z.union([z.number(), z.string().max(32)]).optional(),
  totalCost: z.union([z.number(), z.string().max(32)]).optional(),
  printerId: z.union([id("Printer"), z.null(), z.literal("")]).optional(),
  status: z.literal("draft", { error: "Saving writes only status draft." }).optional(),
};

/** POST /api/save-draft: the upload's id instead of a multipart file. */
export const saveDraftInput = z
  .strictObject({
    uploadId: z.uuid({ error: "Please upload a design file first (uploadId)." }),
    ...draftFields,
  })
  .meta({ id: "SaveDraftInput" });
export type SaveDraftInput = z.output<typeof saveDraftInput>;

/** PUT /api/drafts/{id}: the same fields; uploadId only when the file was replaced. */
export const updateDraftInput = z
  .strictObject({
    uploadId: z.uuid({ error: "Please upload a design file first (uploadId)." }).optional(),
    ...draftFields,
  })
  .meta({ id: "UpdateDraftInput" });
export type UpdateDraftInput = z.output<typeof updateDraftInput>;

/** POST /api/submit-order. */
export const submitOrderInput = z
  .strictObject({
    printerId: id("Printer"),
    draftId: id("Draft"),
    filamentColor: z.enum(COLOR_VALUES, { error: "Please select a filament color." }),
    deliveryMethod: z.enum(DELIVERY_METHODS, { error: "Delivery method must be pickup, delivery or shipping." }).default("pickup"),
    specialInstructions,
    /**
     * The total the customer was shown, as a decimal string like the answers' `total` ("12.34"). When
     * sent, a different server total refuses the order with 409 `price_changed` naming the new total.
     */
    expectedTotal: z
      .string({ error: 'The expected total must be a decimal string such as "12.34".' })
      .regex(/^\d{1,7}(\.\d{1,2})?$/, 'The expected total must be a decimal string such as "12.34".')
      .optional()
      .meta({ description: 'The total the customer saw, e.g. "12.34"; a different server total answers 409 price_changed' }),
  })
  .meta({ id: "SubmitOrderInput" });
export type SubmitOrderInput = z.output<typeof submitOrderInput>;
