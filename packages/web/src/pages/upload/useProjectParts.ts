import type { DesignGeometry } from "@printhood/core/analysis/index";
import { quantityProblem, scalePercentProblem } from "@printhood/core/shared/parts";
import { MAX_PARTS } from "@printhood/core/shared/sizes";
import { useCallback, useRef, useState } from "react";
import type { Job, UploadRecord } from "../../api/types";

/**
 * The upload page's parts beyond the first (issue 22 point 1): files picked or dropped together
 * (each uploaded and analysed on its own, ExtraPartRow), the saved print's other parts when one is
 * edited, and every part's Quantity as typed. The first part is the page's own upload, as before.
 */

/**
 * A part's own choices as the form holds them: "" is "Same as part 1" (a new part's material,
 * colour, layer height, infill and supports start so); scale is a percent of the file's size.
 */
export interface PartChoiceFields {
  material: string;
  filamentColor: string;
  quality: string;
  infill: string;
  supports: string;
  scalePercent: string;
}
export type PartChoiceField = keyof PartChoiceFields;

/**
 * A part after the first: a new file, or a part the saved print already has (its choices start as
 * saved; a saved part's material stays as it was measured).
 */
export type ExtraPart = { key: string; quantity: string } & PartChoiceFields &
  ({ file: File; saved?: undefined } | { saved: Job["parts"][number]; file?: undefined });

/** What a new file's row reports of its upload (useDesignUpload lives in the row). */
export interface PartUploadState {
  server: UploadRecord | null;
  localGeometry: DesignGeometry | null;
  failed: boolean;
  waitForServer(): Promise<UploadRecord>;
  /** The browser's triangles of a new part, for the 3D preview (null for a saved part). */
  positions?: Float32Array | null;
}

export interface ProjectParts {
  firstQuantity: string;
  setFirstQuantity(q: string): void;
  extras: ExtraPart[];
  /** Adds new files as parts; answers the files left out past MAX_PARTS (counting the first part). */
  addFiles(files: readonly File[], hasFirst: boolean): number;
  remove(key: string): void;
  setQuantity(key: string, q: string): void;
  setChoice(key: string, field: PartChoiceField, value: string): void;
  /** The saved print's parts after the first, as rows (on loading it). */
  loadSaved(parts: Job["parts"]): void;
  report(key: string, state: PartUploadState): void;
  states: Record<string, PartUploadState>;
  /** The part shown in the 3D preview (its key), or null for part 1. */
  previewKey: string | null;
  setPreviewKey(key: string | null): void;
  /** The first problem with a part's Quantity or Scale, in core's sentence; null when every part can be ordered. */
  partsError: string | null;
}

/** A new part: everything as part 1, at its file's own size (part 1's scale may be its own unit fix). */
const NEW_PART_CHOICES: PartChoiceFields = { material: "", filamentColor: "", quality: "", infill: "", supports: "", scalePercent: "100" };

/** A scale factor as the form's percent (1 → "100", 0.254 → "25.4"). */
export const percentOf = (scale: number) => String(Number((scale * 100).toFixed(4)));

let nextKey = 0;
const newKey = () => `part-${++nextKey}`;
const numberOf = (q: string) => (q.trim() === "" ? Number.NaN : Number(q));
const quantityOf = numberOf;

export function useProjectParts(): ProjectParts {
  const [firstQuantity, setFirstQuantity] = useState("1");
  const [extras, setExtras] = useState<ExtraPart[]>([]);
  const [states, setStates] = useState<Record<string, PartUploadState>>({});
  const [previewKey, setPreviewKey] = useState<string | null>(null);
  const count = useRef(0);
  count.current = extras.length;

  const addFiles = useCallback((files: readonly File[], hasFirst: boolean) => {
    const room = Math.max(0, MAX_PARTS - (hasFirst ? 1 : 0) - count.current);
    const taken = files.slice(0, room);
    setExtras((xs) => [...xs, ...taken.map((file) => ({ key: newKey(), quantity: "1", ...NEW_PART_CHOICES, file }))]);
    return files.length - taken.length;
  }, []);
  const remove = useCallback((key: string) => {
    setExtras((xs) => xs.filter((x) => x.key !== key));
    setPreviewKey((k) => (k === key ? null : k));
  }, []);
  const setQuantity = useCallback(
    (key: string, q: string) => setExtras((xs) => xs.map((x) => (x.key === key ? { ...x, quantity: q } : x))),
    [],
  );
  const setChoice = useCallback(
    (key: string, field: PartChoiceField, value: string) =>
      setExtras((xs) => xs.map((x) => (x.key === key ? { ...x, [field]: value } : x))),
    [],
  );
  const loadSaved = useCallback((parts: Job["parts"]) => {
    setFirstQuantity(String(parts[0]?.quantity ?? 1));
    setExtras(
      parts.slice(1).map((saved) => ({
        key: newKey(),
        quantity: String(saved.quantity),
        material: saved.material,
        filamentColor: saved.filamentColor,
        quality: String(saved.printSettings.quality),
        infill: String(saved.printSettings.infill),
        supports: saved.printSettings.supports,
        scalePercent: percentOf(saved.printSettings.scale),
        saved,
      })),
    );
  }, []);
  const report = useCallback((key: string, state: PartUploadState) => setStates((s) => ({ ...s, [key]: state })), []);

  const partsError =
    [
      ...[firstQuantity, ...extras.map((x) => x.quantity)].map((q) => quantityProblem(quantityOf(q))),
      ...extras.map((x) => scalePercentProblem(numberOf(x.scalePercent))),
    ].find(Boolean) ?? null;
  return {
    firstQuantity,
    setFirstQuantity,
    extras,
    addFiles,
    remove,
    setQuantity,
    setChoice,
    loadSaved,
    report,
    states,
    previewKey,
    setPreviewKey,
    partsError,
  };
}

/** A typed quantity as a number (1 while it cannot be ordered, so the price stays readable). */
export const copiesOf = (q: string) => (quantityProblem(quantityOf(q)) ? 1 : quantityOf(q));

/** A typed scale percent as a factor (1 while it cannot be printed, so the price stays readable). */
export const scaleOf = (percent: string) => (scalePercentProblem(numberOf(percent)) ? 1 : numberOf(percent) / 100);
