import type { DesignGeometry } from "../analysis/index.ts";
import type { Store } from "../db/store.ts";
import type { PrinterRecord } from "../printers/present.ts";
import { fail } from "../shared/errors.ts";
import { projectFileName } from "../shared/parts.ts";
import type { DeliveryMethod, PriceResult } from "../shared/pricing.ts";
import { type DesignMeasurements, measureAtSettings, type ProjectQuote, quoteProject } from "../shared/quote.ts";
import { displayFileName } from "../shared/uploads.ts";
import { getOwnUpload } from "../uploads/uploads.ts";
import type { JobRecord, JobSettings, UploadRecord } from "./records.ts";
import type { PartInput, PrintSettingsInput } from "./schemas.ts";

/**
 * The parts of a project (issue 22): which uploads, how many copies, at which settings, and what
 * the server's own analysis of each says they weigh, take and cost. Every draft and order keeps its
 * parts; its own file, settings and figures are the first part's name ("bracket.stl + 2 more"), the
 * first part's settings and the totals of every copy, so a job of one part and one copy reads exactly
 * as a job did before projects.
 */

export type StoredPart = NonNullable<JobRecord["parts"]>[number];

/** What the customer chose for one part, before the server measures and prices it. */
export interface PartChoice {
  uploadId: string;
  quantity: number;
  material: string;
  filamentColor: string;
  settings: Omit<JobSettings, "numberOfColors" | "printTimeMinutes">;
}

/** The settings a draft stores from the form's (the browser's figures are not kept: the server measures). */
export const chosenSettings = (s: PrintSettingsInput): PartChoice["settings"] => ({
  quality: s.quality,
  infill: s.infill,
  supports: s.supports,
  scale: s.scale ?? 1,
});

/** A job's parts: its list, or, for a job saved before projects, itself as one part of one copy. */
export function partsOf(job: JobRecord): StoredPart[] {
  if (job.parts?.length) return job.parts;
  return [
    {
      uploadId: job.uploadId,
      fileName: job.fileName,
      fileSize: job.fileSize,
      fileFormat: job.fileFormat,
      quantity: 1,
      material: job.material,
      filamentColor: job.filamentColor,
      printSettings: job.printSettings,
      estimatedWeight: job.estimatedWeight,
      estimatedFromSize: job.estimatedFromSize,
      printTimeMinutes: job.printTimeMinutes,
      numberOfColors: job.numberOfColors,
      ...(job.boundingBox ? { boundingBox: job.boundingBox } : {}),
      unitCents: job.pricing.subtotalCents,
      grossCents: job.pricing.subtotalCents,
      discountPercent: 0,
      discountCents: 0,
      lineTotalCents: job.pricing.subtotalCents,
    },
  ];
}

/** A stored part as a choice again (re-priced at submit, or re-ordered). */
export const choiceOf = (p: StoredPart): PartChoice => ({
  uploadId: p.uploadId,
  quantity: p.quantity,
  material: p.material,
  filamentColor: p.filamentColor,
  settings: {
    quality: p.printSettings.quality,
    infill: p.printSettings.infill,
    supports: p.printSettings.supports,
    scale: p.printSettings.scale,
  },
});

/** The form's parts, each taking the draft's own material, colour and settings where it does not say. */
export function choicesFromInput(
  parts: readonly PartInput[],
  defaults: { material: string; filamentColor: string; printSettings: PrintSettingsInput },
): PartChoice[] {
  return parts.map((p) => ({
    uploadId: p.uploadId,
    quantity: p.quantity,
    material: p.material ?? defaults.material,
    filamentColor: p.filamentColor ?? defaults.filamentColor,
    settings: chosenSettings(p.printSettings ?? defaults.printSettings),
  }));
}

function geometryOf(upload: UploadRecord): DesignGeometry | null {
  const a = upload.analysis as { geometry?: DesignGeometry } | undefined;
  return upload.status === "analyzed" && a?.geometry ? a.geometry : null;
}

/**
 * An upload's measurements at some settings, from the server's stored analysis or, when the
 * analysis failed, the spec's size-based estimate. A pending analysis is a 409.
 */
export function measureUpload(upload: UploadRecord, material: string, settings: PartChoice["settings"]): DesignMeasurements {
  if (upload.status === "pending") throw fail("analysis_pending");
  return measureAtSettings(
    geometryOf(upload),
    { material, ...settings },
    { bytes: upload.size ?? upload.declaredSize, format: upload.format },
  );
}

/** The customer's own uploads of these parts, read once each (a file used twice is read once). */
export async function ownUploads(store: Store, userId: string, choices: readonly PartChoice[]): Promise<UploadRecord[]> {
  const ids = [...new Set(choices.map((c) => c.uploadId))];
  const read = new Map((await Promise.all(ids.map((id) => getOwnUpload(store, userId, id)))).map((u) => [u.uploadId, u]));
  return choices.map((c) => read.get(c.uploadId)!);
}

/** A project measured and priced by the server: its parts as stored, and its quote. */
export interface PricedProject {
  parts: StoredPart[];
  quote: ProjectQuote;
  uploads: readonly UploadRecord[];
  measured: DesignMeasurements[];
}

/** What the compatibility rule checks of each part (shared/compatibility.ts projectProblem). */
export const partNeeds = (project: PricedProject) =>
  project.parts.map((p, i) => ({
    fileName: p.fileName,
    material: p.material,
    filamentColor: p.filamentColor,
    boundingBox: project.measured[i]!.boundingBox,
  }));

/** Measure each part from its upload at its settings and price the project with the one quote (core/shared/quote.ts). */
export function priceProject(
  choices: readonly PartChoice[],
  uploads: readonly UploadRecord[],
  deliveryMethod: DeliveryMethod,
  printer: Pick<PrinterRecord, "pricePerGram" | "quantityDiscounts"> | null,
): PricedProject {
  const measured = choices.map((c, i) => measureUpload(uploads[i]!, c.material, c.settings));
  const quote = quoteProject(
    choices.map((c, i) => ({ measured: measured[i]!, material: c.material, quantity: c.quantity })),
    { deliveryMethod },
    printer,
  );
  const parts = choices.map((c, i): StoredPart => {
    const m = measured[i]!;
    const line = quote.lines[i]!;
    const upload = uploads[i]!;
    return {
      uploadId: c.uploadId,
      // Names stored before the normalisation (shared/text.ts) are normalised as a draft takes them.
      fileName: displayFileName(upload.fileName),
      fileSize: upload.size ?? upload.declaredSize,
      fileFormat: upload.format,
      quantity: c.quantity,
      material: c.material,
      filamentColor: c.filamentColor,
      printSettings: { ...c.settings, numberOfColors: m.numberOfColors, printTimeMinutes: m.printTimeMinutes },
      estimatedWeight: m.estimatedWeight,
      estimatedFromSize: m.estimatedFromSize,
      printTimeMinutes: m.printTimeMinutes,
      numberOfColors: m.numberOfColors,
      ...(m.boundingBox ? { boundingBox: m.boundingBox } : {}),
      unitCents: line.unit.subtotalCents,
      grossCents: line.grossCents,
      discountPercent: line.discountPercent,
      discountCents: line.discountCents,
      lineTotalCents: line.lineTotalCents,
      ...(upload.thumbnailId ? { thumbnailId: upload.thumbnailId } : {}),
    };
  });
  return { parts, quote, uploads, measured };
}

/** The price as the job stores it: cents, and the weight tier's label. */
export function storedPricing(p: PriceResult): JobRecord["pricing"] {
  const { estimatedWeight: _w, weightTier, ...cents } = p;
  return { ...cents, weightTier: weightTier.label };
}

/**
 * The job's own fields from its parts: the first part's file and settings, the order's totals
 * (grams, minutes and price of every copy) and the name "bracket.stl + 2 more".
 */
export function projectFields(project: PricedProject) {
  const { parts, quote } = project;
  const first = parts[0]!;
  return {
    parts,
    uploadId: first.uploadId,
    fileName: projectFileName(parts.map((p) => p.fileName)),
    fileSize: parts.reduce((n, p) => n + p.fileSize, 0),
    fileFormat: first.fileFormat,
    material: first.material,
    filamentColor: first.filamentColor,
    printSettings: { ...first.printSettings, numberOfColors: quote.numberOfColors, printTimeMinutes: quote.printTimeMinutes },
    estimatedWeight: quote.estimatedWeight,
    estimatedFromSize: parts.some((p) => p.estimatedFromSize),
    printTimeMinutes: quote.printTimeMinutes,
    numberOfColors: quote.numberOfColors,
    ...(first.boundingBox ? { boundingBox: first.boundingBox } : {}),
    pricing: storedPricing(quote.pricing),
  };
}
