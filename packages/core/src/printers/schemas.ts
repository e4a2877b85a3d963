import { z } from "zod";
import { pageQueryFields } from "../paging/page.ts";
import { ERRORS } from "../shared/errors.ts";
import { RADIUS_MAX_MILES } from "../shared/paging.ts";
import { PRINTER_IMAGE_PATH } from "../shared/printer-models.ts";
import {
  DISCOUNT_COPIES_WORDS,
  DISCOUNT_PERCENT_WORDS,
  QUANTITY_DISCOUNT_MAX_PERCENT,
  QUANTITY_DISCOUNT_MIN_COPIES,
  QUANTITY_DISCOUNT_STEPS_MAX,
  sortedDiscounts,
} from "../shared/quantity-discounts.ts";
import { BUILD_VOLUME_MAX_MM, MAX_PART_QUANTITY } from "../shared/sizes.ts";
import { cleanLine, cleanLines, isBlankText } from "../shared/text.ts";

/**
 * Inputs of the printer calls (spec 2 §3, §5, §7). Strict objects: unknown keys are refused.
 * Messages are the spec's where it gives them. Missing values are mapped to "" or NaN first so
 * the field's own message is used rather than a generic "X is required". Names, descriptions, places,
 * materials and colours are free text other people read: normalised first (shared/text.ts), so a
 * zero-width-only value is blank.
 */
const blankToUndefined = (v: unknown) => (v === null || (typeof v === "string" && isBlankText(v)) ? undefined : v);
const toNumber = (v: unknown) => (v === undefined || v === null || v === "" ? Number.NaN : typeof v === "string" ? Number(v) : v);

const requiredText = (message: string, max: number) =>
  z.preprocess(
    (v) => v ?? "",
    z
      .string({ error: message })
      .overwrite(cleanLine)
      .trim()
      .min(1, message)
      .max(max, `${message.split(" is ")[0]} is too long`),
  );

/** What a printer's listing may hold; each number is read by its check and its message alike. */
const PRICE_PER_GRAM_MAX = 100;
const MATERIALS_MAX = 30;
const INVENTORY_ENTRIES_MAX = 300;

const buildVolume = (axis: "X" | "Y" | "Z") =>
  z.preprocess(
    toNumber,
    z
      .number({ error: `Build volume ${axis} is required` })
      .int(`Build volume ${axis} must be a whole number of millimetres`)
      .min(1, `Build volume ${axis} is required`)
      .max(BUILD_VOLUME_MAX_MM, `Build volume ${axis} must be at most ${BUILD_VOLUME_MAX_MM} mm`),
  );

const price = z.preprocess(
  toNumber,
  z
    .number({ error: "Price per gram is required" })
    .min(0, "Price per gram must be 0 or more")
    .max(PRICE_PER_GRAM_MAX, `Price per gram must be at most ${PRICE_PER_GRAM_MAX}`),
);

const material = z
  .string({ error: "Each material must be text" })
  .overwrite(cleanLine)
  .trim()
  .min(1, "A material cannot be empty")
  .max(40, "A material name is too long");
/** Materials, trimmed and without duplicates (ignoring case). */
const materials = z
  .array(material, { error: "At least one material is required" })
  .min(1, "At least one material is required")
  .max(MATERIALS_MAX, `At most ${MATERIALS_MAX} materials`)
  .transform((list) => list.filter((m, i) => list.findIndex((o) => o.toLowerCase() === m.toLowerCase()) === i));

const inventory = z
  .array(
    z.strictObject({
      material,
      color: z.string().overwrite(cleanLine).trim().min(1, "A colour cannot be empty").max(40, "A colour name is too long"),
      inStock: z.boolean({ error: "In stock must be true or false" }),
    }),
  )
  .max(INVENTORY_ENTRIES_MAX, `At most ${INVENTORY_ENTRIES_MAX} inventory entries`);

const copiesWords = DISCOUNT_COPIES_WORDS;
const percentWords = DISCOUNT_PERCENT_WORDS;
/** The owner's quantity discounts (shared/quantity-discounts.ts), fewest copies first, one per number of copies. */
const quantityDiscounts = z
  .array(
    z.strictObject({
      minQuantity: z
        .number({ error: copiesWords })
        .int(copiesWords)
        .min(QUANTITY_DISCOUNT_MIN_COPIES, copiesWords)
        .max(MAX_PART_QUANTITY, copiesWords),
      percent: z.number({ error: percentWords }).int(percentWords).min(1, percentWords).max(QUANTITY_DISCOUNT_MAX_PERCENT, percentWords),
    }),
    { error: "Quantity discounts must be a list" },
  )
  .max(QUANTITY_DISCOUNT_STEPS_MAX, `At most ${QUANTITY_DISCOUNT_STEPS_MAX} quantity discounts`)
  .transform(sortedDiscounts);

/** An optional free text: one line (a place), or with lines (`cleanLines`: the description). */
const optionalText = (max: number, label: string, clean = cleanLine) =>
  z.preprocess(blankToUndefined, z.string().overwrite(clean).trim().max(max, `${label} is too long`).optional());

/** Our stock images, or an https address. */
const imageUrl = z.preprocess(
  blankToUndefined,
  z
    .string()
    .max(500, "Image address is too long")
    .refine((u) => /^\/api\/printer-images\/[a-z0-9-]+\.svg$/.test(u) || /^https:\/\/[^\s"'<>]+$/.test(u), {
      message: `Image address must be one of our stock images (${PRINTER_IMAGE_PATH}…) or an https address`,
    })
    .optional(),
);

const place = {
  location: optionalText(200, "Location"),
  street: optionalText(120, "Street"),
  city: optionalText(80, "City"),
  state: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, "State must be 2 letters")
      .transform((s) => s.toUpperCase())
      .optional(),
  ),
  zipCode: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d{5}$/, "ZIP code must be 5 digits")
      .optional(),
  ),
};

/**
 * POST /api/printers. Covers both payloads of spec 2: the dashboard dialog's (model from its
 * list, address parts, derived price) and the /add-printer screen's (form fields, `location`).
 */
export const createPrinterInput = z
  .strictObject({
    ownerId: z.string().optional(),
    name: requiredText("Printer name is required", 80),
    model: requiredText("Printer model is required", 80),
    description: optionalText(1000, "Description", cleanLines),
    imageUrl,
    ...place,
    buildVolumeX: buildVolume("X"),
    buildVolumeY: buildVolume("Y"),
    buildVolumeZ: buildVolume("Z"),
    materials,
    pricePerGram: price,
    hourlyRate: z.preprocess(
      blankToUndefined,
      z.coerce.number().min(0, "Hourly rate must be 0 or more").max(1000, "Hourly rate is too high").optional(),
    ),
    isAvailable: z.boolean({ error: "Availability must be true or false" }).optional(),
    filamentInventory: inventory.optional(),
    quantityDiscounts: quantityDiscounts.optional(),
  })
  .refine((p) => p.location || p.city || p.zipCode, { message: "Location is required", path: ["location"] })
  .meta({ id: "NewPrinterInput" });

export type CreatePrinterInput = z.output<typeof createPrinterInput>;

/** PUT /api/printers/{id}: the settings dialog's fields, or only {isAvailable} (the toggle). */
export const updatePrinterInput = z
  .strictObject({
    name: z
      .string({ error: "Printer name is required" })
      .overwrite(cleanLine)
      .trim()
      .min(1, "Printer name is required")
      .max(80, "Printer name is too long")
      .optional(),
    model: z
      .string({ error: "Printer model is required" })
      .overwrite(cleanLine)
      .trim()
      .min(1, "Printer model is required")
      .max(80, "Printer model is too long")
      .optional(),
    description: z.preprocess(
      (v) => (v === null ? "" : v),
      z.string().overwrite(cleanLines).trim().max(1000, "Description is too long").optional(),
    ),
    imageUrl,
    location: z.preprocess(
      (v) => v ?? undefined,
      z.string().overwrite(cleanLine).trim().min(1, "Location is required").max(200, "Location is too long").optional(),
    ),
    street: place.street,
    city: place.city,
    state: place.state,
    zipCode: place.zipCode,
    buildVolumeX: buildVolume("X").optional(),
    buildVolumeY: buildVolume("Y").optional(),
    buildVolumeZ: buildVolume("Z").optional(),
    materials: materials.optional(),
    pricePerGram: price.optional(),
    hourlyRate: z.preprocess(
      blankToUndefined,
      z.coerce.number().min(0, "Hourly rate must be 0 or more").max(1000, "Hourly rate is too high").optional(),
    ),
    isAvailable: z.boolean({ error: "Availability must be true or false" }).optional(),
    filamentInventory: inventory.optional(),
    quantityDiscounts: quantityDiscounts.optional(),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), { message: "There is nothing to update" })
  .meta({ id: "PrinterChanges" });

export type UpdatePrinterInput = z.output<typeof updatePrinterInput>;

/** Query values "" and "all" mean "no filter" (spec 1 §7: omitted when empty or 'all'). */
const filterText = z.preprocess(
  (v) => (typeof v === "string" && (v.trim() === "" || v.trim().toLowerCase() === "all") ? undefined : v),
  z.string().trim().max(100, "Filter text is too long").optional(),
);
const minVolume = (axis: string) =>
  z.preprocess(
    (v) => (v === "" || v === undefined ? undefined : typeof v === "string" && /^\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : v),
    z
      .number({ error: `Minimum build volume ${axis} must be a number` })
      .min(0, `Minimum build volume ${axis} must be 0 or more`)
      .max(10_000, `Minimum build volume ${axis} is too large`)
      .optional(),
  );

const number = (v: unknown) => (typeof v === "string" && v.trim() !== "" && !Number.isNaN(Number(v)) ? Number(v) : v);

/** `bbox=west,south,east,north` in degrees (a map's view; west > east crosses the antimeridian). */
const bbox = z
  .string()
  .max(200, ERRORS.bad_bbox.message)
  .transform((text, ctx) => {
    // An empty part is no number (Number("") would read it as 0).
    const parts = text.split(",").map((p) => (p.trim() === "" ? Number.NaN : Number(p.trim())));
    const [west, south, east, north] = parts;
    const lon = (v: number | undefined): v is number => v !== undefined && Number.isFinite(v) && v >= -180 && v <= 180;
    const lat = (v: number | undefined): v is number => v !== undefined && Number.isFinite(v) && v >= -90 && v <= 90;
    if (parts.length !== 4 || !lon(west) || !lon(east) || !lat(south) || !lat(north) || south > north) {
      ctx.addIssue({ code: "custom", message: ERRORS.bad_bbox.message });
      return z.NEVER;
    }
    return { west, south, east, north };
  });

/**
 * GET /api/printers query string. `zip` sorts nearest first and adds distanceMiles; without it the
 * list is nearest the place `location` names, else the served region's centre (printers/find.ts).
 * `limit`/`cursor` page it; `bbox` (with the map's `zoom`) asks for a map's view instead (printers/view.ts).
 */
export const listPrintersQuery = z.strictObject({
  ...pageQueryFields,
  radius: z.preprocess(
    number,
    z
      .number({ error: `Radius must be a number of miles from 1 to ${RADIUS_MAX_MILES}` })
      .min(1, `Radius must be a number of miles from 1 to ${RADIUS_MAX_MILES}`)
      .max(RADIUS_MAX_MILES, `Radius must be at most ${RADIUS_MAX_MILES} miles`)
      .optional(),
  ),
  bbox: bbox.optional().meta({ description: "A map's view: west,south,east,north in degrees; answers printers or clusters" }),
  zoom: z.preprocess(
    number,
    z
      .number({ error: "Zoom must be a whole number from 0 to 22" })
      .int("Zoom must be a whole number from 0 to 22")
      .min(0)
      .max(22)
      .optional(),
  ),
  location: filterText,
  material: filterText,
  color: filterText,
  search: filterText,
  available: z.preprocess(
    (v) => (v === "" || v === "all" ? undefined : v),
    z.enum(["true", "false"], { error: "Available must be true or false" }).optional(),
  ),
  minBuildVolumeX: minVolume("X"),
  minBuildVolumeY: minVolume("Y"),
  minBuildVolumeZ: minVolume("Z"),
  zip: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .regex(/^\d{5}$/, "ZIP code must be 5 digits")
      .optional(),
  ),
});

export type ListPrintersQuery = z.output<typeof listPrintersQuery>;
