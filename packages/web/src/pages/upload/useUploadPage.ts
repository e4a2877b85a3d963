import { type DesignAnalysis, describeEstimate } from "@printhood/core/analysis/index";
import { ERRORS } from "@printhood/core/shared/errors";
import { DEFAULT_SETTINGS } from "@printhood/core/shared/options";
import { centsToDecimal, type PriceResult } from "@printhood/core/shared/pricing";
import { type DesignMeasurements, measureAtSettings, type PriceRange, quoteDesign, quotePriceRange } from "@printhood/core/shared/quote";
import { MAX_PARTS } from "@printhood/core/shared/sizes";
import { formatOf, uploadProblem } from "@printhood/core/shared/uploads";
import { useQueries, useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useMemo, useRef, useState } from "react";
import { draftQuery, useSaveDraft, useUploadDesign } from "../../api/jobs";
import { anyPrinterFitsQuery, printerQuery, sizeNeeds } from "../../api/printers";
import type { DraftBody, Job, Printer, UploadRecord } from "../../api/types";
import { uploadQuery } from "../../api/uploads";
import type { PartLine } from "../../components/project/PartLines";
import { useToast } from "../../components/Toasts";
import { formatGrams } from "../../lib/format";
import { type DesignCheck, designChecks, partSizeChecks } from "../../upload/checks";
import { type DesignUpload, useDesignUpload } from "../../upload/useDesignUpload";
import { extraPartSizes, pageIsProject, pageProjectQuote, partsPayload } from "./projectPricing";
import { colorSetting, initialSettings, materialSetting, type SetSetting, type Settings } from "./settings";
import { type ProjectParts, useProjectParts } from "./useProjectParts";

export interface UploadSearch {
  printer?: string;
  draft?: string;
}

export type AnalysisSource = "server" | "browser" | null;

/** Everything the upload page shows and does, for its parts to read. */
export interface UploadPageState {
  settings: Settings;
  set: SetSetting;
  upload: DesignUpload;
  /** The draft being edited (?draft=), once loaded. */
  draft: Job | undefined;
  draftLoading: boolean;
  /** Editing a saved draft without a new file: its figures show, not the mesh. */
  editingDraft: boolean;
  replaceDraftFile(): void;
  printerId: string | undefined;
  printer: Printer | undefined;
  analysis: DesignAnalysis | null;
  /** Whose analysis prices the design: the server's once it is in, the browser's until then. */
  source: AnalysisSource;
  /** The analysis failed: the spec's size-based estimate is used. */
  basicEstimate: boolean;
  /** False once the server has said it cannot read the file: Save Print stays, the order is not offered. */
  orderable: boolean;
  /** The first file alone: false once the server has said it cannot read it (its drop zone says so). */
  firstOrderable: boolean;
  /** Why the print is not offered for ordering (null while it is): the first file, or the part that cannot be read. */
  notOrderable: string | null;
  serverError: string | null;
  weight: number | null;
  colors: number;
  price: PriceResult | null;
  /** The total at both ends of the estimate's range (how sure the quote is). */
  priceRange: PriceRange | null;
  checks: DesignCheck[];
  /** The project's parts beyond the first and every part's quantity (issue 22). */
  parts: ProjectParts;
  /** A project's price lines (null for one design of one copy). */
  lines: PartLine[] | null;
  /** Files picked or dropped together: the first is the page's upload (when it has none), the others parts. */
  pickFiles(files: File[]): void;
  firstThumbnail: string | null;
  hasFile: boolean;
  waitingForAnalysis: boolean;
  pending: null | "save" | "submit";
  save(kind: "save" | "submit"): void;
  findPrinters(): void;
}

/**
 * The upload page's state (spec 1 §2 Design upload): the file and its analyses, the draft being
 * edited, the chosen printer, the settings, the price through core's one pricing function (with
 * the chosen printer's price per gram), and saving (then on to /submit-print or /choose-printer).
 */
export function useUploadPage(search: UploadSearch): UploadPageState {
  const navigate = useNavigate();
  const { toast } = useToast();
  const draftId = search.draft;
  const [settings, setSettings] = useState<Settings>(initialSettings);
  const [replacing, setReplacing] = useState(false);
  const [pending, setPending] = useState<null | "save" | "submit">(null);
  /** The draft whose settings the form holds (its quote waits for them, not the defaults). */
  const [appliedDraft, setAppliedDraft] = useState<string | null>(null);
  const set: SetSetting = (k, v) => setSettings((s) => ({ ...s, [k]: v }));
  const saveDraft = useSaveDraft();
  const uploadDesign = useUploadDesign();
  const upload = useDesignUpload();
  const parts = useProjectParts();

  // ---- draft mode
  const draft = useQuery({ ...draftQuery(draftId ?? ""), enabled: !!draftId });
  const loadedDraft = useRef<string | null>(null);
  useEffect(() => {
    if (draft.data && loadedDraft.current !== draft.data.id) {
      loadedDraft.current = draft.data.id;
      const d = draft.data;
      setSettings({
        material: materialSetting(d.material),
        filamentColor: colorSetting(d.filamentColor),
        quality: d.printSettings.quality,
        infill: d.printSettings.infill,
        supports: d.printSettings.supports,
        deliveryMethod: d.deliveryMethod,
        specialInstructions: d.specialInstructions,
        scale: d.printSettings.scale,
      });
      parts.loadSaved(d.parts);
      setAppliedDraft(d.id);
    }
  }, [draft.data, parts.loadSaved]);
  useEffect(() => {
    if (draft.isError) toast({ title: "Error", description: "Failed to load draft data", variant: "destructive" });
  }, [draft.isError, toast]);
  const draftUpload = useQuery({ ...uploadQuery(draft.data?.uploadId ?? "none"), enabled: !!draft.data && !upload.file });
  const editingDraft = !!draft.data && !upload.file && !replacing;

  // ---- chosen printer
  const printerId = search.printer ?? draft.data?.printerId ?? undefined;
  const printer = useQuery({ ...printerQuery(printerId ?? ""), enabled: !!printerId });

  // ---- analysis: the server's once it arrives, the browser's until then
  const server: UploadRecord | null = upload.file ? upload.server : (draftUpload.data ?? null);
  const serverGeometry = server?.status === "analyzed" ? (server.analysis?.geometry ?? null) : null;
  const geometry = serverGeometry ?? (upload.file ? upload.localGeometry : null);
  const source: AnalysisSource = serverGeometry ? "server" : geometry ? "browser" : null;
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
  // The server could not analyse the file: it is saved with a size-based estimate (spec 1 §8), but an
  // order is refused (design_not_analysed: the owner would get a file nobody can read), so it is not offered.
  // (a saved project's own flag is any part's; the first file is judged by its own)
  const savedFirstUnread = draft.data ? (draft.data.parts[0]?.estimatedFromSize ?? draft.data.estimatedFromSize) : false;
  const firstOrderable = !serverFailed && !(editingDraft && !upload.file && savedFirstUnread);
  // A part the server could not analyse (or whose file was refused) is refused by submit-order as well
  // (design_not_analysed), so the project is saved among the saved prints, as one design is.
  const unreadable = parts.extras.findIndex((x) => x.saved?.estimatedFromSize || parts.states[x.key]?.failed);
  // A measured design of no volume (a flat surface) is refused by submit-order too (design_has_no_volume).
  const noVolume = source === "server" && !!analysis && !(analysis.estimatedWeight > 0);
  const orderable = firstOrderable && !noVolume && unreadable < 0;
  const unreadablePart = parts.extras[unreadable];
  const notOrderable = !firstOrderable
    ? NOT_ORDERABLE
    : noVolume
      ? ERRORS.design_has_no_volume.message({ name: upload.file?.name ?? draft.data?.parts[0]?.fileName ?? "This design" })
      : unreadablePart
        ? `We could not analyse part ${unreadable + 2} (${unreadablePart.saved?.fileName ?? unreadablePart.file?.name}), so this print can be saved but not ordered. Please upload a repaired file or remove the part.`
        : null;
  const file = {
    bytes: upload.file?.size ?? draft.data?.fileSize ?? 0,
    format: (upload.file ? formatOf(upload.file.name) : draft.data?.fileFormat) ?? "stl",
  };
  // What the design weighs and takes at these settings, as the server measures it (core's
  // measureAtSettings): from the analysis, or the spec's size-based estimate when it failed.
  const measured: DesignMeasurements | null =
    analysis && geometry
      ? measureAtSettings(geometry, settings, file)
      : basicEstimate || (editingDraft && draft.data?.estimatedFromSize)
        ? measureAtSettings(null, settings, file)
        : null;
  const weight = measured?.estimatedWeight ?? null;
  const colors = measured?.numberOfColors ?? 1;
  // The one quote (core/shared/quote.ts): what the server charges for this design on this printer.
  // Only once the chosen printer (its price per gram) and the draft's own settings are in: until then
  // the quote would be the material's list price or the form's defaults, a total no other page shows.
  const quoteReady = (!printerId || !printer.isPending) && (!draftId || appliedDraft === draftId);
  const firstName = upload.file?.name ?? draft.data?.parts[0]?.fileName ?? "design";
  const firstThumbnail = (upload.file ? upload.server?.thumbnailUrl : draft.data?.parts[0]?.thumbnailUrl) ?? null;
  // A project (several parts, or copies) is priced with core's one project quote, a line per part;
  // one design of one copy with quoteDesign, as the spec's page always was.
  const project =
    measured && quoteReady && pageIsProject(parts)
      ? pageProjectQuote(parts, { measured, fileName: firstName, thumbnailUrl: firstThumbnail }, settings, printer.data)
      : null;
  const price =
    measured && quoteReady
      ? pageIsProject(parts)
        ? (project?.quote.pricing ?? null)
        : quoteDesign(measured, settings, printer.data)
      : null;
  const priceRange = measured && price && !pageIsProject(parts) ? quotePriceRange(measured, settings, printer.data) : null;
  // Whether any printer can take the design at its size (only a definite "none" is told).
  const box = analysis?.boundingBox ?? { x: 0, y: 0, z: 0 };
  const anyFits = useQuery({ ...anyPrinterFitsQuery(box), enabled: !!analysis });
  // And of every other part of a project at its own scale: one printer makes them all (issue 22).
  const partSizes = extraPartSizes(parts, settings).filter((p) => p.box !== null);
  const partFits = useQueries({ queries: partSizes.map((p) => anyPrinterFitsQuery(p.box!)) });
  const partChecks = partSizeChecks(
    partSizes.map((p, i) => ({ number: p.number, fileName: p.fileName, box: p.box!, fitsNoPrinter: partFits[i]?.data === false })),
    printer.data ?? null,
  );
  const checks: DesignCheck[] = [...(analysis ? designChecks(analysis, printer.data ?? null, anyFits.data === false) : []), ...partChecks];

  // "File Analyzed Successfully" when the server's analysis arrives for a new file
  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (upload.file && server?.status === "analyzed" && analysis && announced.current !== server.id) {
      announced.current = server.id;
      toast({
        title: "File Analyzed Successfully",
        description: `Estimated ${formatGrams(analysis.estimatedWeight)} of filament and ${minutesInWords(analysis.estimatedTimeMinutes)} of printing.`,
      });
    }
  }, [upload.file, server, analysis, toast]);

  const hasFile = (!!upload.file && upload.phase !== "error") || (!!draft.data && !upload.file);

  /** The draft as saved: the server's upload id (after its analysis) and the chosen settings. */
  async function draftPayload(): Promise<DraftBody> {
    const rec = upload.file ? await upload.waitForServer() : null;
    const projectParts = await partsPayload(parts, settings, rec?.id ?? draft.data?.uploadId ?? "", draft.data);
    return {
      ...(rec ? { uploadId: rec.id } : {}),
      ...(projectParts ? { parts: projectParts } : {}),
      material: settings.material,
      filamentColor: settings.filamentColor,
      deliveryMethod: settings.deliveryMethod,
      specialInstructions: settings.specialInstructions,
      printSettings: {
        quality: settings.quality,
        infill: settings.infill,
        supports: settings.supports,
        numberOfColors: colors,
        printTimeMinutes: measured?.printTimeMinutes ?? DEFAULT_SETTINGS.printTimeMinutes,
        scale: settings.scale,
      },
      estimatedWeight: weight ?? 0,
      totalCost: price ? centsToDecimal(price.totalCents) : "0.00",
      ...(printerId ? { printerId } : {}),
      status: "draft",
    };
  }

  function save(kind: "save" | "submit") {
    if (!hasFile) {
      toast({
        title: "File Required",
        description: kind === "save" ? "Please select a 3D file to upload to save as draft." : "Please select a 3D file to upload.",
        variant: "destructive",
      });
      return;
    }
    if (parts.partsError) {
      toast({ title: "Check the Parts", description: parts.partsError, variant: "destructive" });
      return;
    }
    setPending(kind);
    saveDraft.mutate(
      { draftId: draft.data?.id ?? null, payload: draftPayload },
      {
        // After saving (spec 1 §2): to the submit screen when a printer is chosen, else to the printer
        // choice; a design that cannot be ordered is kept among the saved prints.
        onSuccess: (id) =>
          void (!orderable
            ? navigate({ to: "/saved-prints" })
            : printerId
              ? navigate({ to: "/submit-print", search: { printerId, draftId: id } })
              : navigate({ to: "/choose-printer", search: { draftId: id } })),
        onSettled: () => setPending(null),
      },
    );
  }

  /** Find Compatible Printers: the design saved (upload-design), then /printers with its real needs. */
  function findPrinters() {
    if (!analysis || !server || source !== "server") return;
    const needs = {
      material: settings.material,
      color: settings.filamentColor,
      weight: Math.max(1, Math.round(analysis.estimatedWeight)),
      ...sizeNeeds(analysis.boundingBox),
    };
    uploadDesign.mutate(
      { draftId: draft.data?.id ?? null, payload: draftPayload },
      { onSuccess: (jobId) => void navigate({ to: "/printers", search: { ...needs, jobId } }) },
    );
  }

  function pickFiles(files: File[]) {
    const [first, ...rest] = files;
    const hasFirst = hasFile;
    if (!hasFirst && first) upload.pick(first);
    // A file of another type or over 50 MB is not made a part (it could be neither priced nor saved):
    // refused with the spec's sentence, naming it, as the first file is refused in the drop zone.
    const others = hasFirst ? files : rest;
    const refused = others.filter((f) => uploadProblem(f.name, f.size));
    if (refused.length)
      toast({
        title: "Part Not Added",
        description: refused.map((f) => `${f.name}: ${uploadProblem(f.name, f.size)}`).join(" "),
        variant: "destructive",
      });
    const left = parts.addFiles(
      others.filter((f) => !uploadProblem(f.name, f.size)),
      true,
    );
    if (left) toast({ title: "Too Many Parts", description: `A project can have at most ${MAX_PARTS} parts.`, variant: "destructive" });
  }

  return {
    settings,
    set,
    upload,
    parts,
    lines: project?.lines ?? null,
    pickFiles,
    firstThumbnail,
    draft: draft.data,
    draftLoading: !!draftId && draft.isPending,
    editingDraft,
    replaceDraftFile: () => setReplacing(true),
    printerId,
    printer: printer.data,
    analysis,
    source,
    basicEstimate,
    serverError: serverFailed ? (server?.error?.message ?? null) : null,
    weight,
    colors,
    price,
    priceRange,
    checks,
    hasFile,
    waitingForAnalysis: hasFile && !analysis && !basicEstimate,
    orderable,
    firstOrderable,
    notOrderable,
    pending,
    save,
    findPrinters,
  };
}

/** Why a design the server could not read is saved but not ordered. */
const NOT_ORDERABLE = "We could not analyse this design, so it can be saved but not ordered. Please upload a repaired file.";

/** "1 minute", "95 minutes". */
const minutesInWords = (minutes: number) => {
  const m = Math.round(minutes);
  return `${m} minute${m === 1 ? "" : "s"}`;
};
