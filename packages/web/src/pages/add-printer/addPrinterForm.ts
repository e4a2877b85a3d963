import { CUSTOM_MODEL, MODEL_PRESETS } from "@printhood/core/shared/printer-models";
import type { CreatePrinterBody } from "../../api/types";

/** The add-printer form as typed (spec 2 §2, §5): text fields stay text until they are sent. */
export interface FormState {
  name: string;
  preset: string;
  customModel: string;
  description: string;
  location: string;
  buildVolumeX: string;
  buildVolumeY: string;
  buildVolumeZ: string;
  materials: string[];
  pricePerGram: string;
}

export type FieldName = "name" | "model" | "location" | "buildVolumeX" | "buildVolumeY" | "buildVolumeZ" | "materials" | "pricePerGram";
export type Errors = Partial<Record<FieldName, string>>;

export const EMPTY: FormState = {
  name: "",
  preset: "",
  customModel: "",
  description: "",
  location: "",
  buildVolumeX: "",
  buildVolumeY: "",
  buildVolumeZ: "",
  materials: [],
  pricePerGram: "",
};

/** The element a field's message sends the focus to. */
export const fieldElementId = (field: FieldName) =>
  field === "model" ? "printer-model" : field === "materials" ? "materials-legend" : `printer-${field}`;

/** A price per gram as typed in the form: as precise as it is (0.12, 0.025), at most 4 decimals. */
const priceText = (price: number) => price.toFixed(4).replace(/0{1,2}$/, "");

/** The spec's messages (spec 2 §5, add-printer screen), in its order. */
export function validateAddPrinter(f: FormState): Errors {
  const errors: Errors = {};
  const model = f.preset === CUSTOM_MODEL ? f.customModel.trim() : f.preset;
  const atLeastOne = (v: string) => Number.isFinite(Number(v)) && v.trim() !== "" && Number(v) >= 1;
  if (!f.name.trim()) errors.name = "Printer name is required";
  if (!model) errors.model = "Printer model is required";
  if (!f.location.trim()) errors.location = "Location is required";
  if (!atLeastOne(f.buildVolumeX)) errors.buildVolumeX = "Build volume X is required";
  if (!atLeastOne(f.buildVolumeY)) errors.buildVolumeY = "Build volume Y is required";
  if (!atLeastOne(f.buildVolumeZ)) errors.buildVolumeZ = "Build volume Z is required";
  if (f.materials.length === 0) errors.materials = "At least one material is required";
  if (f.pricePerGram.trim() === "" || !Number.isFinite(Number(f.pricePerGram))) errors.pricePerGram = "Price per gram is required";
  return errors;
}

/**
 * The form after choosing a model preset: its build volume, materials and price. Custom/Other
 * clears the previous preset's build volume (the owner types their own).
 */
export function withPreset(f: FormState, name: string): FormState {
  const p = MODEL_PRESETS.find((m) => m.name === name);
  if (!p) return { ...f, preset: "" };
  const custom = p.name === CUSTOM_MODEL;
  return {
    ...f,
    preset: p.name,
    buildVolumeX: custom ? "" : String(p.buildVolumeX),
    buildVolumeY: custom ? "" : String(p.buildVolumeY),
    buildVolumeZ: custom ? "" : String(p.buildVolumeZ),
    materials: [...p.materials],
    pricePerGram: priceText(p.pricePerGram),
  };
}

/** What POST /api/printers receives for a valid form. */
export function createPayload(f: FormState, ownerId: string): CreatePrinterBody {
  return {
    ownerId,
    name: f.name.trim(),
    model: f.preset === CUSTOM_MODEL ? f.customModel.trim() : f.preset,
    ...(f.description.trim() ? { description: f.description.trim() } : {}),
    location: f.location.trim(),
    buildVolumeX: Number(f.buildVolumeX),
    buildVolumeY: Number(f.buildVolumeY),
    buildVolumeZ: Number(f.buildVolumeZ),
    materials: f.materials,
    pricePerGram: Number(f.pricePerGram),
    isAvailable: true,
  };
}
