import { type DesignAnalysis, type DesignGeometry, describeEstimate } from "@printhood/core/analysis/index";
import {
  DEFAULT_SETTINGS,
  DELIVERY_OPTIONS,
  INFILL_OPTIONS,
  MATERIAL_OPTIONS,
  QUALITY_OPTIONS,
  SUPPORT_OPTIONS,
  UPLOAD_COLORS,
} from "@printhood/core/shared/options";
import { centsToDecimal, fallbackWeightGrams, priceJob } from "@printhood/core/shared/pricing";
import { formatOf } from "@printhood/core/shared/uploads";
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { type ChangeEvent, type DragEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { draftQuery, useSaveDraft, useUploadDesign } from "../../api/jobs";
import { printerQuery } from "../../api/printers";
import type { DraftPayload } from "../../api/schemas";
import { uploadQuery } from "../../api/uploads";
import { UploadIcon } from "../../components/icons";
import { PageBody, PageHeading } from "../../components/PageHeading";
import { PriceLine } from "../../components/PriceLine";
import { LazyModelPreview } from "../../components/preview/LazyModelPreview";
import { SpecialInstructionsField } from "../../components/SpecialInstructionsField";
import { Spinner } from "../../components/Spinner";
import { useToast } from "../../components/Toasts";
import { formatCents } from "../../lib/format";
import { cardClass, inputClass } from "../../lib/styles";
import { type DesignCheck, designChecks, dims } from "../../upload/checks";
import { useDesignUpload } from "../../upload/useDesignUpload";

export interface UploadSearch {
  printer?: string;
  draft?: string;
}

interface Settings {
  material: string;
  filamentColor: string;
  quality: number;
  infill: number;
  supports: "auto" | "yes" | "no";
  deliveryMethod: "pickup" | "delivery" | "shipping";
  specialInstructions: string;
  scale: number;
}

const initialSettings: Settings = {
  material: DEFAULT_SETTINGS.material,
  filamentColor: DEFAULT_SETTINGS.filamentColor,
  quality: DEFAULT_SETTINGS.quality,
  infill: DEFAULT_SETTINGS.infill,
  supports: DEFAULT_SETTINGS.supports,
  deliveryMethod: DEFAULT_SETTINGS.deliveryMethod,
  specialInstructions: "",
  scale: 1,
};

const mb = (bytes: number, digits = 2) => `${(bytes / 1048576).toFixed(digits)} MB`;
const minutesText = (m: number) => (m >= 60 ? `${Math.floor(m / 60)} h ${Math.round(m % 60)} min` : `${Math.round(m)} min`);

export function UploadPage({ search = {} }: { search?: UploadSearch }) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const draftId = search.draft;
  const [settings, setSettings] = useState<Settings>(initialSettings);
  const [replacing, setReplacing] = useState(false);
  const [pending, setPending] = useState<null | "save" | "submit">(null);
  const saveDraft = useSaveDraft();
  const uploadDesign = useUploadDesign();
  const set = <K extends keyof Settings>(k: K, v: Settings[K]) => setSettings((s) => ({ ...s, [k]: v }));

  const upload = useDesignUpload({
    onUploadFailed: (message) => toast({ title: "Upload Failed", description: message, variant: "destructive" }),
    onUnauthenticated: () => void navigate({ to: "/auth" }),
  });

  // ---- draft mode
  const draft = useQuery({ ...draftQuery(draftId ?? ""), enabled: !!draftId });
  const loadedDraft = useRef<string | null>(null);
  useEffect(() => {
    if (draft.data && loadedDraft.current !== draft.data.id) {
      loadedDraft.current = draft.data.id;
      const d = draft.data;
      setSettings({
        material: d.material,
        filamentColor: d.filamentColor,
        quality: d.printSettings.quality,
        infill: d.printSettings.infill,
        supports: d.printSettings.supports,
        deliveryMethod: d.deliveryMethod,
        specialInstructions: d.specialInstructions,
        scale: d.printSettings.scale,
      });
    }
  }, [draft.data]);
  useEffect(() => {
    if (draft.isError) toast({ title: "Error", description: "Failed to load draft data", variant: "destructive" });
  }, [draft.isError, toast]);
  const draftUpload = useQuery({
    ...uploadQuery(draft.data?.uploadId ?? "none"),
    enabled: !!draft.data && !upload.file,
  });
  const editingDraft = !!draft.data && !upload.file && !replacing;

  // ---- chosen printer
  const printerId = search.printer ?? draft.data?.printerId ?? undefined;
  const printer = useQuery({ ...printerQuery(printerId ?? ""), enabled: !!printerId });

  // ---- analysis: the server's once it arrives, the browser's until then
  const server = upload.file ? upload.server : (draftUpload.data ?? null);
  const serverGeometry = server?.status === "analyzed" ? ((server.analysis?.geometry ?? null) as DesignGeometry | null) : null;
  const geometry = serverGeometry ?? (upload.file ? upload.localGeometry : null);
  const source: "server" | "browser" | null = serverGeometry ? "server" : geometry ? "browser" : null;
  const analysis: DesignAnalysis | null = useMemo(() => {
    if (!geometry) return null;
    try {
      return describeEstimate(geometry, {
        material: settings.material,
        infill: settings.infill,
        layerHeight: settings.quality,
        supports: settings.supports,
        scale: settings.scale,
      });
    } catch {
      return null;
    }
  }, [geometry, settings.material, settings.infill, settings.quality, settings.supports, settings.scale]);
  const serverFailed = server?.status === "failed";
  const basicEstimate = !analysis && (!!upload.localError || serverFailed);
  const fileSize = upload.file?.size ?? draft.data?.fileSize ?? 0;
  const format = (upload.file ? formatOf(upload.file.name) : draft.data?.fileFormat) ?? "stl";
  const weight = analysis
    ? analysis.estimatedWeight
    : basicEstimate || (editingDraft && draft.data?.estimatedFromSize)
      ? fallbackWeightGrams(fileSize, format)
      : null;
  const minutes = analysis ? Math.max(1, Math.round(analysis.estimatedTimeMinutes)) : DEFAULT_SETTINGS.printTimeMinutes;
  const colors = analysis?.numberOfColors ?? 1;
  const price =
    weight === null
      ? null
      : priceJob({
          grams: weight,
          material: settings.material,
          pricePerGram: printer.data?.pricePerGram ?? null,
          numberOfColors: colors,
          printTimeMinutes: minutes,
          deliveryMethod: settings.deliveryMethod,
        });
  const checks: DesignCheck[] = analysis ? designChecks(analysis, printer.data ?? null) : [];

  // "File Analyzed Successfully" when the server's analysis arrives for a new file
  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (upload.file && server?.status === "analyzed" && analysis && announced.current !== server.id) {
      announced.current = server.id;
      toast({
        title: "File Analyzed Successfully",
        description: `Estimated ${analysis.estimatedWeight}g of filament and ${Math.round(analysis.estimatedTimeMinutes)} minutes of printing.`,
      });
    }
  }, [upload.file, server, analysis, toast]);

  const hasFile = (!!upload.file && upload.phase !== "error") || (!!draft.data && !upload.file);

  /** The draft as saved: the server's upload id (after its analysis) and the chosen settings. */
  async function draftPayload(): Promise<DraftPayload> {
    let rec = null;
    if (upload.file) rec = await upload.waitForServer();
    return {
      ...(rec ? { uploadId: rec.id } : {}),
      material: settings.material,
      filamentColor: settings.filamentColor,
      deliveryMethod: settings.deliveryMethod,
      specialInstructions: settings.specialInstructions,
      printSettings: {
        quality: settings.quality,
        infill: settings.infill,
        supports: settings.supports,
        numberOfColors: colors,
        printTimeMinutes: minutes,
        scale: settings.scale,
      },
      estimatedWeight: weight ?? 0,
      totalCost: price ? centsToDecimal(price.totalCents) : "0.00",
      ...(printerId ? { printerId } : {}),
      status: "draft",
    };
  }

  async function save(kind: "save" | "submit") {
    if (!hasFile) {
      toast({
        title: "File Required",
        description: kind === "save" ? "Please select a 3D file to upload to save as draft." : "Please select a 3D file to upload.",
        variant: "destructive",
      });
      return;
    }
    setPending(kind);
    saveDraft.mutate(
      { draftId: draft.data?.id ?? null, payload: draftPayload },
      {
        onSuccess: (id) =>
          void (printerId
            ? navigate({ to: "/submit-print", search: { printerId, draftId: id } })
            : navigate({ to: "/choose-printer", search: { draftId: id } })),
        onSettled: () => setPending(null),
      },
    );
  }

  async function findPrinters() {
    if (!analysis || !server || source !== "server") return;
    const jobId = await uploadDesign.mutateAsync({ draftId: draft.data?.id ?? null, payload: draftPayload }).catch(() => null);
    if (!jobId) return;
    const b = analysis.boundingBox;
    void navigate({
      to: "/printers",
      search: {
        material: settings.material,
        color: settings.filamentColor,
        weight: Math.max(1, Math.round(analysis.estimatedWeight)),
        jobId,
        minX: Math.ceil(b.x),
        minY: Math.ceil(b.y),
        minZ: Math.ceil(b.z),
      },
    });
  }

  if (draftId && draft.isPending) {
    return (
      <div role="status" aria-label="Loading draft" className="flex justify-center py-24">
        <Spinner />
      </div>
    );
  }

  const submitLabel = printerId ? `Submit to Printer #${printerId}` : "Choose Printer";
  return (
    <>
      <PageHeading
        title="Upload Your Design"
        subtitle="Upload an STL, OBJ or 3MF file (up to 50 MB) for an instant price, then choose a local printer."
      >
        {printer.data ? (
          <p className="mt-4 inline-flex rounded-full bg-brand-100 px-4 py-1 text-sm font-medium text-brand-800">
            Printing on {printer.data.name} · {printer.data.location}
          </p>
        ) : null}
      </PageHeading>
      <PageBody>
        <div className="grid gap-8 lg:grid-cols-5">
          <div className="space-y-6 lg:col-span-3">
            <section aria-labelledby="file-upload-title" className={cardClass}>
              <h2 id="file-upload-title" className="text-lg font-semibold text-slate-900">
                File Upload
              </h2>
              {editingDraft && draft.data ? (
                <div className="mt-4 rounded-xl border border-brand-200 bg-brand-50 p-4">
                  <p className="font-semibold text-slate-900">Editing Draft: {draft.data.fileName}</p>
                  <p className="mt-1 text-sm text-slate-600">
                    {mb(draft.data.fileSize)} · Estimated weight {draft.data.estimatedWeight}g
                  </p>
                  <button
                    type="button"
                    onClick={() => setReplacing(true)}
                    className="mt-3 rounded-lg border border-brand-300 bg-white px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-100"
                  >
                    Upload Different File
                  </button>
                </div>
              ) : (
                <DropZone upload={upload} />
              )}
            </section>

            {upload.positions && analysis ? (
              <section aria-labelledby="preview-title" className={cardClass}>
                <h2 id="preview-title" className="mb-4 text-lg font-semibold text-slate-900">
                  3D Preview
                </h2>
                <LazyModelPreview
                  positions={upload.positions}
                  dimensions={analysis.boundingBox}
                  fileName={upload.file?.name ?? "design"}
                  scale={settings.scale}
                />
              </section>
            ) : null}

            <section aria-labelledby="analysis-title" className={cardClass}>
              <h2 id="analysis-title" className="text-lg font-semibold text-slate-900">
                File Analysis Results
              </h2>
              <AnalysisResults
                analysis={analysis}
                source={source}
                basic={basicEstimate}
                weight={weight}
                serverError={serverFailed ? (server?.error?.message ?? null) : null}
                localError={upload.localError}
                waiting={hasFile && !analysis && !basicEstimate}
                quality={settings.quality}
                localMs={upload.localMs}
              />
              {checks.length ? (
                <section className="mt-5 space-y-3" aria-label="Checks before you order">
                  <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Before you order</h3>
                  {checks.map((c) => (
                    <div
                      key={c.id}
                      className={`rounded-xl border p-4 ${c.tone === "warning" ? "border-amber-300 bg-amber-50" : "border-sky-200 bg-sky-50"}`}
                    >
                      <p className="font-semibold text-slate-900">{c.title}</p>
                      <p className="mt-1 text-sm text-slate-700">{c.text}</p>
                      {c.action ? (
                        <button
                          type="button"
                          onClick={() => set("scale", c.action!.scale)}
                          className="mt-2 rounded-lg bg-white px-3 py-1.5 text-sm font-semibold text-brand-700 shadow-sm ring-1 ring-brand-200 hover:bg-brand-50"
                        >
                          {c.action.label}
                        </button>
                      ) : null}
                    </div>
                  ))}
                </section>
              ) : null}
              {source === "server" ? (
                <button
                  type="button"
                  onClick={() => void findPrinters()}
                  className="mt-5 inline-flex items-center gap-2 rounded-lg border border-brand-300 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
                >
                  Find Compatible Printers
                </button>
              ) : null}
            </section>
          </div>

          <div className="space-y-6 lg:col-span-2">
            <section aria-labelledby="pricing-title" className={cardClass}>
              <h2 id="pricing-title" className="text-lg font-semibold text-slate-900">
                Pricing Breakdown
              </h2>
              {price ? (
                <dl className="mt-4 space-y-2 text-sm">
                  <PriceLine label="Material Cost" value={formatCents(price.basePrintCostCents / 2)} />
                  <PriceLine label="Print Service" value={formatCents(price.basePrintCostCents)} />
                  {price.multicolorPremiumCents ? (
                    <PriceLine label={`Multicolor (${colors} colors)`} value={formatCents(price.multicolorPremiumCents)} />
                  ) : null}
                  {price.timePremiumCents ? <PriceLine label="Multicolor print time" value={formatCents(price.timePremiumCents)} /> : null}
                  <PriceLine label="Platform Fee" value={formatCents(price.platformFeeCents)} />
                  {price.deliveryFeeCents ? (
                    <PriceLine
                      label={settings.deliveryMethod === "delivery" ? "Local Delivery" : "Shipping (estimate)"}
                      value={formatCents(price.deliveryFeeCents)}
                    />
                  ) : null}
                  <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold text-slate-900">
                    <dt>Total</dt>
                    <dd>{formatCents(price.totalCents)}</dd>
                  </div>
                  <PriceLine label="Printer Earnings" value={formatCents(Math.max(0, price.printerProfitCents))} muted />
                  <p className="pt-2 text-xs text-slate-500">
                    {printer.data
                      ? `At ${printer.data.name}'s rate of $${Number(printer.data.pricePerGram).toFixed(2)}/gram`
                      : `At $${(price.filamentCostPer1000gCents / 100).toFixed(0)}/kg for ${settings.material}`}
                    {" · "}
                    Weight tier {price.weightTier.label}
                    {source !== "server" ? " · the server's analysis sets the final price" : ""}
                  </p>
                </dl>
              ) : (
                <p className="mt-4 text-sm text-slate-600">Upload a design to see its price.</p>
              )}
            </section>

            <PrintSettingsCard settings={settings} set={set} />

            <div className="flex flex-col gap-3 sm:flex-row">
              <button
                type="button"
                disabled={!hasFile || pending !== null}
                onClick={() => void save("save")}
                className="flex-1 rounded-xl border border-brand-600 px-5 py-3 font-semibold text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-50"
              >
                {pending === "save" ? "Saving..." : "Save Print"}
              </button>
              <button
                type="button"
                disabled={!hasFile || pending !== null}
                onClick={() => void save("submit")}
                className="flex-1 rounded-xl bg-brand-600 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
              >
                {pending === "submit" ? "Processing..." : submitLabel}
              </button>
            </div>
            <p className="text-center text-sm text-slate-500">
              Your saved prints are under{" "}
              <Link to="/saved-prints" className="font-medium text-brand-700 hover:underline">
                Saved Prints
              </Link>
              .
            </p>
          </div>
        </div>
      </PageBody>
    </>
  );
}

function DropZone({ upload }: { upload: ReturnType<typeof useDesignUpload> }) {
  const inputId = useId();
  const [over, setOver] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const first = e.dataTransfer.files[0]; // only the first dropped file is taken
    if (first) upload.pick(first);
  };
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const first = e.target.files?.[0];
    if (first) upload.pick(first);
    e.target.value = "";
  };
  const pct = Math.round(upload.progress * 100);
  return (
    <div className="mt-4">
      {upload.file && upload.phase !== "error" ? (
        <div className="rounded-xl border border-slate-200 p-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="truncate font-semibold text-slate-900">{upload.file.name}</p>
              <p className="text-sm text-slate-600">{mb(upload.file.size)}</p>
            </div>
            <button
              type="button"
              onClick={upload.clear}
              aria-label="Remove file"
              className="rounded-lg px-2 py-1 text-sm font-medium text-slate-600 hover:bg-slate-100"
            >
              Remove
            </button>
          </div>
          {upload.phase === "uploading" ? (
            <div className="mt-3">
              <div className="flex justify-between text-sm text-slate-600">
                <span>Uploading...</span>
                <span>{pct}%</span>
              </div>
              <div
                role="progressbar"
                aria-label="Upload progress"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={pct}
                className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
              >
                <div className="h-full rounded-full bg-brand-600 transition-[width] duration-150" style={{ width: `${pct}%` }} />
              </div>
            </div>
          ) : (
            <p className="mt-3 flex items-center gap-2 text-sm font-medium text-emerald-700">
              <span aria-hidden="true">✓</span> File ready for submission
            </p>
          )}
        </div>
      ) : (
        // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer convenience; the file button inside is the keyboard path
        <div
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
          className={`flex flex-col items-center rounded-xl border-2 border-dashed px-6 py-10 text-center ${over ? "border-brand-500 bg-brand-50" : "border-slate-300"}`}
        >
          <UploadIcon className="h-10 w-10 text-brand-600" />
          <p className="mt-3 font-medium text-slate-900">Drag and drop your 3D file here</p>
          <p className="text-sm text-slate-500">STL, OBJ or 3MF, up to 50 MB</p>
          <label
            htmlFor={inputId}
            className="mt-4 cursor-pointer rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 focus-within:ring-2"
          >
            Browse Files
          </label>
          <input
            id={inputId}
            type="file"
            accept=".stl,.obj,.3mf"
            className="sr-only"
            onChange={onChange}
            aria-label="Choose a 3D design file"
          />
          {upload.phase === "error" && upload.error ? (
            <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
              {upload.error}
            </p>
          ) : null}
        </div>
      )}
    </div>
  );
}

function AnalysisResults(props: {
  analysis: DesignAnalysis | null;
  source: "server" | "browser" | null;
  basic: boolean;
  weight: number | null;
  serverError: string | null;
  localError: string | null;
  waiting: boolean;
  quality: number;
  localMs: number | null;
}) {
  const { analysis: a } = props;
  if (props.basic) {
    return (
      <div className="mt-4 space-y-3">
        <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          <p className="font-semibold">Analysis Warning: Using basic estimation. Upload will still work.</p>
          {props.serverError || props.localError ? <p className="mt-1">{props.serverError ?? props.localError}</p> : null}
        </div>
        {props.weight !== null ? <p className="text-sm text-slate-700">Estimated weight from the file size: {props.weight}g</p> : null}
      </div>
    );
  }
  if (!a) {
    return props.waiting ? (
      <p role="status" className="mt-4 flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="h-4 w-4" /> Analyzing your design...
      </p>
    ) : (
      <p className="mt-4 text-sm text-slate-600">Upload a design to see its volume, weight and print time.</p>
    );
  }
  return (
    <div className="mt-4">
      <p className={`text-xs font-medium ${props.source === "server" ? "text-emerald-700" : "text-slate-500"}`} role="status">
        {props.source === "server"
          ? "Confirmed by our server's analysis"
          : `Instant estimate from your browser${props.localMs !== null ? ` (${props.localMs} ms)` : ""}; our server is confirming it...`}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
        <Stat label="Volume" value={`${a.volume.toFixed(2)} cm³`} />
        <Stat label="Layer Height" value={`${props.quality}mm`} />
        <Stat label="Support Material" value={a.supportMaterial ? "Required" : "Not needed"} />
        <Stat label="Estimated Weight" value={`${a.estimatedWeight}g`} />
        <Stat label="Print Time" value={minutesText(a.estimatedTimeMinutes)} />
        <Stat label="Dimensions" value={dims(a.boundingBox)} />
      </dl>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

function PrintSettingsCard({ settings, set }: { settings: Settings; set: <K extends keyof Settings>(k: K, v: Settings[K]) => void }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className={cardClass}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        Print Settings
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <Select
          id={`${id}-material`}
          label="Material"
          value={settings.material}
          onChange={(v) => set("material", v)}
          options={MATERIAL_OPTIONS.map((m) => ({ value: m.value, label: m.label }))}
        />
        <Select
          id={`${id}-color`}
          label="Color"
          value={settings.filamentColor}
          onChange={(v) => set("filamentColor", v)}
          options={UPLOAD_COLORS.map((c) => ({ value: c, label: c }))}
        />
        <Select
          id={`${id}-quality`}
          label="Layer Height"
          value={String(settings.quality)}
          onChange={(v) => set("quality", Number(v))}
          options={QUALITY_OPTIONS.map((q) => ({ value: String(q.value), label: q.label }))}
        />
        <Select
          id={`${id}-infill`}
          label="Infill"
          value={String(settings.infill)}
          onChange={(v) => set("infill", Number(v))}
          options={INFILL_OPTIONS.map((n) => ({ value: String(n), label: `${n}%` }))}
        />
        <Select
          id={`${id}-supports`}
          label="Supports"
          value={settings.supports}
          onChange={(v) => set("supports", v as Settings["supports"])}
          options={SUPPORT_OPTIONS.map((s) => ({ value: s.value, label: s.label }))}
        />
        <Select
          id={`${id}-delivery`}
          label="Delivery Method"
          value={settings.deliveryMethod}
          onChange={(v) => set("deliveryMethod", v as Settings["deliveryMethod"])}
          options={DELIVERY_OPTIONS.map((d) => ({ value: d.value, label: d.label }))}
        />
      </div>
      <SpecialInstructionsField
        id={`${id}-notes`}
        value={settings.specialInstructions}
        onChange={(v) => set("specialInstructions", v)}
        placeholder="Anything the printer owner should know..."
        labelClassName="mt-4 block text-sm font-medium text-slate-700"
        inputClassName={inputClass}
      />
    </section>
  );
}

function Select({
  id,
  label,
  value,
  onChange,
  options,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: { value: string; label: string }[];
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={inputClass}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
