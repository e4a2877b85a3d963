import type { EntityItem } from "electrodb";
import type { PrinterEntity } from "../db/entities/printer.ts";
import { DEFAULT_PRINTER_IMAGE, stockImageFor } from "../shared/printer-models.ts";
import type { UserRecord } from "../users/present.ts";

export type PrinterRecord = EntityItem<typeof PrinterEntity>;

export interface PrinterOwner {
  firstName: string | null;
  lastName: string | null;
  username: string;
}

/**
 * A printer as anyone may see it (spec 1 §3 "Printer (as read in listings)", spec 2 §3).
 * Never the street or the ZIP: `location` is "City, ST" and the point is the ZIP centroid.
 * Both `isAvailable` and `availability` are given (the spec's screens read either).
 */
export function presentPrinter(p: PrinterRecord, owner: Pick<UserRecord, "firstName" | "lastName" | "username"> | undefined) {
  const rating = p.totalReviews > 0 ? Math.round((p.ratingTotal / p.totalReviews) * 10) / 10 : null;
  return {
    id: p.printerId,
    ownerId: p.ownerId,
    name: p.name,
    model: p.model,
    description: p.description ?? null,
    imageUrl: p.imageUrl ?? stockImageFor(p.model) ?? DEFAULT_PRINTER_IMAGE,
    owner: {
      firstName: owner?.firstName ?? null,
      lastName: owner?.lastName ?? null,
      username: owner?.username ?? "unknown",
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
    isAvailable: p.isAvailable,
    availability: p.isAvailable,
    rating,
    totalReviews: p.totalReviews,
    totalJobs: p.totalJobs,
    createdAt: p.createdAt,
  };
}

export type PublicPrinter = ReturnType<typeof presentPrinter>;

/** The owner's own view adds the private address they entered (their dashboard edits it). */
export function presentOwnPrinter(p: PrinterRecord, owner: Pick<UserRecord, "firstName" | "lastName" | "username"> | undefined) {
  return { ...presentPrinter(p, owner), street: p.street ?? null, zipCode: p.zipCode ?? null };
}

export type OwnPrinter = ReturnType<typeof presentOwnPrinter>;
