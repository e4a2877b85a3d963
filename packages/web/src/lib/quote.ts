import { type PriceResult, priceJob } from "@printhood/core/shared/pricing";
import type { DeliveryMethod, Job } from "../api/types";

/**
 * What a saved print costs on a printer, with a delivery method: core's one pricing function fed
 * with the server's figures for the design (the weight, print time and colours its analysis
 * stored on the draft) and the printer's price per gram (× 1000 = its filament price per kg).
 * That is exactly what submit-order charges, so /choose-printer's cards, /submit-print and the
 * order agree; /upload prices the same analysis through the same function.
 */
export function quoteDraft(
  draft: Pick<Job, "estimatedWeight" | "material" | "numberOfColors" | "printTimeMinutes" | "deliveryMethod">,
  printer: { pricePerGram: number } | null,
  deliveryMethod: DeliveryMethod = draft.deliveryMethod,
): PriceResult {
  return priceJob({
    grams: draft.estimatedWeight,
    material: draft.material,
    pricePerGram: printer?.pricePerGram ?? null,
    numberOfColors: draft.numberOfColors,
    printTimeMinutes: draft.printTimeMinutes,
    deliveryMethod,
  });
}
