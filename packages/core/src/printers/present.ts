import type { EntityItem } from "electrodb";
import { z } from "zod";
import { PRINTER_VERIFICATION_STATES, type PrinterEntity } from "../db/entities/printer.ts";
import { DEFAULT_PRINTER_IMAGE, stockImageFor } from "../shared/printer-models.ts";
import { isVerified } from "../shared/quality-test.ts";
import { sortedDiscounts } from "../shared/quantity-discounts.ts";
import { copiedOwner, type OwnerName } from "./owner-name.ts";

export type PrinterRecord = EntityItem<typeof PrinterEntity>;

const printerOwnerSchema = z.object({ firstName: z.string().nullable(), lastName: z.string().nullable(), username: z.string() });
export type PrinterOwner = z.infer<typeof printerOwnerSchema>;

/**
 * A printer as anyone may see it (spec 1 §3 "Printer (as read in listings)", spec 2 §3): the
 * answer's one definition. Never the street or the ZIP: `location` is "City, ST" and the point is
 * the ZIP centroid. Both `isAvailable` and `availability` are given (the spec's screens read either).
 */
export const printerSchema = z
  .object({
    id: z.string(),
    number: z.number().int().nullable().meta({ description: 'The short public number ("Printer #12"); accepted wherever a printerId is' }),
    ownerId: z.string(),
    name: z.string(),
    model: z.string(),
    description: z.string().nullable(),
    imageUrl: z.string(),
    owner: printerOwnerSchema,
    location: z.string().meta({ description: '"City, ST"' }),
    city: z.string(),
    state: z.string(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    buildVolumeX: z.number(),
    buildVolumeY: z.number(),
    buildVolumeZ: z.number(),
    materials: z.array(z.string()),
    filamentInventory: z.array(z.object({ material: z.string(), color: z.string(), inStock: z.boolean() })),
    pricePerGram: z
      .number()
      .meta({ description: "USD per gram: filament cost ÷ spool weight (spec 2 §9); the filament price of jobs on it" }),
    hourlyRate: z.number().nullable(),
    quantityDiscounts: z
      .array(z.object({ minQuantity: z.number().int(), percent: z.number().int() }))
      .meta({ description: "A percentage off a part's line from a number of copies of it, fewest copies first" }),
    queueMinutes: z
      .number()
      .int()
      .meta({ description: "Print minutes of the accepted and printing orders ahead of a new one (every copy): the owner's lead time" }),
    isAvailable: z.boolean(),
    availability: z.boolean(),
    rating: z.number().nullable(),
    totalReviews: z.number().int(),
    totalJobs: z.number().int(),
    verified: z
      .boolean()
      .meta({ description: "Passed the quality test (the Verified badge); only verified printers are listed and take orders" }),
    createdAt: z.string(),
  })
  .meta({ id: "Printer" });
export type PublicPrinter = z.infer<typeof printerSchema>;

/** In the listing: with `zip`, the distance from that ZIP's centre. */
export const listedPrinterSchema = printerSchema
  .extend({ distanceMiles: z.number().optional().meta({ description: "Miles from the `zip` asked for (1 decimal)" }) })
  .meta({ id: "ListedPrinter" });

/** The owner's own view adds the private address they entered (their dashboard edits it). */
export const ownPrinterSchema = printerSchema
  .extend({
    street: z.string().nullable(),
    zipCode: z.string().nullable(),
    verification: z
      .enum(PRINTER_VERIFICATION_STATES)
      .meta({ description: "Where it stands with the quality test (GET /api/printers/{id}/verification has the details)" }),
  })
  .meta({ id: "OwnPrinter", description: "A printer as its owner sees it, with the private address." });
export type OwnPrinter = z.infer<typeof ownPrinterSchema>;

/**
 * `owner` is the owner as read, for a printer written before it carried a copy of its owner's name
 * (printers/owner-name.ts); the copy, where there is one, is what is shown.
 */
export function presentPrinter(p: PrinterRecord, owner: OwnerName | undefined): PublicPrinter {
  const shown = copiedOwner(p) ?? owner;
  const rating = p.totalReviews > 0 ? Math.round((p.ratingTotal / p.totalReviews) * 10) / 10 : null;
  return {
    id: p.printerId,
    /** The short public number ("Printer #12"); null only until an older printer gets one. */
    number: p.printerNumber ?? null,
    ownerId: p.ownerId,
    name: p.name,
    model: p.model,
    description: p.description ?? null,
    imageUrl: p.imageUrl ?? stockImageFor(p.model) ?? DEFAULT_PRINTER_IMAGE,
    owner: {
      firstName: shown?.firstName ?? null,
      lastName: shown?.lastName ?? null,
      username: shown?.username ?? "unknown",
    } satisfies PrinterOwner,
    location: `${p.city}, ${p.state}`,
    city: p.city,
    state: p.state,
    latitude: p.latitude ?? null,
    longitude: p.longitude ?? null,
    buildVolumeX: p.buildVolumeX,
    buildVolumeY: p.buildVolumeY,
    buildVolumeZ: p.buildVolumeZ,
    materials: p.materials,
    filamentInventory: p.filamentInventory ?? [],
    pricePerGram: p.pricePerGram,
    hourlyRate: p.hourlyRate ?? null,
    quantityDiscounts: sortedDiscounts(p.quantityDiscounts),
    queueMinutes: Math.max(0, Math.round(p.queueMinutes ?? 0)),
    isAvailable: p.isAvailable,
    availability: p.isAvailable,
    rating,
    totalReviews: p.totalReviews,
    totalJobs: p.totalJobs,
    verified: isVerified(p),
    createdAt: p.createdAt,
  };
}

export function presentOwnPrinter(p: PrinterRecord, owner: OwnerName | undefined): OwnPrinter {
  return {
    ...presentPrinter(p, owner),
    street: p.street ?? null,
    zipCode: p.zipCode ?? null,
    verification: p.verification ?? "awaiting_test",
  };
}
