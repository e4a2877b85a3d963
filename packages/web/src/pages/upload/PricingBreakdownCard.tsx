import type { PriceResult } from "@printhood/core/shared/pricing";
import type { PriceRange } from "@printhood/core/shared/quote";
import type { Printer } from "../../api/types";
import { PriceLine } from "../../components/PriceLine";
import { formatCents } from "../../lib/format";
import { formatFilamentPrice } from "../../lib/printers";
import { cardClass } from "../../lib/styles";
import type { AnalysisSource } from "./useUploadPage";

/**
 * Pricing Breakdown (spec 1 §9: material cost as half the base cost, print service as the base
 * cost, the platform fee, printer earnings floored at 0), priced by core's one pricing function
 * at the chosen printer's filament price, so it is the total /choose-printer, /submit-print and the
 * order show for this design on that printer.
 */
export function PricingBreakdownCard(props: {
  price: PriceResult | null;
  /** The total at both ends of the estimate's range. */
  priceRange: PriceRange | null;
  colors: number;
  material: string;
  deliveryMethod: string;
  printer: Printer | undefined;
  source: AnalysisSource;
  /** A design is there: no price yet means it is being measured or the chosen printer is loading. */
  hasFile: boolean;
}) {
  const { price, printer } = props;
  return (
    <section aria-labelledby="pricing-title" className={cardClass}>
      <h2 id="pricing-title" className="text-lg font-semibold text-slate-900">
        Pricing Breakdown
      </h2>
      {price ? (
        <>
          <dl className="mt-4 space-y-2 text-sm">
            <PriceLine label="Material Cost" value={formatCents(price.basePrintCostCents / 2)} />
            <PriceLine label="Print Service" value={formatCents(price.basePrintCostCents)} />
            {price.multicolorPremiumCents ? (
              <PriceLine label={`Multicolor (${props.colors} colors)`} value={formatCents(price.multicolorPremiumCents)} />
            ) : null}
            {price.timePremiumCents ? <PriceLine label="Multicolor print time" value={formatCents(price.timePremiumCents)} /> : null}
            <PriceLine label="Platform Fee" value={formatCents(price.platformFeeCents)} />
            {price.deliveryFeeCents ? (
              <PriceLine
                label={props.deliveryMethod === "delivery" ? "Local Delivery" : "Shipping (from)"}
                value={formatCents(price.deliveryFeeCents)}
              />
            ) : null}
            <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold text-slate-900">
              <dt>Total</dt>
              <dd>{formatCents(price.totalCents)}</dd>
            </div>
            {props.priceRange && props.priceRange.highCents > props.priceRange.lowCents ? (
              <PriceLine
                label="Likely range"
                value={`${formatCents(props.priceRange.lowCents)} to ${formatCents(props.priceRange.highCents)}`}
                muted
              />
            ) : null}
            <PriceLine label="Printer Earnings" value={formatCents(Math.max(0, price.printerProfitCents))} muted />
          </dl>
          <p className="pt-4 text-xs text-slate-600">
            {printer
              ? `At ${printer.name}'s filament price of ${formatFilamentPrice(printer.pricePerGram)}`
              : `At $${(price.filamentCostPer1000gCents / 100).toFixed(0)}/kg for ${props.material}; the printer you choose sets the final filament price`}
            {" · "}
            Weight tier {price.weightTier.label}
            {props.source !== "server" ? " · the server's analysis sets the final price" : ""}
          </p>
        </>
      ) : (
        <p className="mt-4 text-sm text-slate-600">{props.hasFile ? "Pricing your design..." : "Upload a design to see its price."}</p>
      )}
    </section>
  );
}
