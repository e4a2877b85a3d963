import type { DesignGeometry } from "../analysis/index.ts";
import type { PrinterRecord } from "../printers/present.ts";
import { fail } from "../shared/errors.ts";
import type { PriceResult } from "../shared/pricing.ts";
import { type DesignMeasurements, measureAtSettings, type PriceRange, quoteDesign, quotePriceRange } from "../shared/quote.ts";
import type { JobRecord, JobSettings, UploadRecord } from "./records.ts";

/** What the server's own analysis says about an upload at some settings (never the browser's), and its price. */
export interface UploadQuote extends DesignMeasurements {
  pricing: PriceResult;
  /** The total at both ends of the estimate's range (cents): store it with the order's price (null: size-based estimate). */
  priceRange: PriceRange | null;
}

function geometryOf(upload: UploadRecord): DesignGeometry | null {
  const a = upload.analysis as { geometry?: DesignGeometry } | undefined;
  return upload.status === "analyzed" && a?.geometry ? a.geometry : null;
}

/**
 * Price an upload with the one quote (core/shared/quote.ts), from the server's stored analysis or,
 * when the analysis failed, the spec's size-based estimate. A pending analysis is a 409.
 */
export function quoteUpload(
  upload: UploadRecord,
  job: {
    material: string;
    printSettings: JobSettings | Omit<JobSettings, "numberOfColors" | "printTimeMinutes">;
    deliveryMethod: JobRecord["deliveryMethod"];
  },
  printer?: Pick<PrinterRecord, "pricePerGram"> | null,
): UploadQuote {
  if (upload.status === "pending") throw fail("analysis_pending");
  const measured = measureAtSettings(
    geometryOf(upload),
    { material: job.material, ...job.printSettings },
    { bytes: upload.size ?? upload.declaredSize, format: upload.format },
  );
  return { ...measured, pricing: quoteDesign(measured, job, printer), priceRange: quotePriceRange(measured, job, printer) };
}

/** The price as the job stores it: cents, and the weight tier's label. */
export function storedPricing(p: PriceResult): JobRecord["pricing"] {
  const { estimatedWeight: _w, weightTier, ...cents } = p;
  return { ...cents, weightTier: weightTier.label };
}
