import { DELIVERY_FEE_CENTS, EXTRA_COLOR_CENTS, priceJob, TIME_BLOCK_CENTS, TIME_BLOCK_MINUTES } from "@printhood/core/shared/pricing";
import { lowestShippingCents } from "@printhood/core/shared/shipping-rates";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { PageBody, PageHeading } from "../../components/PageHeading";
import { formatCents } from "../../lib/format";
import { cardClass } from "../../lib/styles";
import { ExampleCalculations } from "./ExampleCalculations";
import { type CalculatorInput, PricingCalculator } from "./PricingCalculator";
import { WeightTiers } from "./WeightTiers";

const uploadLinkClass = "inline-flex rounded-xl bg-brand-600 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-700";

/** /pricing (spec 1 §2): the calculator, the weight tiers, the multicolour and delivery cards, three examples. */
export function PricingPage() {
  const [input, setInput] = useState<CalculatorInput>({ weight: 51, colors: 1, hours: 2, material: "PLA", delivery: "pickup" });
  const change = (next: Partial<CalculatorInput>) => setInput((i) => ({ ...i, ...next }));
  const price = priceJob({
    grams: input.weight,
    material: input.material,
    numberOfColors: input.colors,
    printTimeMinutes: input.hours * 60,
    deliveryMethod: input.delivery,
  });

  return (
    <>
      <PageHeading
        title="Transparent Pricing"
        subtitle="Fair, weight-based prices you can see before you order. Printer owners earn for every print; you only pay for what you print."
      >
        <Link to="/upload" className={`mt-6 ${uploadLinkClass}`}>
          Upload Your Design
        </Link>
      </PageHeading>
      <PageBody className="space-y-10">
        <PricingCalculator input={input} price={price} onChange={change} />
        <WeightTiers active={price.weightTier} onWeight={(weight) => change({ weight })} />

        <section className="grid grid-cols-1 gap-6 md:grid-cols-2">
          <div className={cardClass}>
            <h2 className="text-lg font-semibold text-slate-900">Multicolor Prints</h2>
            <p className="mt-2 text-slate-600">
              Each colour beyond the first adds {formatCents(EXTRA_COLOR_CENTS)}. Multicolour prints also add{" "}
              {formatCents(TIME_BLOCK_CENTS)} for every started {TIME_BLOCK_MINUTES} minutes of print time, for the filament changes.
            </p>
          </div>
          <div className={cardClass}>
            <h2 className="text-lg font-semibold text-slate-900">Delivery Options</h2>
            <p className="mt-2 text-slate-600">
              Pickup from the printer owner is free. Local delivery adds {formatCents(DELIVERY_FEE_CENTS.delivery)}; shipping starts at{" "}
              {formatCents(lowestShippingCents())}, priced by weight and distance at checkout.
            </p>
          </div>
        </section>

        <ExampleCalculations />

        <div className="text-center">
          <Link to="/upload" className={uploadLinkClass}>
            Upload Your Design
          </Link>
        </div>
      </PageBody>
    </>
  );
}
