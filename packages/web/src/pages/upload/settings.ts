import { DEFAULT_SETTINGS } from "@printhood/core/shared/options";
import type { DeliveryMethod } from "../../api/schemas";

/** The upload page's print settings (spec 1 §2 Print Settings, §3 Upload form state). */
export interface Settings {
  material: string;
  filamentColor: string;
  quality: number;
  infill: number;
  supports: "auto" | "yes" | "no";
  deliveryMethod: DeliveryMethod;
  specialInstructions: string;
  scale: number;
}

export type SetSetting = <K extends keyof Settings>(key: K, value: Settings[K]) => void;

export const initialSettings: Settings = {
  material: DEFAULT_SETTINGS.material,
  filamentColor: DEFAULT_SETTINGS.filamentColor,
  quality: DEFAULT_SETTINGS.quality,
  infill: DEFAULT_SETTINGS.infill,
  supports: DEFAULT_SETTINGS.supports,
  deliveryMethod: DEFAULT_SETTINGS.deliveryMethod,
  specialInstructions: "",
  scale: 1,
};

/** File sizes in MB (2 decimals on this page, spec 1 §9). */
export const mb = (bytes: number, digits = 2) => `${(bytes / 1048576).toFixed(digits)} MB`;
