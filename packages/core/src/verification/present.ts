import { z } from "zod";
import { PRINTER_VERIFICATION_STATES } from "../db/entities/printer.ts";
import { VERIFICATION_STATUSES } from "../db/entities/verification.ts";
import { displayName } from "../messages/present.ts";
import type { FileLinks } from "../orders/download.ts";
import { photoSchema, presentPhoto } from "../photos/present.ts";
import type { PrinterRecord } from "../printers/present.ts";
import {
  DIMENSION_KEYS,
  nextStepFor,
  QUALITY_TEST,
  TEST_DIMENSIONS,
  TOLERANCE_MIN_MM,
  TOLERANCE_PERCENT,
  toleranceMm,
} from "../shared/quality-test.ts";
import type { QueuedVerification } from "./read.ts";
import { type VerificationRecord, verificationStateOf } from "./submit.ts";

const dimensionFields = {
  key: z.enum(DIMENSION_KEYS),
  label: z.string(),
  axis: z.enum(["X", "Y", "Z"]),
  nominalMm: z.number(),
  toleranceMm: z.number().meta({ description: "± this many mm: 0.5 mm or 1% of the nominal size, the larger" }),
};

/** GET /api/quality-test: the test piece, what to measure and how it is judged. */
export const qualityTestSchema = z
  .object({
    name: z.string(),
    fileName: z.string(),
    downloadUrl: z.string().meta({ description: "The STL, on the site's own origin" }),
    settings: z.string().meta({ description: "How to print it" }),
    minimumPhotos: z.number().int(),
    tolerance: z.object({ minimumMm: z.number(), percent: z.number() }),
    dimensions: z.array(z.object({ ...dimensionFields, howTo: z.string() })),
  })
  .meta({ id: "QualityTest" });

export function presentQualityTest(): z.infer<typeof qualityTestSchema> {
  return {
    name: QUALITY_TEST.name,
    fileName: QUALITY_TEST.fileName,
    downloadUrl: QUALITY_TEST.downloadPath,
    settings: QUALITY_TEST.settings,
    minimumPhotos: QUALITY_TEST.minimumPhotos,
    tolerance: { minimumMm: TOLERANCE_MIN_MM, percent: TOLERANCE_PERCENT },
    dimensions: TEST_DIMENSIONS.map((d) => ({ ...d, toleranceMm: toleranceMm(d.nominalMm) })),
  };
}

/** One attempt, dimension by dimension, as its owner and staff see it. */
export const verificationSchema = z
  .object({
    id: z.string(),
    printerId: z.string(),
    attempt: z.number().int(),
    status: z.enum(VERIFICATION_STATUSES),
    results: z.array(
      z.object({
        ...dimensionFields,
        measuredMm: z.number(),
        deviationMm: z.number().meta({ description: "Measured − nominal" }),
        withinTolerance: z.boolean(),
      }),
    ),
    allWithinTolerance: z.boolean(),
    photoIds: z.array(z.string()),
    submittedAt: z.string(),
    decidedAt: z.string().nullable(),
    note: z.string().nullable().meta({ description: "Staff's words to the owner" }),
  })
  .meta({ id: "Verification" });
export type PresentedVerification = z.infer<typeof verificationSchema>;

export function presentVerification(v: VerificationRecord): PresentedVerification {
  return {
    id: v.verificationId,
    printerId: v.printerId,
    attempt: v.attempt,
    status: v.status,
    results: v.results.map((r) => {
      const d = TEST_DIMENSIONS.find((x) => x.key === r.key);
      return {
        key: r.key as (typeof DIMENSION_KEYS)[number],
        label: d?.label ?? r.key,
        axis: d?.axis ?? "X",
        nominalMm: r.nominalMm,
        toleranceMm: r.toleranceMm,
        measuredMm: r.measuredMm,
        deviationMm: r.deviationMm,
        withinTolerance: r.withinTolerance,
      };
    }),
    allWithinTolerance: v.allWithinTolerance,
    photoIds: v.photoIds,
    submittedAt: v.submittedAt,
    decidedAt: v.decidedAt ?? null,
    note: v.note ?? null,
  };
}

/** A printer's standing with the quality test, as its owner sees it (GET /api/printers/{id}/verification). */
export const printerVerificationSchema = z
  .object({
    printerId: z.string(),
    printerName: z.string(),
    state: z.enum(PRINTER_VERIFICATION_STATES),
    verifiedAt: z.string().nullable(),
    nextStep: z.string().meta({ description: "What the owner should do next, in words" }),
    latest: verificationSchema.nullable().meta({ description: "The attempt under review, or the last one decided" }),
  })
  .meta({ id: "PrinterVerification" });

export function presentPrinterVerification(
  printer: PrinterRecord,
  latest: VerificationRecord | null,
): z.infer<typeof printerVerificationSchema> {
  const state = verificationStateOf(printer);
  return {
    printerId: printer.printerId,
    printerName: printer.name,
    state,
    verifiedAt: printer.verifiedAt ?? null,
    nextStep: nextStepFor(state),
    latest: latest ? presentVerification(latest) : null,
  };
}

/** One attempt in staff's queue: the attempt as judged, its printer, its owner and its photos. */
export const queuedVerificationSchema = z
  .object({
    verification: verificationSchema,
    printer: z
      .object({ id: z.string(), number: z.number().int().nullable(), name: z.string(), model: z.string(), location: z.string() })
      .nullable(),
    owner: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
    photos: z.array(photoSchema),
  })
  .meta({ id: "QueuedVerification" });

export async function presentQueuedVerification(
  q: QueuedVerification,
  links: Pick<FileLinks, "imageUrl">,
): Promise<z.infer<typeof queuedVerificationSchema>> {
  const { printer, owner } = q;
  return {
    verification: presentVerification(q.verification),
    printer: printer
      ? {
          id: printer.printerId,
          number: printer.printerNumber ?? null,
          name: printer.name,
          model: printer.model,
          location: `${printer.city}, ${printer.state}`,
        }
      : null,
    owner: owner
      ? {
          id: owner.userId,
          name: displayName({ username: owner.username, firstName: owner.firstName ?? null, lastName: owner.lastName ?? null }),
          email: owner.email,
        }
      : null,
    photos: await Promise.all(q.photos.map((p) => presentPhoto(p, links))),
  };
}
