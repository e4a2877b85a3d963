import { z } from "zod";
import { ORDER_MATERIAL_VALUES } from "../shared/materials.ts";
import { COLOR_VALUES, INFILL_OPTIONS, QUALITY_OPTIONS, SUPPORT_VALUES } from "../shared/options.ts";
import { QUANTITY_WORDS } from "../shared/parts.ts";
import { DELIVERY_METHODS } from "../shared/pricing.ts";
import {
  MAX_PART_QUANTITY,
  MAX_PARTS,
  MAX_PRINT_SCALE,
  MIN_PART_QUANTITY,
  MIN_PRINT_SCALE,
  SPECIAL_INSTRUCTIONS_MAX_LENGTH,
} from "../shared/sizes.ts";
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
  scale: z
    .number({ error: "Scale must be a number." })
    .min(MIN_PRINT_SCALE, "Scale is too small.")
    .max(MAX_PRINT_SCALE, "Scale is too large.")
    .optional(),
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

const material = z.enum(ORDER_MATERIAL_VALUES, { error: `Material must be ${listInWords(ORDER_MATERIAL_VALUES)}.` });
const filamentColor = z.enum(COLOR_VALUES, { error: "Please choose one of the offered filament colours." });

const quantityWords = QUANTITY_WORDS;
export const partQuantity = z
  .number({ error: quantityWords })
  .int(quantityWords)
  .min(MIN_PART_QUANTITY, quantityWords)
  .max(MAX_PART_QUANTITY, quantityWords);

/**
 * One part of a project (issue 22): an upload and how many copies of it; its material, colour and
 * settings when they differ from the draft's own (which are the first part's and every part's default).
 */
export const partInput = z
  .strictObject({
    uploadId: z.uuid({ error: "Each part needs the uploadId of an uploaded design." }),
    quantity: partQuantity.default(MIN_PART_QUANTITY),
    material: material.optional(),
    filamentColor: filamentColor.optional(),
    printSettings: printSettingsInput.optional(),
  })
  .meta({ id: "PartInput" });
export type PartInput = z.output<typeof partInput>;

/** A project's parts, in the order the customer sees them: 1 to MAX_PARTS. */
const parts = z
  .array(partInput, { error: "Parts must be a list of uploaded designs." })
  .min(1, "A project needs at least one part.")
  .max(MAX_PARTS, `A project can have at most ${MAX_PARTS} parts.`)
  .optional()
  .meta({
    description: `The project's parts (1 to ${MAX_PARTS}), each an upload and its quantity (${MIN_PART_QUANTITY}–${MAX_PART_QUANTITY}); the draft's own uploadId and settings are then the first part's`,
  });

const draftFields = {
  material,
  filamentColor: filamentColor.default("Black"),
  deliveryMethod: z.enum(DELIVERY_METHODS, { error: "Delivery method must be pickup, delivery or shipping." }).default("pickup"),
  specialInstructions,
  printSettings: printSettingsInput,
  /** The browser's figures: accepted for the spec's payload, never trusted (the server prices). */
  estimatedWeight: z.union([z.number(), z.string().max(32)]).optional(),
  totalCost: z.union([z.number(), z.string().max(32)]).optional(),
  printerId: z.union([id("Printer"), z.null(), z.literal("")]).optional(),
  status: z.literal("draft", { error: "Saving writes only status draft." }).optional(),
};

const oneWayToName = (d: { uploadId?: string | undefined; parts?: PartInput[] | undefined }) =>
  !(d.uploadId && d.parts && d.parts[0]?.uploadId !== d.uploadId);
const oneWay = { message: "Send the design as uploadId or as parts, not two different first files.", path: ["uploadId"] };

/** POST /api/save-draft: the upload's id instead of a multipart file, or a project's parts. */
export const saveDraftInput = z
  .strictObject({
    uploadId: z.uuid({ error: "Please upload a design file first (uploadId)." }).optional(),
    parts,
    ...draftFields,
  })
  .refine((d) => d.uploadId || d.parts, { message: "Please upload a design file first (uploadId).", path: ["uploadId"] })
  .refine(oneWayToName, oneWay)
  .meta({ id: "SaveDraftInput" });
export type SaveDraftInput = z.output<typeof saveDraftInput>;

/** PUT /api/drafts/{id}: the same fields; uploadId only when the file was replaced. */
export const updateDraftInput = z
  .strictObject({
    uploadId: z.uuid({ error: "Please upload a design file first (uploadId)." }).optional(),
    parts,
    ...draftFields,
  })
  .refine(oneWayToName, oneWay)
  .meta({ id: "UpdateDraftInput" });
export type UpdateDraftInput = z.output<typeof updateDraftInput>;

/** POST /api/submit-order. */
export const submitOrderInput = z
  .strictObject({
    printerId: id("Printer"),
    draftId: id("Draft"),
    filamentColor: z.enum(COLOR_VALUES, { error: "Please select a filament color." }),
    /** A project's colours, one per part in order (the first is filamentColor's); without it the parts keep the draft's. */
    partColors: z
      .array(z.enum(COLOR_VALUES, { error: "Please select a filament color for every part." }))
      .max(MAX_PARTS, `A project can have at most ${MAX_PARTS} parts.`)
      .optional()
      .meta({ description: "One colour per part of a project, in order; the first must be filamentColor" }),
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
  .refine((d) => !d.partColors || d.partColors[0] === d.filamentColor, {
    message: "The first part's colour is the order's filament colour: send the same colour in both.",
    path: ["partColors"],
  })
  .meta({ id: "SubmitOrderInput" });
export type SubmitOrderInput = z.output<typeof submitOrderInput>;

/** POST /api/print-jobs/{id}/reorder: the same parts as a new saved print, for the same printer or another. */
export const reorderInput = z
  .strictObject({
    printerId: z
      .union([id("Printer"), z.null()])
      .optional()
      .meta({ description: "Another printer; the order's own when absent; null for none yet" }),
  })
  .meta({ id: "ReorderInput" });
export type ReorderInput = z.output<typeof reorderInput>;
