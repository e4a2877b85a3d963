import { fitsBuildVolume } from "@printhood/core/shared/fit";
import { SWATCH_COLORS } from "@printhood/core/shared/options";
import { priceJob } from "@printhood/core/shared/pricing";
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useId, useRef, useState } from "react";
import { ApiError } from "../api/client";
import { draftQuery, useSubmitOrder } from "../api/jobs";
import { printerQuery } from "../api/printers";
import { PageBody, PageHeading } from "../components/PageHeading";
import { PriceLine } from "../components/PriceLine";
import { PrinterImage } from "../components/printers/PrinterImage";
import { SpecialInstructionsField } from "../components/SpecialInstructionsField";
import { Spinner } from "../components/Spinner";
import { useToast } from "../components/Toasts";
import { formatCents } from "../lib/format";
import { cardClass } from "../lib/styles";

export interface SubmitPrintSearch {
  printerId?: string;
  draftId?: string;
}

/** The printer and draft loads of this screen retry twice (spec 1 §7). */
export const SUBMIT_RETRIES = { retries: 2 };

export function SubmitPrintPage({ search = {} }: { search?: SubmitPrintSearch }) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const id = useId();
  const { printerId, draftId } = search;
  const missing = !printerId || !draftId;

  const warned = useRef(false);
  useEffect(() => {
    if (missing && !warned.current) {
      warned.current = true;
      toast({
        title: "Invalid Request",
        description: "Missing printer or draft information. Redirecting to upload...",
        variant: "destructive",
      });
      void navigate({ to: "/upload", replace: true });
    }
  }, [missing, navigate, toast]);

  const draft = useQuery({ ...draftQuery(draftId ?? "", SUBMIT_RETRIES), enabled: !missing });
  const printer = useQuery({ ...printerQuery(printerId ?? "", SUBMIT_RETRIES), enabled: !missing });
  const draftMissing = draft.error instanceof ApiError && draft.error.status === 404;
  const movedOn = useRef(false);
  useEffect(() => {
    if (draftMissing && !movedOn.current) {
      movedOn.current = true;
      toast({ title: "Missing Draft", description: "No draft found. Please start over by uploading your file.", variant: "destructive" });
      void navigate({ to: "/upload", replace: true });
    }
  }, [draftMissing, navigate, toast]);

  const [color, setColor] = useState<string | null>(null);
  const [delivery, setDelivery] = useState<"pickup" | "delivery">("pickup");
  const [notes, setNotes] = useState<string | null>(null);

  const submit = useSubmitOrder();

  if (missing || draftMissing) return null;
  if (draft.isPending || printer.isPending) {
    return (
      <div role="status" aria-label="Loading details" className="flex justify-center py-24">
        <Spinner />
      </div>
    );
  }
  if (draft.isError || printer.isError) {
    const message = draft.isError ? "Failed to fetch draft details" : "Failed to fetch printer details";
    const detail = (draft.error ?? printer.error)?.message;
    return (
      <PageBody>
        <div className="mx-auto max-w-lg rounded-2xl border border-red-200 bg-red-50 p-8 text-center">
          <h1 className="text-xl font-semibold text-red-800">Error Loading Details</h1>
          <p className="mt-2 text-red-700">{message}</p>
          {detail && detail !== message ? <p className="mt-1 text-sm text-red-600">{detail}</p> : null}
          <Link
            to="/upload"
            className="mt-6 inline-flex rounded-lg bg-white px-4 py-2 font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-100"
          >
            Go Back to Upload
          </Link>
        </div>
      </PageBody>
    );
  }

  const d = draft.data;
  const p = printer.data;
  const minutes = d.printTimeMinutes || 60;
  const hours = Math.ceil(minutes / 60);
  const price = priceJob({
    grams: d.estimatedWeight,
    material: d.material,
    pricePerGram: p.pricePerGram,
    numberOfColors: d.numberOfColors,
    printTimeMinutes: minutes,
    deliveryMethod: delivery,
  });
  const problems: string[] = [];
  if (!p.available) problems.push(`${p.name} is currently unavailable.`);
  if (d.boundingBox && !fitsBuildVolume(d.boundingBox, p))
    problems.push(`Your design does not fit ${p.name}'s build volume (${p.buildVolumeX} × ${p.buildVolumeY} × ${p.buildVolumeZ} mm).`);
  if (!p.materials.some((m) => m.toLowerCase() === d.material.toLowerCase())) problems.push(`${p.name} does not print ${d.material}.`);
  const inStock = (c: string) => {
    const inv = p.filamentInventory.filter((i) => i.material.toLowerCase() === d.material.toLowerCase());
    if (inv.length === 0) return true;
    const key = (s: string) =>
      ["clear", "natural", "natural/clear"].includes(s.toLowerCase()) ? "clear" : s.toLowerCase() === "grey" ? "gray" : s.toLowerCase();
    return inv.some((i) => i.inStock && key(i.color) === key(c));
  };

  return (
    <>
      <PageHeading title="Submit Print Job" subtitle="Choose your filament colour and delivery, then submit and pay securely." />
      <PageBody>
        <div className="grid gap-8 lg:grid-cols-3">
          <div className="space-y-6 lg:col-span-2">
            <section aria-labelledby={`${id}-file`} className={cardClass}>
              <h2 id={`${id}-file`} className="text-lg font-semibold text-slate-900">
                File Details
              </h2>
              <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
                <Item label="File" value={d.fileName} />
                <Item label="Material" value={d.material} />
                <Item label="Estimated Weight" value={`${d.estimatedWeight}g`} />
                <Item label="Print Time" value={`${hours} ${hours === 1 ? "hour" : "hours"}`} />
              </dl>
            </section>

            <section aria-labelledby={`${id}-printer`} className={cardClass}>
              <div className="flex items-center justify-between">
                <h2 id={`${id}-printer`} className="text-lg font-semibold text-slate-900">
                  Selected Printer
                </h2>
                <Link to="/choose-printer" search={{ draftId: d.id }} className="text-sm font-semibold text-brand-700 hover:underline">
                  Change Printer
                </Link>
              </div>
              <div className="mt-4 flex gap-4">
                <PrinterImage src={p.imageUrl} alt={p.name} className="h-20 w-20 rounded-xl bg-slate-100 object-cover" />
                <div className="text-sm">
                  <p className="text-base font-semibold text-slate-900">{p.name}</p>
                  <p className="text-slate-600">{p.model}</p>
                  <p className="text-slate-600">{p.location}</p>
                  <p className="text-slate-600">
                    Build volume {p.buildVolumeX}×{p.buildVolumeY}×{p.buildVolumeZ} mm · ${Number(p.pricePerGram).toFixed(2)}/gram
                  </p>
                </div>
              </div>
              {problems.length ? (
                <ul role="alert" className="mt-4 space-y-1 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
                  {problems.map((t) => (
                    <li key={t}>{t}</li>
                  ))}
                </ul>
              ) : null}
            </section>

            <section aria-labelledby={`${id}-settings`} className={cardClass}>
              <h2 id={`${id}-settings`} className="text-lg font-semibold text-slate-900">
                Print Settings
              </h2>
              <fieldset className="mt-4">
                <legend className="text-sm font-medium text-slate-700">
                  Filament Color <span className="text-red-600">*</span>
                </legend>
                <div className="mt-2 grid grid-cols-5 gap-3 sm:grid-cols-10">
                  {SWATCH_COLORS.map((c) => {
                    const available = inStock(c.name);
                    return (
                      <button
                        key={c.name}
                        type="button"
                        aria-label={available ? c.name : `${c.name} (out of stock)`}
                        aria-pressed={color === c.name}
                        onClick={() => setColor(c.name)}
                        title={available ? c.name : `${c.name} is out of stock at this printer`}
                        className={`flex flex-col items-center gap-1 rounded-lg p-1 text-xs ${color === c.name ? "ring-2 ring-brand-600" : "hover:bg-slate-50"} ${available ? "" : "opacity-40"}`}
                      >
                        <span className="h-8 w-8 rounded-full border border-slate-300 shadow-inner" style={{ background: c.hex }} />
                        <span className="text-slate-700">{c.name}</span>
                      </button>
                    );
                  })}
                </div>
                {!color ? <p className="mt-2 text-sm text-slate-500">Please select a filament color.</p> : null}
              </fieldset>
              <fieldset className="mt-6">
                <legend className="text-sm font-medium text-slate-700">Delivery Method</legend>
                <div className="mt-2 grid gap-3 sm:grid-cols-2">
                  {(
                    [
                      ["pickup", "Pickup", "Collect it from the printer owner (free)"],
                      ["delivery", "Local Delivery", "Delivered to you locally (+$5.00)"],
                    ] as const
                  ).map(([value, label, hint]) => (
                    <label
                      key={value}
                      className={`flex cursor-pointer items-start gap-3 rounded-xl border p-3 ${delivery === value ? "border-brand-500 bg-brand-50" : "border-slate-200"}`}
                    >
                      <input
                        type="radio"
                        name={`${id}-delivery`}
                        value={value}
                        checked={delivery === value}
                        onChange={() => setDelivery(value)}
                        className="mt-1"
                      />
                      <span>
                        <span className="block font-medium text-slate-900">{label}</span>
                        <span className="block text-sm text-slate-600">{hint}</span>
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>
              <SpecialInstructionsField
                id={`${id}-notes`}
                value={notes ?? d.specialInstructions}
                onChange={setNotes}
                labelClassName="mt-6 block text-sm font-medium text-slate-700"
                inputClassName="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
              />
            </section>
          </div>

          <aside aria-labelledby={`${id}-summary`} className={`${cardClass} h-fit lg:sticky lg:top-24`}>
            <h2 id={`${id}-summary`} className="text-lg font-semibold text-slate-900">
              Order Summary
            </h2>
            <dl className="mt-4 space-y-2 text-sm">
              <PriceLine label="Print Service" value={formatCents(price.subtotalCents)} />
              {delivery === "delivery" ? <PriceLine label="Local Delivery" value={formatCents(price.deliveryFeeCents)} /> : null}
              <PriceLine label="Platform Fee" value={formatCents(price.platformFeeCents)} />
              <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold text-slate-900">
                <dt>Total</dt>
                <dd>{formatCents(price.totalCents)}</dd>
              </div>
              <PriceLine label="Estimated Print Time" value={`${hours} ${hours === 1 ? "hour" : "hours"}`} />
            </dl>
            <button
              type="button"
              disabled={!color || submit.isPending}
              onClick={() => {
                if (!color) {
                  toast({ title: "Missing Information", description: "Please select a filament color.", variant: "destructive" });
                  return;
                }
                submit.mutate(
                  {
                    printerId: printerId!,
                    draftId: draftId!,
                    filamentColor: color,
                    deliveryMethod: delivery,
                    specialInstructions: notes ?? draft.data?.specialInstructions ?? "",
                  },
                  { onSuccess: ({ orderId }) => void navigate({ to: "/checkout", search: { orderId } }) },
                );
              }}
              className="mt-6 w-full rounded-xl bg-brand-600 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
            >
              {submit.isPending ? "Processing..." : "Submit Order"}
            </button>
            <p className="mt-3 text-center text-xs text-slate-500">
              By submitting this order, you agree to our{" "}
              <Link to="/terms" className="underline">
                Terms of Service
              </Link>
              .
            </p>
          </aside>
        </div>
      </PageBody>
    </>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-500">{label}</dt>
      <dd className="truncate font-semibold text-slate-900" title={value}>
        {value}
      </dd>
    </div>
  );
}
