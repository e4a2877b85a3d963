import { SWATCH_COLORS } from "@printhood/core/shared/colors";
import { sameColor } from "@printhood/core/shared/compatibility";
import { centsToDecimal } from "@printhood/core/shared/pricing";
import { useNavigate } from "@tanstack/react-router";
import { useId, useState } from "react";
import { isPriceChanged, useSubmitOrder } from "../../api/jobs";
import type { DeliveryMethod, Job, Printer } from "../../api/types";
import { linesOfQuote } from "../../components/project/PartLines";
import { useToast } from "../../components/Toasts";
import { isProject } from "../../lib/parts";
import { projectQuote } from "../../lib/project";
import { FileDetailsCard } from "./FileDetailsCard";
import { OrderChoicesCard } from "./OrderChoicesCard";
import { OrderSummaryCard } from "./OrderSummaryCard";
import { SelectedPrinterCard } from "./SelectedPrinterCard";

/** A swatch's colour name (the submit page's ten). */
export type SwatchName = (typeof SWATCH_COLORS)[number]["name"];

/** The swatch for the draft's colour (the upload page's Natural/Clear is the swatches' Clear). */
const swatchFor = (color: string): SwatchName | null => SWATCH_COLORS.find((c) => sameColor(c.name, color))?.name ?? null;

/**
 * The submit step for a loaded draft and printer. The colour and delivery chosen on /upload
 * (Ship to Me included) come preselected; the customer can still change them. The summary is the
 * draft's quote on this printer (core's quoteDesign), the price submit-order will charge; the
 * total shown is sent as `expectedTotal`, so an owner's price change since the page loaded is a
 * 409 whose sentence (naming the new total) shows above the summary, which is re-read to show it.
 */
export function SubmitPrintForm({ draft, printer }: { draft: Job; printer: Printer }) {
  const id = useId();
  const navigate = useNavigate();
  const { toast } = useToast();
  const submit = useSubmitOrder();
  const [color, setColor] = useState<SwatchName | null>(() => swatchFor(draft.filamentColor));
  const [delivery, setDelivery] = useState<DeliveryMethod>(draft.deliveryMethod);
  const [notes, setNotes] = useState(draft.specialInstructions);
  const [priceNotice, setPriceNotice] = useState<string | null>(null);
  // The one project quote (core's quoteProject, as submit-order prices it); a single design's is quoteDesign's.
  const quote = projectQuote({ parts: draft.parts, deliveryMethod: delivery }, printer);
  const price = quote.pricing;
  const hours = Math.ceil((draft.printTimeMinutes || 60) / 60);

  const onSubmit = () => {
    if (!color) {
      toast({ title: "Missing Information", description: "Please select a filament color.", variant: "destructive" });
      return;
    }
    setPriceNotice(null);
    submit.mutate(
      {
        printerId: printer.id,
        draftId: draft.id,
        filamentColor: color,
        deliveryMethod: delivery,
        specialInstructions: notes,
        expectedTotal: centsToDecimal(price.totalCents),
      },
      {
        onSuccess: ({ orderId }) => void navigate({ to: "/checkout", search: { orderId } }),
        onError: (e) => {
          if (isPriceChanged(e)) setPriceNotice(e.message);
        },
      },
    );
  };

  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-3">
      <div className="space-y-6 lg:col-span-2">
        <FileDetailsCard id={`${id}-file`} draft={draft} hours={hours} />
        <SelectedPrinterCard id={`${id}-printer`} draft={draft} printer={printer} />
        <OrderChoicesCard
          id={`${id}-settings`}
          draft={draft}
          printer={printer}
          color={color}
          onColor={setColor}
          delivery={delivery}
          onDelivery={setDelivery}
          notes={notes}
          onNotes={setNotes}
        />
      </div>
      <OrderSummaryCard
        id={`${id}-summary`}
        notice={priceNotice}
        price={price}
        lines={isProject(draft.parts) ? linesOfQuote(draft.parts, quote) : null}
        delivery={delivery}
        hours={hours}
        canSubmit={!!color}
        pending={submit.isPending}
        onSubmit={onSubmit}
      />
    </div>
  );
}
